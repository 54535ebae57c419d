import {
  COCKPIT_WIDGETS,
  type CockpitItem,
  RANK_CATEGORIES,
  type RankCategory,
  TREND_METRICS,
  type TrendMetric,
} from '@park/catalog';
import type { TFunction } from 'i18next';
import type { Query } from '../../../api/http.ts';
import type { ChartExtensions } from '../../../components/Chart.tsx';
import type { CardContent } from '../../../components/charts/ChartCard.tsx';
import type { Lang } from '../../../i18n/index.ts';
import { formatMoneyUnit } from '../../../utils/format.ts';
import { inUnit, MONEY_KEY, moneyScale } from './money.ts';

/**
 * The decision widgets (catalog COCKPIT_WIDGETS), one renderer each: the call a widget's settings make, and the
 * chart, exported table and emptiness of its answer. 驾驶舱's panels and the 排行榜, 趋势分析 and 决策分析 cards all
 * draw through these (./WidgetCard.tsx), so each chart exists once. Every figure is the server's; the browser only
 * converts yuan to the unit the axis names (spec part 9).
 */

export type WidgetProps = CockpitItem['props'];
type T = TFunction<'decision'>;

export interface WidgetContext {
  t: T;
  /** A key of the widget's dictionary as its label (the key itself while the dictionary loads). */
  label: (key: unknown) => string;
  /** Text colours of the theme, for what ECharts' theme does not colour (the headline figures' texts). */
  colors: { text: string; secondary: string; primary: string };
  /** The panel's width in px where it is known (the cockpit's grid): the headline figures wrap to fit. */
  width?: number;
}

export interface WidgetRenderer {
  /** The call (under /api) and its query for the widget's settings. */
  request(props: WidgetProps): { path: string; query: Query };
  /** The system dictionary whose labels name the answer's keys. */
  dict?: string;
  content(data: unknown, ctx: WidgetContext): CardContent;
}

/** The chart types and components, fetched with the first chart of a decision screen. */
export const parts = async (): Promise<ChartExtensions> => (await import('./chartParts.ts')).parts;

type Cell = string | number | null;

/** The settings the registry names for a widget, as its call's query (a trend's metric goes in the path). */
function queryOf(widget: string, props: WidgetProps): Query {
  const query: Query = {};
  for (const name of Object.keys(COCKPIT_WIDGETS[widget].props)) {
    if (name !== 'metric' && props[name] !== undefined && props[name] !== '') query[name] = props[name];
  }
  return query;
}

export const metricOf = (props: WidgetProps): TrendMetric =>
  TREND_METRICS.includes(props.metric as TrendMetric) ? (props.metric as TrendMetric) : TREND_METRICS[0];
export const categoryOf = (props: WidgetProps): RankCategory =>
  RANK_CATEGORIES.includes(props.category as RankCategory) ? (props.category as RankCategory) : RANK_CATEGORIES[0];

function make<D>(widget: string, content: (data: D, ctx: WidgetContext) => CardContent, dict?: string): WidgetRenderer {
  const api = COCKPIT_WIDGETS[widget].api;
  return {
    request: (props) => ({ path: api.replace('{metric}', metricOf(props)), query: queryOf(widget, props) }),
    dict,
    content: content as WidgetRenderer['content'],
  };
}

/** What a figure counts: money (in yuan) or a number of people, enterprises or items. */
type Measure = 'money' | 'person' | 'enterprise' | 'item';

const CATEGORY_MEASURE: Record<RankCategory, Measure> = {
  revenue: 'money',
  tax: 'money',
  output: 'money',
  rd: 'money',
  staff: 'person',
};
const METRIC_MEASURE: Record<TrendMetric, Measure> = {
  ...CATEGORY_MEASURE,
  enterprise: 'enterprise',
  ip: 'item',
  certificate: 'item',
};

/**
 * How a series of figures is plotted: money in the unit its largest amount reads in (万元, 亿元, 亿万), counts as
 * they are; the axis name carries the unit, the exported column the unit of the raw figure (yuan for money).
 */
