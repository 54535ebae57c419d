import { Col, Row } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DictEntry } from '../../../api/dict.ts';
import { ChartCard } from '../../../components/charts/ChartCard.tsx';
import { useDictionary } from '../../../crud/useDictionary.ts';
import { type DashboardData, type DashboardRow, linkOf, parts, useDashboard } from './data.ts';

type T = TFunction<'dashboard'>;

const tooltip = { trigger: 'axis' } as const;
const grid = { left: 48, right: 24, top: 40, bottom: 32, containLabel: true };

/** A bar or line option over categories, one series per [key, name]. */
function categories(rows: DashboardRow[], x: string, series: [key: string, name: string, extra?: object][]) {
  return {
    tooltip,
    grid,
    legend: { top: 0 },
    xAxis: { type: 'category', data: rows.map((r) => r[x]) },
    yAxis: { type: 'value' },
    series: series.map(([key, name, extra]) => ({ type: 'bar', name, data: rows.map((r) => r[key]), ...extra })),
  };
}

/** The table its export writes: a header of names, then the rows' values of the same keys. */
const tableOf = (rows: DashboardRow[], columns: [key: string, name: string][]) => [
  columns.map(([, name]) => name),
  ...rows.map((r) => columns.map(([key]) => r[key])),
];

const allZero = (rows: DashboardRow[], keys: string[]) => rows.every((r) => keys.every((k) => !r[k]));

function occupancy(t: T) {
  return ({ rows }: DashboardData) => {
    const named = rows.map((r) => ({
      ...r,
      name: `${r.building} ${r.floor}`,
      vacant: Number(r.total) - Number(r.rented),
    }));
    return {
      option: categories(named, 'name', [
        ['rented', t('occupancy.rented'), { stack: 'units' }],
        ['vacant', t('occupancy.vacant'), { stack: 'units' }],
      ]),
      table: tableOf(rows, [
        ['building', t('occupancy.building')],
        ['floor', t('occupancy.floor')],
        ['total', t('occupancy.total')],
        ['rented', t('occupancy.rented')],
      ]),
      empty: rows.length === 0,
    };
  };
}

function rent(t: T) {
  return ({ rows }: DashboardData) => ({
    option: categories(rows, 'month', [
      ['due', t('rent.due')],
      ['collected', t('rent.collected')],
    ]),
    table: tableOf(rows, [
      ['month', t('rent.month')],
      ['due', t('rent.due')],
      ['collected', t('rent.collected')],
    ]),
    empty: allZero(rows, ['due', 'collected']),
  });
}

/** A dictionary key's label, the key itself while the dictionary loads. */
const labelOf = (entries: DictEntry[] | undefined, key: unknown) =>
  entries?.find((e) => e.dictKey === String(key))?.dictValue ?? String(key);

function repairStatus(t: T, statuses: DictEntry[] | undefined) {
  return ({ rows }: DashboardData) => {
    const named = rows.filter((r) => r.byType === 0).map((r) => ({ ...r, name: labelOf(statuses, r.status) }));
    return {
      option: categories(named, 'name', [['count', t('repairStatus.count')]]),
      table: tableOf(named, [
        ['name', t('repairStatus.status')],
        ['count', t('repairStatus.count')],
      ]),
      empty: named.length === 0,
    };
  };
}

function repairType(t: T, types: DictEntry[] | undefined) {
  return ({ rows }: DashboardData) => {
    const named = rows.filter((r) => r.byType === 1).map((r) => ({ ...r, name: labelOf(types, r.faultType) }));
    const option = categories(named, 'name', [
      ['count', t('repairType.count')],
      ['closeHours', t('repairType.closeHours'), { type: 'line', yAxisIndex: 1 }],
    ]);
    return {
      option: { ...option, yAxis: [{ type: 'value' }, { type: 'value' }] },
      table: tableOf(named, [
        ['name', t('repairType.type')],
        ['count', t('repairType.count')],
        ['closeHours', t('repairType.closeHours')],
      ]),
      empty: named.length === 0,
    };
  };
}

function meals(t: T) {
  return ({ rows }: DashboardData) => ({
    option: categories(rows, 'day', [['count', t('meals.count'), { type: 'line', smooth: true }]]),
    table: tableOf(rows, [
      ['day', t('meals.day')],
      ['count', t('meals.count')],
    ]),
    empty: allZero(rows, ['count']),
  });
}

const REPORT_KEYS = ['onTime', 'late', 'overdue', 'pending'] as const;

function reports(t: T) {
  return ({ rows }: DashboardData) => ({
    option: categories(
      rows,
      'month',
      REPORT_KEYS.map((k): [string, string, object] => [k, t(`reports.${k}`), { stack: 'reports' }]),
    ),
    table: tableOf(rows, [
      ['month', t('reports.month')],
      ...REPORT_KEYS.map((k): [string, string] => [k, t(`reports.${k}`)]),
    ]),
    empty: allZero(rows, [...REPORT_KEYS]),
  });
}

function spaces(t: T) {
  return ({ rows }: DashboardData) => ({
    option: categories(rows, 'space', [
      ['count', t('spaces.count')],
      ['hours', t('spaces.hours')],
    ]),
    table: tableOf(rows, [
      ['space', t('spaces.space')],
      ['count', t('spaces.count')],
      ['hours', t('spaces.hours')],
    ]),
    empty: rows.length === 0,
  });
}

/**
 * /wel/dashboard (控制台): the park operator's charts, each counted by the server from the module's rows
 * (blade-desk/dashboard/<chart>), each saved as an image, its data exported, and its list a click away.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const statuses = useDictionary('property_repair_status').data;
  const types = useDictionary('property_fault_type').data;
  const repairs = useDashboard('repairs');
  const cards = [
    { key: 'occupancy', title: t('occupancy.title'), query: useDashboard('occupancy'), content: occupancy(t) },
    { key: 'rent', title: t('rent.title'), query: useDashboard('rent'), content: rent(t) },
    { key: 'repairStatus', title: t('repairStatus.title'), query: repairs, content: repairStatus(t, statuses) },
    { key: 'repairType', title: t('repairType.title'), query: repairs, content: repairType(t, types) },
    { key: 'meals', title: t('meals.title'), query: useDashboard('meals'), content: meals(t) },
    { key: 'reports', title: t('reports.title'), query: useDashboard('reports'), content: reports(t) },
    { key: 'spaces', title: t('spaces.title'), query: useDashboard('spaces'), content: spaces(t) },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map(({ key, ...card }) => (
        <Col key={key} xs={24} xl={12}>
          <ChartCard {...card} extensions={parts} link={linkOf} />
        </Col>
      ))}
    </Row>
  );
}
