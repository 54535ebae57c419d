import type { Text } from '../types.ts';

/**
 * 驾驶舱 (/decision/cockpit, issue 33): the panels a tenant may place on its big screen, and the layout it saves
 * (blade-decision/cockpit/saveConfigure), shaped like Grafana's dashboard grid. The server checks every saved
 * layout with `checkCockpitLayout`; the web draws each widget from its `api` and offers its `props`.
 */

/** What rank-enterprise ranks by: a column of the enterprises' yearly economic rows. */
export const RANK_CATEGORIES = ['revenue', 'tax', 'output', 'rd', 'staff'] as const;
export type RankCategory = (typeof RANK_CATEGORIES)[number];
/** Spec part 9: a rank lists 10 unless asked otherwise, by revenue. */
export const DEFAULT_RANK_LIMIT = 10;
export const DEFAULT_RANK_CATEGORY: RankCategory = 'revenue';
export const MAX_RANK_LIMIT = 100;

/** The park's totals per year (analyse/trend-<metric>). */
export const TREND_METRICS = ['revenue', 'tax', 'output', 'rd', 'staff', 'enterprise', 'ip', 'certificate'] as const;
export type TrendMetric = (typeof TREND_METRICS)[number];
/** How many years a trend shows unless asked otherwise, and at most. */
export const DEFAULT_TREND_YEARS = 10;
export const MAX_TREND_YEARS = 50;

/** A widget's setting: a whole number in a range, or one of a list. */
export type WidgetProp =
  | { type: 'int'; label: Text; min: number; max: number }
  | { type: 'enum'; label: Text; values: readonly string[] };

export interface WidgetDef {
  label: Text;
  /** The call it draws (under /api); `{metric}` stands for its `metric` prop. */
  api: string;
  /** Its smallest size in grid cells, and the size it is placed with. */
  minW: number;
  minH: number;
  w: number;
  h: number;
  props: Record<string, WidgetProp>;
}

const LIMIT: WidgetProp = { type: 'int', label: { zh: '条数', en: 'Rows' }, min: 1, max: MAX_RANK_LIMIT };
const YEAR: WidgetProp = { type: 'int', label: { zh: '年度', en: 'Year' }, min: 1900, max: 2999 };
const RANK_PROPS = { limit: LIMIT, year: YEAR };
/** Its smallest size and the size it is placed with, in cells. */
const size = (minW: number, minH: number, w: number, h: number) => ({ minW, minH, w, h });
const COCKPIT = 'blade-decision/cockpit';
const ANALYSE = 'blade-decision/analyse';

export const COCKPIT_WIDGETS: Record<string, WidgetDef> = {
  total: {
    label: { zh: '园区总览', en: 'The park at a glance' },
    api: `${COCKPIT}/total`,
    ...size(6, 2, 24, 4),
    props: {},
  },
  'enterprise-industry': {
    label: { zh: '企业行业分布', en: 'Enterprises by industry' },
    api: `${COCKPIT}/statistics-enterprise`,
    ...size(4, 4, 8, 10),
    props: {},
  },
  'enterprise-scale': {
    label: { zh: '企业规模分布', en: 'Enterprises by scale' },
    api: `${COCKPIT}/statistics-enterprise`,
    ...size(4, 4, 8, 10),
    props: {},
  },
  'enterprise-status': {
    label: { zh: '企业状态', en: 'Enterprises by status' },
    api: `${COCKPIT}/statistics-enterprise`,
    ...size(4, 4, 8, 10),
    props: {},
  },
  'staff-identity': {
    label: { zh: '人员构成', en: 'Staff by role' },
    api: `${COCKPIT}/statistics-staff`,
    ...size(4, 4, 8, 10),
    props: {},
  },
  'ip-type': {
    label: { zh: '知识产权类型', en: 'Intellectual property by type' },
    api: `${COCKPIT}/statistics-ip`,
    ...size(4, 4, 8, 10),
    props: {},
  },
  'rank-enterprise': {
    label: { zh: '企业排行', en: 'Top enterprises' },
    api: `${COCKPIT}/rank-enterprise`,
    ...size(4, 6, 8, 10),
    props: {
      category: { type: 'enum', label: { zh: '排行指标', en: 'Ranked by' }, values: RANK_CATEGORIES },
      ...RANK_PROPS,
    },
  },
  'rank-staff': {
    label: { zh: '人员排行', en: 'Top enterprises by staff' },
    api: `${ANALYSE}/rank-staff`,
    ...size(4, 6, 8, 10),
    props: RANK_PROPS,
  },
  'rank-ip': {
    label: { zh: '知识产权排行', en: 'Top enterprises by intellectual property' },
    api: `${ANALYSE}/rank-ip`,
    ...size(4, 6, 8, 10),
    props: RANK_PROPS,
  },
  'rank-certificate': {
    label: { zh: '证书奖项排行', en: 'Top enterprises by certificates' },
    api: `${ANALYSE}/rank-certificate`,
    ...size(4, 6, 8, 10),
    props: RANK_PROPS,
  },
  'rank-production': {
    label: { zh: '产值排行', en: 'Top enterprises by output value' },
    api: `${ANALYSE}/rank-production`,
    ...size(4, 6, 8, 10),
    props: RANK_PROPS,
  },
  trend: {
    label: { zh: '年度趋势', en: 'Yearly trend' },
    api: `${ANALYSE}/trend-{metric}`,
    ...size(6, 6, 8, 10),
    props: {
      metric: { type: 'enum', label: { zh: '指标', en: 'Figure' }, values: TREND_METRICS },
      years: { type: 'int', label: { zh: '年数', en: 'Years' }, min: 1, max: MAX_TREND_YEARS },
    },
  },
  'analyse-certificate': {
    label: { zh: '证书奖项分布', en: 'Certificates by type' },
    api: `${ANALYSE}/analyse-certificate`,
    ...size(4, 4, 8, 10),
    props: { year: YEAR },
  },
  'analyse-production': {
    label: { zh: '产值行业分布', en: 'Output value by industry' },
    api: `${ANALYSE}/analyse-production`,
    ...size(4, 4, 8, 10),
    props: { year: YEAR },
  },
};