function scaleOf(t: T, measure: Measure, name: string, values: (number | null)[]) {
  if (measure !== 'money') {
    const unit = t(`analyse.unit.${measure}`);
    const inName = t('analyse.inUnit', { name, unit });
    // Counts are whole: no axis tick at 0.5 of a person.
    return { plot: (v: number | null) => v, axis: inName, column: inName, unit, minInterval: 1 };
  }
  const { unit, divisor } = moneyScale(values);
  const shown = t(`analyse.money.${MONEY_KEY[unit]}`);
  return {
    plot: (v: number | null) => inUnit(v, divisor),
    axis: t('analyse.inUnit', { name, unit: shown }),
    column: t('analyse.inUnit', { name, unit: t('analyse.unit.yuan') }),
    unit: shown,
    minInterval: 0,
  };
}

const ofYear = (t: T, name: string, year: number | null | undefined) =>
  year === null || year === undefined ? name : t('analyse.ofYear', { name, year });

/** A plotted figure with thousands separators. */
const grouped = (v: unknown) => (v === null || v === undefined ? '--' : Number(v).toLocaleString());

const tooltipOf = (unit: string) => ({
  trigger: 'axis',
  axisPointer: { type: 'shadow' },
  valueFormatter: (v: unknown) => `${grouped(v)} ${unit}`,
});

/** A vertical axis' name runs inward from its axis, so that the grid's edge does not cut it. */
const LEFT_NAME = { align: 'left' };
const RIGHT_NAME = { align: 'right' };

/** A category axis' labels, cut short when long, turned when many. */
const categoryLabels = (count: number) => ({
  interval: 0,
  rotate: count > 6 ? 30 : 0,
  width: 96,
  overflow: 'truncate',
});

// --- ranks -------------------------------------------------------------------------------------------------------

export interface Ranked {
  rank: number;
  enterpriseId: string;
  enterpriseName: string;
  value: number;
}
export interface RankAnswer {
  year: number | null;
  limit: number;
  rows: Ranked[];
  category?: RankCategory;
}

/** The top enterprises as horizontal bars, the first on top; the export lists rank, enterprise and the raw figure. */
function rankContent(t: T, { year, rows }: RankAnswer, measure: Measure, name: string): CardContent {
  const scale = scaleOf(
    t,
    measure,
    name,
    rows.map((r) => r.value),
  );
  return {
    option: {
      tooltip: tooltipOf(scale.unit),
      grid: { left: 8, right: 56, top: 8, bottom: 32, containLabel: true },
      xAxis: {
        type: 'value',
        name: ofYear(t, scale.axis, year),
        nameLocation: 'middle',
        nameGap: 24,
        minInterval: scale.minInterval,
      },
      yAxis: {
        type: 'category',
        inverse: true,
        data: rows.map((r) => r.enterpriseName),
        axisLabel: { width: 140, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          name,
          data: rows.map((r) => scale.plot(r.value)),
          label: { show: true, position: 'right', formatter: ({ value }: { value: unknown }) => grouped(value) },
          barMaxWidth: 28,
        },
      ],
    },
    table: [
      [t('analyse.rank'), t('analyse.enterprise'), scale.column],
      ...rows.map((r): Cell[] => [r.rank, r.enterpriseName, r.value]),
    ],
    empty: rows.length === 0,
  };
}

const rank = (widget: string, measure: Measure, name: (t: T) => string) =>
  make<RankAnswer>(widget, (data, { t }) => rankContent(t, data, measure, name(t)));

// --- trends ------------------------------------------------------------------------------------------------------

export interface TrendAnswer {
  metric: TrendMetric;
  rows: { year: number; value: number; growth: number | null }[];
}

