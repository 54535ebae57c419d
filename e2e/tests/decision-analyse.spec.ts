import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { loginAsAdmin, openMenu, settled, switchToEnglish } from '../support/console.ts';
import { callApi } from '../support/system.ts';

const card = (page: Page, title: string) => page.locator(`[data-chart-card="${title}"]`);

/** The lines of a card's exported CSV (ChartCard: a byte-order mark, quoted cells, CRLF lines). */
async function exported(page: Page, title: string): Promise<string[]> {
  const csv = page.waitForEvent('download');
  await card(page, title)
    .getByRole('button', { name: `导出数据：${title}` })
    .click();
  const text = await readFile((await (await csv).path()) as string, 'utf8');
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

interface Rank {
  rows: { rank: number; enterpriseName: string; value: number }[];
}
interface Trend {
  rows: { year: number; value: number; growth: number | null }[];
}

/**
 * 排行榜, 趋势分析 and 决策分析 as the administrator over the demo park: every card draws; the economic rank asked
 * for 2 rows exports exactly the API's first two; the trend switched to tax paid exports the API's years; the
 * analyses draw; the screens pass axe, 决策分析 in English.
 */
test('排行榜, 趋势分析 and 决策分析 draw the server’s figures, and follow their settings', async ({ page }) => {
  await loginAsAdmin(page, { at: '/decision/rank' });
  const RANK = '企业排行 · 营业收入';
  for (const title of [RANK, '产值排行', '人员排行', '知识产权排行', '证书奖项排行']) {
    await expect(card(page, title).locator('canvas'), title).toBeVisible();
  }

  // Two rows asked: the chart's data is the API's two first, in yuan.
  const asked = page.waitForResponse((r) => r.url().includes('/rank-enterprise?') && r.url().includes('limit=2'));
  await card(page, RANK).getByRole('spinbutton', { name: '条数' }).fill('2');
  await asked;
  const rank = await callApi<Rank>(page, 'blade-decision/cockpit/rank-enterprise', { params: { limit: '2' } });
  expect(rank.rows).toHaveLength(2);
  await expect(async () => {
    expect(await exported(page, RANK)).toEqual([
      '"排名","企业名称","营业收入（元）"',
      ...rank.rows.map((r) => `"${r.rank}","${r.enterpriseName}","${r.value}"`),
    ]);
  }).toPass({ timeout: 10_000 });
  await expectNoAxeViolations(page, '/decision/rank', 'screen');

  // 趋势分析 switched to tax paid: its card says so and exports the API's years.
  await openMenu(page, '决策驾驶舱', '趋势分析');
  await expect(card(page, '年度趋势 · 营业收入').locator('canvas')).toBeVisible();
  await card(page, '年度趋势 · 营业收入').getByRole('combobox', { name: '指标' }).click();
  await (await settled(page.locator('.ant-select-dropdown:visible')))
    .locator('.ant-select-item-option', { hasText: '纳税额' })
    .click();
  const TAX = '年度趋势 · 纳税额';
  await expect(card(page, TAX).locator('canvas')).toBeVisible();
  const trend = await callApi<Trend>(page, 'blade-decision/analyse/trend-tax', { params: { years: '10' } });
  expect(trend.rows).toHaveLength(10);
  const lines = await exported(page, TAX);
  expect(lines[0]).toBe('"年度","纳税额（元）","同比增长（%）"');
  expect(lines.slice(1)).toEqual(trend.rows.map((r) => `"${r.year}","${r.value}","${r.growth ?? ''}"`));

  await openMenu(page, '决策驾驶舱', '决策分析');
  for (const title of ['产值行业分布', '证书奖项分布', '企业行业分布', '企业规模分布', '人员构成', '知识产权类型']) {
    await expect(card(page, title).locator('canvas'), title).toBeVisible();
  }
  await switchToEnglish(page);
  await expect(card(page, 'Output value by industry').locator('canvas')).toBeVisible();
  await expect(card(page, 'Staff by role').locator('canvas')).toBeVisible();
  await expectNoAxeViolations(page, '/decision/analyse en', 'screen');
});