export interface CockpitItem {
  /** The item's own key in the layout (react-grid-layout's `i`). */
  i: string;
  widget: string;
  x: number;
  y: number;
  w: number;
  h: number;
  props: Record<string, string | number>;
}

export interface CockpitLayout {
  version: number;
  cols: number;
  rowHeight: number;
  items: CockpitItem[];
}

export const COCKPIT_LAYOUT_VERSION = 1;
/** The grid's bounds: columns, row height in px of the 1920×1080 screen, rows an item may reach, items. */
export const COCKPIT_GRID = { cols: [1, 48], rowHeight: [10, 400], rows: 200, items: 60 } as const;

const place = (i: string, widget: string, x: number, y: number, w: number, h: number, props = {}): CockpitItem => ({
  i,
  widget,
  x,
  y,
  w,
  h,
  props,
});

/** What a tenant's cockpit shows until it saves its own: 24 columns of 40 px rows, 24 rows on a 1080 px screen. */
export const DEFAULT_COCKPIT_LAYOUT: CockpitLayout = {
  version: COCKPIT_LAYOUT_VERSION,
  cols: 24,
  rowHeight: 40,
  items: [
    place('total', 'total', 0, 0, 24, 4),
    place('industry', 'enterprise-industry', 0, 4, 8, 10),
    place('rank', 'rank-enterprise', 8, 4, 8, 10, { category: DEFAULT_RANK_CATEGORY, limit: DEFAULT_RANK_LIMIT }),
    place('trend', 'trend', 16, 4, 8, 10, { metric: 'revenue', years: DEFAULT_TREND_YEARS }),
    place('scale', 'enterprise-scale', 0, 14, 8, 10),
    place('ip', 'rank-ip', 8, 14, 8, 10, { limit: DEFAULT_RANK_LIMIT }),
    place('certificate', 'analyse-certificate', 16, 14, 8, 10),
  ],
};

type Checked = { layout: CockpitLayout; error?: undefined } | { layout?: undefined; error: Text };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A layout as the server stores it, or what is wrong with it: a known version, a grid in bounds, each item a
 * widget of the registry with its settings, whole cells inside the columns, no two items overlapping, keys
 * unique. Keys the shape does not name are dropped.
 */
