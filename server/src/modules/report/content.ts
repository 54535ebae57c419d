import type { MonthlyFigures } from './figures.ts';

/**
 * The monthly report as both files draw it: sections of headline figures and tables, in Chinese (the park's own
 * document, like every stored message; the screens around it are bilingual). The Excel file keeps amounts in yuan
 * (exact, for finance to sum); the PDF shows them in 万元/亿元 as spec part 9's formatter does.
 */
export type Unit = 'count' | 'yuan' | 'percent' | 'm2' | 'hours';

export interface Metric {
  label: string;
  value: number | null;
  unit: Unit;
  /** How the figure is counted, for the reader. */
  note?: string;
}

export interface Column {
  header: string;
  unit?: Unit;
}

export interface Table {
  title: string;
  columns: Column[];
  rows: (string | number | null)[][];
  /** Said instead of an empty table. */
  empty: string;
  /** The PDF lays a long narrow table out in this many groups side by side (the Excel sheet keeps one list). */
  fold?: number;
}

export interface Section {
  /** The Excel sheet's name (31 characters at most, none of []:*?/\). */
  sheet: string;
  title: string;
  metrics: Metric[];
  tables: Table[];
}

export interface ReportContent {
  title: string;
  period: string;
  /** Lines under the title: the month, the day stocks are taken, when it was made. */
  subtitle: string[];
  sections: Section[];
}

export const REPORT_TITLE = '园区运营月报';

export const UNIT_LABELS: Record<Unit, string> = { count: '', yuan: '元', percent: '%', m2: '平方米', hours: '小时' };

