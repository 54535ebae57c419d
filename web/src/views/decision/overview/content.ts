import type { TFunction } from 'i18next';
import type { CardContent } from '../../../components/charts/ChartCard.tsx';
import { formatMoneyUnit } from '../../../utils/format.ts';
import type { OverviewTag, Production, Radar, RadarKey, YearRow } from './data.ts';

/**
 * What each chart card of 企业概览 draws and exports, from the server's answers as they are: pure functions of
 * the answer and the texts, so the figures a card shows and the ones its CSV holds are the same by construction.
 */
export type T = TFunction<'decision', 'overview'>;

/** Yuan in 万元, to the cent of a 万元 as the axis shows it; null (no figure) stays null. */
export function toWan(yuan: number | null | undefined): number | null {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan)) return null;
  return Math.round(yuan / 100) / 100;
}

const UNIT_KEYS = { 万元: 'wan', 亿元: 'yi', 亿万: 'yiWan' } as const;

/** Yuan as text in the unit that keeps it short (spec part 9: 万元, 亿元, then 亿万), the unit in the language. */
export function moneyText(t: T, yuan: number | null | undefined): string {
  const { value, unit } = formatMoneyUnit(toWan(yuan));
  return unit ? `${value} ${t(`units.${UNIT_KEYS[unit]}`)}` : value;
}

/** A count's average to two decimals. */
const round2 = (n: number) => Math.round(n * 100) / 100;

const grid = { left: 16, right: 24, top: 40, bottom: 16, containLabel: true };

/** The header of a column with its unit. */
const inUnit = (t: T, name: string, unit: string) => t('inUnit', { name, unit });

export const ECONOMY = ['revenue', 'taxAmount', 'outputValue', 'rdInvestment'] as const;

/** Revenue, tax, output and R&D per year, in 万元: the years that have an economic row. */
export function economy(t: T) {
  return ({ years }: Production): CardContent => {
    const rows = years.filter((r) => ECONOMY.some((k) => r[k] !== null));
    const wan = t('units.wan');
    return {
      option: {
        tooltip: { trigger: 'axis' },
        grid,
        legend: { top: 0 },
        xAxis: { type: 'category', data: rows.map((r) => String(r.year)) },
        yAxis: { type: 'value', name: wan },
        series: ECONOMY.map((k) => ({
          type: 'bar',
          name: t(`economy.${k}`),
          data: rows.map((r) => toWan(r[k])),
          barMaxWidth: 48,
        })),
      },
      table: [
        [t('economy.year'), ...ECONOMY.map((k) => inUnit(t, t(`economy.${k}`), wan))],
        ...rows.map((r) => [r.year, ...ECONOMY.map((k) => toWan(r[k]))]),
      ],
      empty: rows.length === 0,
    };
  };
}

/** The employees its economic rows report, per year. */
export function staff(t: T) {
  return ({ years }: Production): CardContent => {
    const rows = years.filter((r): r is YearRow & { employeeCount: number } => r.employeeCount !== null);
    return {
      option: {
        tooltip: { trigger: 'axis' },
        grid,
        xAxis: { type: 'category', data: rows.map((r) => String(r.year)) },
        yAxis: { type: 'value', name: t('units.people'), minInterval: 1 },
        series: [
          { type: 'bar', name: t('staff.employeeCount'), data: rows.map((r) => r.employeeCount), barMaxWidth: 48 },
        ],
      },
      table: [
        [t('staff.year'), inUnit(t, t('staff.employeeCount'), t('units.people'))],
        ...rows.map((r) => [r.year, r.employeeCount]),
      ],
      empty: rows.length === 0,
    };
  };
}

const counted = (tags: OverviewTag[], kinds: OverviewTag['kind'][]) =>
  tags.filter((tag) => kinds.includes(tag.kind) && (tag.count ?? 0) > 0);

/** Its intellectual property in force, per patent type. */
export function intellectualProperty(t: T) {
  return (tags: OverviewTag[]): CardContent => {
    const rows = counted(tags, ['patent']);
    return {
      option: {
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        legend: { top: 0, type: 'scroll' },
        series: [
          {
            type: 'pie',
            name: t('ip.title'),
            radius: ['35%', '65%'],
            center: ['50%', '58%'],
            data: rows.map((r) => ({ name: r.label, value: r.count })),
          },
        ],
      },
      table: [[t('ip.type'), t('ip.count')], ...rows.map((r) => [r.label, r.count ?? 0])],
      empty: rows.length === 0,
    };
  };
}