/** A metric's yearly totals as bars with their growth on the year before as a line (in per cent, on its own axis). */
function trendContent(t: T, { metric, rows }: TrendAnswer): CardContent {
  const name = t(`analyse.metric.${metric}`);
  const scale = scaleOf(
    t,
    METRIC_MEASURE[metric],
    name,
    rows.map((r) => r.value),
  );
  const growth = t('analyse.growth');
  const percent = t('analyse.unit.percent');
  return {
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: rows.map((r) => String(r.year)) },
      yAxis: [
        { type: 'value', name: scale.axis, nameTextStyle: LEFT_NAME, minInterval: scale.minInterval },
        {
          type: 'value',
          name: t('analyse.inUnit', { name: growth, unit: percent }),
          nameTextStyle: RIGHT_NAME,
          splitLine: { show: false },
        },
      ],
      series: [
        {
          type: 'bar',
          name,
          data: rows.map((r) => scale.plot(r.value)),
          barMaxWidth: 32,
          tooltip: { valueFormatter: (v: unknown) => `${Number(v).toLocaleString()} ${scale.unit}` },
        },
        {
          type: 'line',
          name: growth,
          yAxisIndex: 1,
          data: rows.map((r) => r.growth),
          tooltip: { valueFormatter: (v: unknown) => (v === null || v === undefined ? '--' : `${v}%`) },
        },
      ],
    },
    table: [
      [t('analyse.year'), scale.column, t('analyse.inUnit', { name: growth, unit: percent })],
      ...rows.map((r): Cell[] => [r.year, r.value, r.growth]),
    ],
    empty: rows.every((r) => !r.value),
  };
}

// --- distributions -----------------------------------------------------------------------------------------------

/** Shares as a ring, each slice named; the export lists each name with its count. */
function pieContent(ctx: WidgetContext, title: string, rows: { name: string; value: number }[]): CardContent {
  const { t, colors } = ctx;
  return {
    option: {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      series: [
        {
          type: 'pie',
          name: title,
          radius: ['36%', '64%'],
          data: rows,
          label: { formatter: '{b}\n{c}', color: colors.text },
          labelLine: { length: 8, length2: 8 },
        },
      ],
    },
    table: [[title, t('analyse.count')], ...rows.map((r): Cell[] => [r.name, r.value])],
    empty: rows.every((r) => !r.value),
  };
}

interface Counted {
  count: number;
}
export interface EnterpriseStatistics {
  byIndustry: (Counted & { industryId: string | null; industryName: string | null })[];
  byScale: (Counted & { scale: number | null })[];
  byStatus: (Counted & { status: number })[];
}
export interface StaffStatistics {
  byIdentity: (Counted & { identityType: number | null })[];
}
export interface IpStatistics {
  byType: (Counted & { patentType: number | null })[];
}

/** A dictionary key's label; `none` for a row without one. */
const keyLabel = (ctx: WidgetContext, key: unknown, none: string) =>
  key === null || key === undefined ? none : ctx.label(key);

// --- analyses ----------------------------------------------------------------------------------------------------

export interface CertificateAnswer {
  year: number | null;
  rows: { certificateType: number | null; count: number; enterprises: number }[];
}
export interface ProductionAnswer {
  year: number | null;
  rows: {
    industryId: string | null;
    industryName: string | null;
    products: number;
    enterprises: number;
    outputValue: number;
  }[];
}

function certificateContent(ctx: WidgetContext, { year, rows }: CertificateAnswer): CardContent {
  const { t } = ctx;
  const named = rows.map((r) => ({ ...r, name: keyLabel(ctx, r.certificateType, t('analyse.unknown')) }));
  const count = t('analyse.certificateCount');
  const enterprises = t('analyse.enterprises');
  return {
    option: {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: named.map((r) => r.name), axisLabel: categoryLabels(named.length) },
      yAxis: {
        type: 'value',
        name: ofYear(t, t('analyse.inUnit', { name: count, unit: t('analyse.unit.item') }), year),
        nameTextStyle: LEFT_NAME,
        minInterval: 1,
      },
      series: [
        { type: 'bar', name: count, data: named.map((r) => r.count), barMaxWidth: 32 },
        { type: 'bar', name: enterprises, data: named.map((r) => r.enterprises), barMaxWidth: 32 },
      ],
    },
    table: [
      [t('analyse.certificateType'), count, enterprises],
      ...named.map((r): Cell[] => [r.name, r.count, r.enterprises]),
    ],
    empty: rows.length === 0,
  };
}

