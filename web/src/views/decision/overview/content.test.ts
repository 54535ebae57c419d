import { describe, expect, it } from 'vitest';
import {
  certificates,
  economy,
  intellectualProperty,
  moneyText,
  production,
  radar,
  staff,
  type T,
  toWan,
} from './content.ts';
import type { OverviewTag, Production, Radar } from './data.ts';

/** Texts as their keys; a unit's column as `name(unit)`, so the headers read plainly. */
const t = ((key: string, options?: { name?: string; unit?: string }) =>
  key === 'inUnit' ? `${options?.name}(${options?.unit})` : key) as unknown as T;

const answer: Production = {
  years: [
    {
      year: 2021,
      revenue: null,
      taxAmount: null,
      outputValue: null,
      rdInvestment: null,
      employeeCount: null,
      products: 1,
      productOutputValue: 1_000_000,
    },
    {
      year: 2022,
      revenue: 15_000_000,
      taxAmount: 800_000,
      outputValue: null,
      rdInvestment: 123_456,
      employeeCount: 40,
      products: 0,
      productOutputValue: null,
    },
  ],
  products: [],
};

describe('toWan and moneyText', () => {
  it('turns yuan into 万元 to the cent, keeping no figure as none', () => {
    expect(toWan(15_000_000)).toBe(1500);
    expect(toWan(123_456)).toBe(12.35);
    expect(toWan(null)).toBeNull();
    expect(toWan(undefined)).toBeNull();
  });
  it('writes money in the unit that keeps it short, named in the language', () => {
    expect(moneyText(t, 15_000_000)).toBe('1,500.00 units.wan');
    expect(moneyText(t, 250_000_000)).toBe('2.50 units.yi');
    expect(moneyText(t, null)).toBe('--');
  });
});

describe('the yearly cards', () => {
  it('draws and exports the economy in 万元, only the years with an economic row', () => {
    const card = economy(t)(answer);
    expect(card.empty).toBe(false);
    expect(card.table).toEqual([
      [
        'economy.year',
        'economy.revenue(units.wan)',
        'economy.taxAmount(units.wan)',
        'economy.outputValue(units.wan)',
        'economy.rdInvestment(units.wan)',
      ],
      [2022, 1500, 80, null, 12.35],
    ]);
    const option = card.option as { xAxis: { data: string[] }; series: { data: (number | null)[] }[] };
    expect(option.xAxis.data).toEqual(['2022']);
    expect(option.series.map((s) => s.data[0])).toEqual([1500, 80, null, 12.35]);
  });

  it('counts the employees per year, and production per production year', () => {
    expect(staff(t)(answer).table).toEqual([
      ['staff.year', 'staff.employeeCount(units.people)'],
      [2022, 40],
    ]);
    expect(production(t)(answer).table).toEqual([
      ['production.year', 'production.products', 'production.productOutputValue(units.wan)'],
      [2021, 1, 100],
    ]);
  });

  it('is empty for an enterprise with no rows', () => {
    const none: Production = { years: [], products: [] };
    for (const card of [economy(t), staff(t), production(t)]) expect(card(none).empty).toBe(true);
  });
});

describe('the tag cards', () => {
  const tags: OverviewTag[] = [
    { kind: 'industry', key: 'industry', label: '软件' },
    { kind: 'qualification', key: '1', label: '高新技术企业', count: 1 },
    { kind: 'patent', key: '1', label: '发明专利', count: 2 },
    { kind: 'certificate', key: '2', label: '竞赛获奖', count: 3 },
  ];

  it('takes the patents for the IP card and the qualifications and certificates for theirs', () => {
    expect(intellectualProperty(t)(tags).table).toEqual([
      ['ip.type', 'ip.count'],
      ['发明专利', 2],
    ]);
    const card = certificates(t)(tags);
    expect(card.table).toEqual([
      ['certificates.kind', 'certificates.type', 'certificates.count'],
      ['certificates.qualification', '高新技术企业', 1],
      ['certificates.certificate', '竞赛获奖', 3],
    ]);
    const option = card.option as { series: { data: (number | null)[] }[] };
    expect(option.series.map((s) => s.data)).toEqual([
      [1, null],
      [null, 3],
    ]);
    expect(intellectualProperty(t)([tags[0]]).empty).toBe(true);
  });
});

describe('the radar', () => {
  const answer: Radar = {
    year: 2023,
    enterprises: 3,
    axes: [
      { key: 'revenue', value: 20_000_000, average: 10_000_000, max: 40_000_000, score: 50, averageScore: 25 },
      { key: 'staff', value: 2, average: 4 / 3, max: 4, score: 50, averageScore: 33.3 },
    ],
  };

  it("draws the server's scores and exports the figures, money in 万元", () => {
    const card = radar(t, 'Alpha')(answer);
    const option = card.option as {
      radar: { indicator: { name: string; max: number }[] };
      series: { data: { name: string; value: number[] }[] }[];
    };
    expect(option.radar.indicator).toEqual([
      { name: 'radar.axes.revenue', max: 100 },
      { name: 'radar.axes.staff', max: 100 },
    ]);
    expect(option.series[0].data.map((d) => [d.name, d.value])).toEqual([
      ['Alpha', [50, 50]],
      ['radar.average', [25, 33.3]],
    ]);
    expect(card.table.slice(1)).toEqual([
      ['radar.axes.revenue(units.wan)', 2000, 1000, 4000, 50, 25],
      ['radar.axes.staff(units.people)', 2, 1.33, 4, 50, 33.3],
    ]);
    expect(card.empty).toBe(false);
  });

  it('escapes the names its tooltip writes', () => {
    const card = radar(t, '<b>A&B</b>')(answer);
    const formatter = (card.option as { tooltip: { formatter: (p: { dataIndex: number }) => string } }).tooltip
      .formatter;
    expect(formatter({ dataIndex: 0 })).toContain('&lt;b&gt;A&amp;B&lt;/b&gt;');
    expect(formatter({ dataIndex: 0 })).toContain('2,000.00 units.wan');
  });

  it('is empty when the whole park has none of any figure', () => {
    const zero = { ...answer, axes: answer.axes.map((a) => ({ ...a, value: 0, average: 0, max: 0 })) };
    expect(radar(t, 'Alpha')(zero).empty).toBe(true);
  });
});