/** Its qualifications and certificates, per type: one bar a type, coloured by kind. */
export function certificates(t: T) {
  return (tags: OverviewTag[]): CardContent => {
    const rows = counted(tags, ['qualification', 'certificate']);
    const kinds = ['qualification', 'certificate'] as const;
    return {
      option: {
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        grid,
        legend: { top: 0 },
        // The first type on top, as the tags read.
        yAxis: { type: 'category', data: rows.map((r) => r.label), inverse: true },
        xAxis: { type: 'value', minInterval: 1 },
        series: kinds.map((kind) => ({
          type: 'bar',
          name: t(`certificates.${kind}`),
          stack: 'types',
          data: rows.map((r) => (r.kind === kind ? r.count : null)),
        })),
      },
      table: [
        [t('certificates.kind'), t('certificates.type'), t('certificates.count')],
        ...rows.map((r) => [t(`certificates.${r.kind as (typeof kinds)[number]}`), r.label, r.count ?? 0]),
      ],
      empty: rows.length === 0,
    };
  };
}

/** Its products' output value (万元) and number per production year. */
export function production(t: T) {
  return ({ years }: Production): CardContent => {
    const rows = years.filter((r) => r.products > 0 || r.productOutputValue !== null);
    const wan = t('units.wan');
    return {
      option: {
        tooltip: { trigger: 'axis' },
        grid,
        legend: { top: 0 },
        xAxis: { type: 'category', data: rows.map((r) => String(r.year)) },
        yAxis: [
          { type: 'value', name: wan },
          { type: 'value', name: t('units.items'), minInterval: 1, splitLine: { show: false } },
        ],
        series: [
          {
            type: 'bar',
            name: t('production.productOutputValue'),
            data: rows.map((r) => toWan(r.productOutputValue)),
            barMaxWidth: 48,
          },
          { type: 'line', name: t('production.products'), yAxisIndex: 1, data: rows.map((r) => r.products) },
        ],
      },
      table: [
        [t('production.year'), t('production.products'), inUnit(t, t('production.productOutputValue'), wan)],
        ...rows.map((r) => [r.year, r.products, toWan(r.productOutputValue)]),
      ],
      empty: rows.length === 0,
    };
  };
}

/** The radar's money axes: shown in 万元; the others are counts. */
const MONEY_AXES: RadarKey[] = ['revenue', 'taxAmount', 'rdInvestment'];
const UNIT_OF: Record<RadarKey, 'wan' | 'people' | 'items'> = {
  revenue: 'wan',
  taxAmount: 'wan',
  rdInvestment: 'wan',
  staff: 'people',
  intellectualProperty: 'items',
  certificate: 'items',
};

/** An axis's figure as the table and the tooltip give it: money in 万元, an average count to two decimals. */
export const radarFigure = (key: RadarKey, value: number) => (MONEY_AXES.includes(key) ? toWan(value) : round2(value));

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The enterprise against the park's average on every axis, each drawn as its share of the park's highest figure
 * (the server's score) so that money and counts share one scale; the tooltip and the export give the figures.
 */
export function radar(t: T, enterpriseName: string) {
  return ({ axes }: Radar): CardContent => {
    const name = (key: RadarKey) => t(`radar.axes.${key}`);
    const withUnit = (key: RadarKey) => inUnit(t, name(key), t(`units.${UNIT_OF[key]}`));
    const shown = (key: RadarKey, value: number) =>
      MONEY_AXES.includes(key) ? moneyText(t, value) : `${round2(value)} ${t(`units.${UNIT_OF[key]}`)}`;
    // The enterprise filled, the average a dashed outline: where they are equal the one still shows over the other.
    const series = [
      {
        name: enterpriseName,
        figure: (a: (typeof axes)[number]) => a.value,
        score: 'score' as const,
        style: { areaStyle: { opacity: 0.25 } },
      },
      {
        name: t('radar.average'),
        figure: (a: (typeof axes)[number]) => a.average,
        score: 'averageScore' as const,
        style: { lineStyle: { type: 'dashed', width: 2 } },
      },
    ];
    return {
      option: {
        legend: { top: 0 },
        tooltip: {
          trigger: 'item',
          formatter: (p: { dataIndex: number }) => {
            const s = series[p.dataIndex];
            if (!s) return '';
            const lines = axes.map((a) => `${escapeHtml(name(a.key))}: ${escapeHtml(shown(a.key, s.figure(a)))}`);
            return [`<b>${escapeHtml(s.name)}</b>`, ...lines].join('<br/>');
          },
        },
        radar: { indicator: axes.map((a) => ({ name: name(a.key), max: 100 })), radius: '62%', center: ['50%', '56%'] },
        series: [
          {
            type: 'radar',
            name: t('radar.title'),
            data: series.map((s) => ({ name: s.name, value: axes.map((a) => a[s.score]), ...s.style })),
          },
        ],
      },
      table: [
        [
          t('radar.axis'),
          t('radar.own'),
          t('radar.average'),
          t('radar.max'),
          t('radar.score'),
          t('radar.averageScore'),
        ],
        ...axes.map((a) => [
          withUnit(a.key),
          radarFigure(a.key, a.value),
          radarFigure(a.key, a.average),
          radarFigure(a.key, a.max),
          a.score,
          a.averageScore,
        ]),
      ],
      // A park with none of any figure has nothing to set against.
      empty: axes.every((a) => a.max === 0),
    };
  };
}