function productionContent({ t }: WidgetContext, { year, rows }: ProductionAnswer): CardContent {
  const named = rows.map((r) => ({ ...r, name: r.industryName ?? t('analyse.noIndustry') }));
  const name = t('analyse.outputValue');
  const scale = scaleOf(
    t,
    'money',
    name,
    rows.map((r) => r.outputValue),
  );
  const enterprises = t('analyse.enterprises');
  return {
    option: {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: named.map((r) => r.name), axisLabel: categoryLabels(named.length) },
      yAxis: [
        { type: 'value', name: ofYear(t, scale.axis, year), nameTextStyle: LEFT_NAME },
        {
          type: 'value',
          name: t('analyse.inUnit', { name: enterprises, unit: t('analyse.unit.enterprise') }),
          nameTextStyle: RIGHT_NAME,
          splitLine: { show: false },
          minInterval: 1,
        },
      ],
      series: [
        {
          type: 'bar',
          name,
          data: named.map((r) => scale.plot(r.outputValue)),
          barMaxWidth: 32,
          tooltip: { valueFormatter: (v: unknown) => `${Number(v).toLocaleString()} ${scale.unit}` },
        },
        { type: 'line', name: enterprises, yAxisIndex: 1, data: named.map((r) => r.enterprises) },
      ],
    },
    table: [
      [t('analyse.industry'), t('analyse.products'), enterprises, scale.column],
      ...named.map((r): Cell[] => [r.name, r.products, r.enterprises, r.outputValue]),
    ],
    empty: rows.length === 0,
  };
}

// --- the headline figures ----------------------------------------------------------------------------------------

export interface TotalAnswer {
  enterprises: number;
  enteredThisYear: number;
  staff: number;
  year: number | null;
  revenue: number;
  tax: number;
  outputValue: number;
  rdInvestment: number;
  ip: number;
  inventions: number;
  certificates: number;
  qualifications: number;
  projects: number;
}

type Figure = keyof Omit<TotalAnswer, 'year'>;
const FIGURES: [Figure, Measure][] = [
  ['enterprises', 'enterprise'],
  ['enteredThisYear', 'enterprise'],
  ['staff', 'person'],
  ['revenue', 'money'],
  ['tax', 'money'],
  ['outputValue', 'money'],
  ['rdInvestment', 'money'],
  ['ip', 'item'],
  ['inventions', 'item'],
  ['certificates', 'item'],
  ['qualifications', 'item'],
  ['projects', 'item'],
];
/** The width one headline figure takes, in px. */
const FIGURE_WIDTH = 150;

/**
 * The headline figures as tiles of text drawn by ECharts (so the panel saves as an image like every other), in as
 * many columns as the panel's width holds; each amount in its own unit (万元, 亿元 or 亿万). The export lists
 * each figure as the server counted it, money in yuan.
 */
function totalContent({ t, colors, width }: WidgetContext, data: TotalAnswer): CardContent {
  const columns = Math.max(1, Math.min(FIGURES.length, Math.floor((width ?? FIGURE_WIDTH * 12) / FIGURE_WIDTH)));
  const rows = Math.ceil(FIGURES.length / columns);
  const shown = FIGURES.map(([key, measure]) => {
    const raw = Number(data[key]) || 0;
    const name = measure === 'money' ? ofYear(t, t(`analyse.total.${key}`), data.year) : t(`analyse.total.${key}`);
    if (measure === 'money') {
      const money = formatMoneyUnit(raw / 1e4);
      const unit = money.unit ? t(`analyse.money.${MONEY_KEY[money.unit]}`) : '';
      return { name, value: money.value, unit, raw, rawUnit: t('analyse.unit.yuan') };
    }
    const unit = t(`analyse.unit.${measure}`);
    return { name, value: raw.toLocaleString(), unit, raw, rawUnit: unit };
  });
  return {
    option: {
      graphic: shown.map((f, n) => ({
        type: 'group',
        left: `${((n % columns) * 100) / columns + 1}%`,
        top: `${((Math.floor(n / columns) + 0.5) * 100) / rows}%`,
        children: [
          {
            type: 'text',
            y: -24,
            style: {
              text: `{v|${f.value}} {u|${f.unit}}`,
              rich: {
                v: { fontSize: 24, fontWeight: 'bold', fill: colors.primary },
                u: { fontSize: 12, fill: colors.secondary },
              },
            },
          },
          {
            type: 'text',
            y: 8,
            style: { text: f.name, fontSize: 13, fill: colors.text, width: FIGURE_WIDTH - 12, overflow: 'truncate' },
          },
        ],
      })),
    },
    table: [
      [t('analyse.total.figure'), t('analyse.total.value'), t('analyse.total.unit')],
      ...shown.map((f): Cell[] => [f.name, f.raw, f.rawUnit]),
    ],
    empty: shown.every((f) => !f.raw),
  };
}