export function checkCockpitLayout(input: unknown): Checked {
  const fail = (zh: string, en: string): Checked => ({
    error: { zh: `驾驶舱布局有误：${zh}`, en: `The cockpit layout is not valid: ${en}` },
  });
  if (!isObject(input)) return fail('应为一个对象', 'it must be an object');
  const { version, cols, rowHeight, items } = input;
  if (version !== COCKPIT_LAYOUT_VERSION) {
    return fail(`version 应为 ${COCKPIT_LAYOUT_VERSION}`, `version must be ${COCKPIT_LAYOUT_VERSION}`);
  }
  const [minCols, maxCols] = COCKPIT_GRID.cols;
  if (!isInt(cols) || cols < minCols || cols > maxCols) {
    return fail(`cols 应为 ${minCols}-${maxCols} 的整数`, `cols must be a whole number from ${minCols} to ${maxCols}`);
  }
  const [minRow, maxRow] = COCKPIT_GRID.rowHeight;
  if (!isInt(rowHeight) || rowHeight < minRow || rowHeight > maxRow) {
    return fail(
      `rowHeight 应为 ${minRow}-${maxRow} 的整数`,
      `rowHeight must be a whole number from ${minRow} to ${maxRow}`,
    );
  }
  if (!Array.isArray(items) || items.length > COCKPIT_GRID.items) {
    return fail(
      `items 应为至多 ${COCKPIT_GRID.items} 个部件的数组`,
      `items must be a list of at most ${COCKPIT_GRID.items} widgets`,
    );
  }
  const placed: CockpitItem[] = [];
  for (const [n, item] of items.entries()) {
    const at = { zh: `第 ${n + 1} 个部件`, en: `item ${n + 1}` };
    if (!isObject(item)) return fail(`${at.zh}应为一个对象`, `${at.en} must be an object`);
    const { i, widget, x, y, w, h, props = {} } = item;
    if (typeof i !== 'string' || !i.trim() || i.length > 64) {
      return fail(`${at.zh}的 i 应为 1-64 个字符`, `${at.en}: i must be 1 to 64 characters`);
    }
    if (placed.some((p) => p.i === i)) return fail(`${at.zh}的 i「${i}」重复`, `${at.en}: i "${i}" is used twice`);
    const def =
      typeof widget === 'string' && Object.hasOwn(COCKPIT_WIDGETS, widget) ? COCKPIT_WIDGETS[widget] : undefined;
    if (!def) {
      const name = String(widget).slice(0, 64);
      return fail(`${at.zh}：没有名为「${name}」的部件`, `${at.en}: there is no widget "${name}"`);
    }
    if (![x, y, w, h].every(isInt))
      return fail(`${at.zh}的 x、y、w、h 应为整数`, `${at.en}: x, y, w and h must be whole numbers`);
    const cell = { x: x as number, y: y as number, w: w as number, h: h as number };
    if (cell.w < def.minW || cell.h < def.minH) {
      return fail(`${at.zh}至少占 ${def.minW}×${def.minH} 格`, `${at.en} needs at least ${def.minW}×${def.minH} cells`);
    }
    if (cell.x < 0 || cell.y < 0 || cell.x + cell.w > cols || cell.y + cell.h > COCKPIT_GRID.rows) {
      return fail(
        `${at.zh}超出了网格（${cols} 列、${COCKPIT_GRID.rows} 行）`,
        `${at.en} is outside the grid (${cols} columns, ${COCKPIT_GRID.rows} rows)`,
      );
    }
    const other = placed.find(
      (p) => p.x < cell.x + cell.w && cell.x < p.x + p.w && p.y < cell.y + cell.h && cell.y < p.y + p.h,
    );
    if (other) return fail(`${at.zh}与「${other.i}」重叠`, `${at.en} overlaps "${other.i}"`);
    if (!isObject(props)) return fail(`${at.zh}的 props 应为一个对象`, `${at.en}: props must be an object`);
    const kept: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(props)) {
      const prop = Object.hasOwn(def.props, key) ? def.props[key] : undefined;
      if (!prop) {
        const name = key.slice(0, 64);
        return fail(`${at.zh}没有设置项「${name}」`, `${at.en} has no setting "${name}"`);
      }
      const fits =
        prop.type === 'int'
          ? isInt(value) && value >= prop.min && value <= prop.max
          : typeof value === 'string' && prop.values.includes(value);
      if (!fits) {
        const allowed = prop.type === 'int' ? `${prop.min}-${prop.max}` : prop.values.join(', ');
        return fail(`${at.zh}的「${key}」应为 ${allowed}`, `${at.en}: "${key}" must be ${allowed}`);
      }
      kept[key] = value as string | number;
    }
    placed.push({ i, widget: widget as string, ...cell, props: kept });
  }
  return { layout: { version: COCKPIT_LAYOUT_VERSION, cols, rowHeight, items: placed } };
}
