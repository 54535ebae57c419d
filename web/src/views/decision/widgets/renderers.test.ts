import { COCKPIT_WIDGETS } from '@park/catalog';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { moneyScale } from './money.ts';
import { RENDERERS, titleOf, type WidgetContext } from './renderers.ts';

const tOf = (lang: 'zh' | 'en') => i18n.getFixedT(lang, 'decision') as TFunction<'decision'>;
const LABELS: Record<string, string> = { '1': '发明专利', '2': '实用新型' };
const ctxOf = (lang: 'zh' | 'en' = 'zh', width?: number): WidgetContext => ({
  t: tOf(lang),
  label: (key) => LABELS[String(key)] ?? String(key),
  colors: { text: '#111', secondary: '#555', primary: '#1677ff' },
  width,
});

// biome-ignore lint/suspicious/noExplicitAny: the options are ECharts' plain objects, read by path here
type Option = any;

describe('decision widget renderers', () => {
  it('has one renderer for each widget of the registry, calling its api', () => {
    expect(Object.keys(RENDERERS).sort()).toEqual(Object.keys(COCKPIT_WIDGETS).sort());
    for (const [widget, def] of Object.entries(COCKPIT_WIDGETS)) {
      expect(RENDERERS[widget].request({}).path).toBe(def.api.replace('{metric}', 'revenue'));
    }
  });

  it('asks with the settings the registry names, a trend’s metric in its path', () => {
    expect(RENDERERS['rank-enterprise'].request({ category: 'tax', limit: 5, year: 2023 })).toEqual({
      path: 'blade-decision/cockpit/rank-enterprise',
      query: { category: 'tax', limit: 5, year: 2023 },
    });
    expect(RENDERERS.trend.request({ metric: 'ip', years: 5 })).toEqual({
      path: 'blade-decision/analyse/trend-ip',
      query: { years: 5 },
    });
    // A setting the widget does not have is not sent.
    expect(RENDERERS['analyse-production'].request({ year: 2022, limit: 3 }).query).toEqual({ year: 2022 });
  });

  it('draws a money rank in the unit of its largest amount, and exports the figures in yuan', () => {
    const answer = {
      category: 'revenue',
      year: 2023,
      limit: 3,
      rows: [
        { rank: 1, enterpriseId: '1', enterpriseName: '甲科技', value: 123_456_789 },
        { rank: 2, enterpriseId: '2', enterpriseName: '乙医药', value: 50_000_000 },
        { rank: 3, enterpriseId: '3', enterpriseName: '丙制造', value: 4_000 },
      ],
    };
    const { option, table, empty } = RENDERERS['rank-enterprise'].content(answer, ctxOf()) as {
      option: Option;
      table: unknown[][];
      empty: boolean;
    };
    expect(empty).toBe(false);
    expect(option.xAxis.name).toBe('2023年营业收入（亿元）');
    expect(option.yAxis.data).toEqual(['甲科技', '乙医药', '丙制造']);
    expect(option.series[0].data).toEqual([1.23, 0.5, 0]);
    expect(table).toEqual([
      ['排名', '企业名称', '营业收入（元）'],
      [1, '甲科技', 123_456_789],
      [2, '乙医药', 50_000_000],
      [3, '丙制造', 4_000],
    ]);

    const small = RENDERERS['rank-production'].content(
      { year: null, limit: 1, rows: [{ rank: 1, enterpriseId: '1', enterpriseName: 'A', value: 99_990_000 }] },
      ctxOf('en'),
    ).option as Option;
    expect(small.xAxis.name).toBe('Output value (10k yuan)');
    expect(small.series[0].data).toEqual([9999]);
  });

  it('keeps counts as they are, with their unit', () => {
    const { option, table } = RENDERERS['rank-staff'].content(
      { year: 2024, limit: 2, rows: [{ rank: 1, enterpriseId: '1', enterpriseName: 'A', value: 42 }] },
      ctxOf(),
    );
    expect((option as Option).xAxis.name).toBe('2024年在职人数（人）');
    expect((option as Option).series[0].data).toEqual([42]);
    expect(table[0]).toEqual(['排名', '企业名称', '在职人数（人）']);
    expect(RENDERERS['rank-ip'].content({ year: null, limit: 10, rows: [] }, ctxOf()).empty).toBe(true);
  });

  it('scales money by the largest amount: 万元 up to 4 whole digits, 亿元 up to 8, then 亿万', () => {
    expect(moneyScale([99_990_000])).toEqual({ unit: '万元', divisor: 1e4 });
    expect(moneyScale([100_000_000, -1])).toEqual({ unit: '亿元', divisor: 1e8 });
    expect(moneyScale([2e12])).toEqual({ unit: '亿万', divisor: 1e12 });
    expect(moneyScale([])).toEqual({ unit: '万元', divisor: 1e4 });
  });

  it('draws a trend with its growth, empty when every year is 0', () => {
    const rows = [
      { year: 2022, value: 20_000, growth: null },
      { year: 2023, value: 30_000, growth: 50 },
    ];
    const { option, table, empty } = RENDERERS.trend.content({ metric: 'tax', rows }, ctxOf());
    expect(empty).toBe(false);
    expect((option as Option).xAxis.data).toEqual(['2022', '2023']);
    expect((option as Option).yAxis[0].name).toBe('纳税额（万元）');
    expect((option as Option).series[0].data).toEqual([2, 3]);
    expect((option as Option).series[1].data).toEqual([null, 50]);
    expect(table).toEqual([
      ['年度', '纳税额（元）', '同比增长（%）'],
      [2022, 20_000, null],
      [2023, 30_000, 50],
    ]);
    const zero = RENDERERS.trend.content({ metric: 'ip', rows: [{ year: 2023, value: 0, growth: null }] }, ctxOf());
    expect(zero.empty).toBe(true);
    expect((zero.option as Option).yAxis[0].name).toBe('新授权知识产权（项）');
  });

  it('names a distribution’s keys by their dictionary, and the rows without one', () => {
    const { option, table } = RENDERERS['ip-type'].content(
      {
        byType: [
          { patentType: 1, count: 3 },
          { patentType: null, count: 1 },
        ],
      },
      ctxOf(),
    );
    expect((option as Option).series[0].data).toEqual([
      { name: '发明专利', value: 3 },
      { name: '未填写', value: 1 },
    ]);
    expect(table).toEqual([
      ['专利类型', '数量'],
      ['发明专利', 3],
      ['未填写', 1],
    ]);
    const industries = RENDERERS['enterprise-industry'].content(
      { byIndustry: [{ industryId: null, industryName: null, count: 2 }], byScale: [], byStatus: [] },
      ctxOf('en'),
    );
    expect(industries.table[1]).toEqual(['No industry', 2]);
  });

  it('shows the headline figures each in its unit, wrapping to the panel, and exports them as counted', () => {
    const total = {
      enterprises: 12,
      enteredThisYear: 2,
      staff: 340,
      year: 2023,
      revenue: 1_234_567_890,
      tax: 5_000_000,
      outputValue: 0,
      rdInvestment: 80_000,
      ip: 9,
      inventions: 4,
      certificates: 3,
      qualifications: 1,
      projects: 5,
    };
    const { option, table, empty } = RENDERERS.total.content(total, ctxOf('zh', 600));
    expect(empty).toBe(false);
    const tiles = (option as Option).graphic;
    expect(tiles).toHaveLength(12);
    const texts = tiles.map((g: Option) => `${g.children[0].style.text} ${g.children[1].style.text}`);
    expect(texts[0]).toBe('{v|12} {u|家} 在园企业');
    expect(texts[3]).toBe('{v|12.35} {u|亿元} 2023年营业收入');
    expect(texts[4]).toBe('{v|500.00} {u|万元} 2023年纳税额');
    // 600 px hold 4 figures a row: the fifth starts the second row.
    expect(tiles[4].left).toBe('1%');
    expect(tiles[4].top).not.toBe(tiles[0].top);
    expect(table[4]).toEqual(['2023年营业收入', 1_234_567_890, '元']);
    expect(table[1]).toEqual(['在园企业', 12, '家']);
  });

  it('titles a rank and a trend with what they count', () => {
    const t = tOf('zh');
    expect(titleOf('rank-enterprise', { category: 'tax' }, 'zh', t)).toBe('企业排行 · 纳税额');
    expect(titleOf('trend', {}, 'en', tOf('en'))).toBe('Yearly trend · Revenue');
    expect(titleOf('rank-ip', { limit: 5 }, 'zh', t)).toBe('知识产权排行');
  });
});