// --- the registry ------------------------------------------------------------------------------------------------

export const RENDERERS: Record<string, WidgetRenderer> = {
  total: make<TotalAnswer>('total', (data, ctx) => totalContent(ctx, data)),
  'enterprise-industry': make<EnterpriseStatistics>('enterprise-industry', (data, ctx) =>
    pieContent(
      ctx,
      ctx.t('analyse.industry'),
      data.byIndustry.map((r) => ({ name: r.industryName ?? ctx.t('analyse.noIndustry'), value: r.count })),
    ),
  ),
  'enterprise-scale': make<EnterpriseStatistics>(
    'enterprise-scale',
    (data, ctx) =>
      pieContent(
        ctx,
        ctx.t('analyse.scale'),
        data.byScale.map((r) => ({ name: keyLabel(ctx, r.scale, ctx.t('analyse.noScale')), value: r.count })),
      ),
    'enterprise_scale',
  ),
  'enterprise-status': make<EnterpriseStatistics>(
    'enterprise-status',
    (data, ctx) =>
      pieContent(
        ctx,
        ctx.t('analyse.status'),
        data.byStatus.map((r) => ({ name: ctx.label(r.status), value: r.count })),
      ),
    'enterprise_status',
  ),
  'staff-identity': make<StaffStatistics>(
    'staff-identity',
    (data, ctx) =>
      pieContent(
        ctx,
        ctx.t('analyse.identity'),
        data.byIdentity.map((r) => ({
          name: keyLabel(ctx, r.identityType, ctx.t('analyse.unknown')),
          value: r.count,
        })),
      ),
    'identity_type',
  ),
  'ip-type': make<IpStatistics>(
    'ip-type',
    (data, ctx) =>
      pieContent(
        ctx,
        ctx.t('analyse.patentType'),
        data.byType.map((r) => ({ name: keyLabel(ctx, r.patentType, ctx.t('analyse.unknown')), value: r.count })),
      ),
    'patent_type',
  ),
  'rank-enterprise': make<RankAnswer>('rank-enterprise', (data, { t }) => {
    const category = data.category ?? RANK_CATEGORIES[0];
    return rankContent(t, data, CATEGORY_MEASURE[category], t(`analyse.category.${category}`));
  }),
  'rank-staff': rank('rank-staff', 'person', (t) => t('analyse.staffCount')),
  'rank-ip': rank('rank-ip', 'item', (t) => t('analyse.ipCount')),
  'rank-certificate': rank('rank-certificate', 'item', (t) => t('analyse.certificateCount')),
  'rank-production': rank('rank-production', 'money', (t) => t('analyse.outputValue')),
  trend: make<TrendAnswer>('trend', (data, { t }) => trendContent(t, data)),
  'analyse-certificate': make<CertificateAnswer>(
    'analyse-certificate',
    (data, ctx) => certificateContent(ctx, data),
    'certificate_type',
  ),
  'analyse-production': make<ProductionAnswer>('analyse-production', (data, ctx) => productionContent(ctx, data)),
};

/**
 * A widget's title in the language: its registry label, and for a rank or a trend what it counts, so two panels of
 * one widget read apart.
 */
export function titleOf(widget: string, props: WidgetProps, lang: Lang, t: T): string {
  const label = COCKPIT_WIDGETS[widget]?.label[lang] ?? widget;
  if (widget === 'rank-enterprise') return `${label} · ${t(`analyse.category.${categoryOf(props)}`)}`;
  if (widget === 'trend') return `${label} · ${t(`analyse.metric.${metricOf(props)}`)}`;
  return label;
}