/** The report of one month's figures; `faultTypes` names the repair fault types (dictionary property_fault_type). */
export function reportContent(f: MonthlyFigures, faultTypes: Map<string, string>): ReportContent {
  const [year, month] = f.period.split('-');
  const stock = f.asOf === f.to ? '月末' : `截至${f.asOf}`;
  return {
    title: `${REPORT_TITLE}（${year}年${Number(month)}月）`,
    period: f.period,
    subtitle: [
      `统计期间：${f.from} 至 ${f.to}；存量数据${f.asOf === f.to ? '取月末' : `截至 ${f.asOf}`}`,
      `生成时间：${f.readAt}`,
    ],
    sections: [
      {
        sheet: '入驻企业',
        title: '一、入驻企业',
        metrics: [
          { label: '本月迁入企业', value: f.enterprises.movedIn, unit: 'count', note: '入驻日期在本月且在园' },
          { label: '本月迁出企业', value: f.enterprises.movedOut, unit: 'count', note: '已迁出且记录最后变更在本月' },
          { label: `${stock}在园企业`, value: f.enterprises.atMonthEnd, unit: 'count' },
        ],
        tables: [
          {
            title: '本月迁入企业',
            columns: [{ header: '企业名称' }, { header: '入驻日期' }],
            rows: f.enterprises.movedInList.map((e) => [e.name, e.date]),
            empty: '本月无迁入企业',
          },
          {
            title: '本月迁出企业',
            columns: [{ header: '企业名称' }, { header: '变更日期' }],
            rows: f.enterprises.movedOutList.map((e) => [e.name, e.date]),
            empty: '本月无迁出企业',
          },
        ],
      },
      {
        sheet: '房源出租',
        title: '二、房源出租',
        metrics: [
          { label: '房源总数', value: f.occupancy.units, unit: 'count', note: '办公室与房间' },
          { label: `${stock}已出租房源`, value: f.occupancy.leasedUnits, unit: 'count' },
          { label: '建筑面积', value: f.occupancy.area, unit: 'm2' },
          { label: `${stock}已出租面积`, value: f.occupancy.leasedArea, unit: 'm2' },
          { label: '出租率', value: f.occupancy.rate, unit: 'percent', note: '已出租建筑面积 ÷ 总建筑面积' },
        ],
        tables: [
          {
            title: '各楼宇出租情况',
            columns: [
              { header: '楼宇' },
              { header: '房源数', unit: 'count' },
              { header: '已出租', unit: 'count' },
              { header: '建筑面积', unit: 'm2' },
              { header: '已出租面积', unit: 'm2' },
              { header: '出租率', unit: 'percent' },
            ],
            rows: f.occupancy.buildings.map((b) => [b.building, b.units, b.leasedUnits, b.area, b.leasedArea, b.rate]),
            empty: '暂无房源',
          },
        ],
      },
      {
        sheet: '租金收缴',
        title: '三、租金收缴',
        metrics: [
          { label: '本月应收租金', value: f.rent.due, unit: 'yuan', note: '缴费日期在本月的租金及费用' },
          { label: '本月已收租金', value: f.rent.collected, unit: 'yuan', note: '本月应收中已缴纳的部分' },
          { label: '本月逾期未缴', value: f.rent.overdue, unit: 'yuan', note: '本月应收中已过缴费日期仍未缴纳的部分' },
          { label: '本月应收期数', value: f.rent.periodsDue, unit: 'count' },
          { label: '本月逾期期数', value: f.rent.periodsOverdue, unit: 'count' },
        ],
        tables: [],
      },
      {
        sheet: '报修服务',
        title: '四、报修服务',
        metrics: [
          { label: '本月新增报修', value: f.repairs.opened, unit: 'count' },
          { label: '本月完成报修', value: f.repairs.closed, unit: 'count' },
          { label: `${stock}未完成报修`, value: f.repairs.openAtEnd, unit: 'count', note: '待受理、已派单、处理中' },
          {
            label: '平均处理时长',
            value: f.repairs.closeHours,
            unit: 'hours',
            note: '本月完成的报修从报修到完成的平均时长',
          },
        ],
        tables: [
          {
            title: '各楼宇报修',
            columns: [
              { header: '楼宇' },
              { header: '新增', unit: 'count' },
              { header: '完成', unit: 'count' },
              { header: '未完成', unit: 'count' },
            ],
            rows: f.repairs.buildings.map((b) => [b.building, b.opened, b.closed, b.openAtEnd]),
            empty: '本月无报修',
          },
          {
            title: '各故障类型报修',
            columns: [
              { header: '故障类型' },
              { header: '新增', unit: 'count' },
              { header: '完成', unit: 'count' },
              { header: '平均处理时长', unit: 'hours' },
            ],
            rows: f.repairs.types.map((t) => [
              faultTypes.get(String(t.faultType)) ?? String(t.faultType),
              t.opened,
              t.closed,
              t.closeHours,
            ]),
            empty: '本月无报修',
          },
        ],
      },
      {
        sheet: '食堂订餐',
        title: '五、食堂订餐',
        metrics: [
          { label: '本月订餐份数', value: f.meals.booked, unit: 'count', note: '用餐日期在本月、未取消的订餐' },
        ],
        tables: [
          {
            title: '每日订餐',
            columns: [{ header: '日期' }, { header: '订餐份数', unit: 'count' }],
            // A month without a meal is said in a line, not in 30 rows of zeros.
            rows: f.meals.booked ? f.meals.days.map((d) => [d.day, d.count]) : [],
            empty: '本月无订餐',
            fold: 3,
          },
        ],
      },
      {
        sheet: '生产报告',
        title: '六、生产报告',
        metrics: [
          { label: '本月应报报告', value: f.reports.due, unit: 'count', note: '截止日期在本月的生产报告' },
          { label: '按时提交', value: f.reports.onTime, unit: 'count' },
          { label: '逾期提交', value: f.reports.late, unit: 'count' },
          { label: '逾期未交', value: f.reports.overdue, unit: 'count', note: '截至生成时已过截止日期仍未提交' },
          { label: '未到截止日期', value: f.reports.pending, unit: 'count' },
        ],
        tables: [
          {
            title: '逾期报告',
            columns: [{ header: '企业' }, { header: '报告' }, { header: '截止日期' }, { header: '提交日期' }],
            rows: f.reports.lateList.map((r) => [r.enterprise, r.title, r.dueDate, r.submitDate ?? '未提交']),
            empty: '本月无逾期报告',
          },
        ],
      },
      {
        sheet: '危化品',
        title: '七、危险化学品',
        metrics: [
          { label: '超限危化品', value: f.chemicals.overLimit, unit: 'count', note: '生成时存量超过最大允许量' },
        ],
        tables: [
          {
            title: '超限危化品',
            columns: [
              { header: '企业' },
              { header: '名称' },
              { header: '存量', unit: 'count' },
              { header: '最大允许量', unit: 'count' },
              { header: '存放地点' },
            ],
            rows: f.chemicals.list.map((c) => [c.enterprise, c.name, c.quantity, c.maxQuantity, c.place]),
            empty: '无超限危化品',
          },
        ],
      },
      {
        sheet: '问卷调查',
        title: '八、问卷调查',
        metrics: [
          { label: '本月提交答卷', value: f.surveys.answers, unit: 'count' },
          { label: '本月答卷人数', value: f.surveys.respondents, unit: 'count' },
        ],
        tables: [
          {
            title: '各问卷答卷',
            columns: [{ header: '问卷' }, { header: '答卷数', unit: 'count' }],
            rows: f.surveys.list.map((s) => [s.title, s.answers]),
            empty: '本月无答卷',
          },
        ],
      },
    ],
  };
}

/** Money in yuan as spec part 9 shows it: 万元 while its whole part has at most 4 digits, 亿元 up to 8, then 亿万. */
export function moneyText(yuan: number): string {
  const wan = yuan / 1e4;
  const fmt = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const whole = (shown: string) => shown.replace(/^-/, '').split('.')[0].replaceAll(',', '').length;
  for (const [unit, divisor] of [
    ['万元', 1],
    ['亿元', 1e4],
  ] as const) {
    const shown = fmt(wan / divisor);
    if (whole(shown) <= 4) return `${shown} ${unit}`;
  }
  return `${fmt(wan / 1e8)} 亿万`;
}

/** A figure as the PDF shows it, with its unit. */
export function valueText(value: number | string | null, unit?: Unit): string {
  if (value === null || value === undefined) return '--';
  if (typeof value === 'string') return value;
  switch (unit) {
    case 'yuan':
      return moneyText(value);
    case 'percent':
      return `${value.toFixed(1)}%`;
    case 'm2':
      return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ㎡`;
    case 'hours':
      return `${value.toFixed(1)} 小时`;
    default:
      return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
  }
}
