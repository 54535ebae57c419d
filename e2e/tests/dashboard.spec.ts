import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { loginAsAdmin, switchToEnglish } from '../support/console.ts';
import { callApi } from '../support/system.ts';

/** 控制台's cards, by their Chinese titles (ChartCard's data-chart-card). */
const CARDS = [
  '楼层出租情况',
  '近 12 个月租金收缴',
  '报修按状态',
  '报修按类型与平均处理时长',
  '近 30 天每日订餐',
  '近 12 个月生产报告',
  '近 30 天公共空间预约',
];
const card = (page: Page, title: string) => page.locator(`[data-chart-card="${title}"]`);

/**
 * 控制台 (/wel/dashboard) as the administrator over the demo park: every chart draws; the rent card's exported data
 * holds the figures the API answers; one chart saved as a PNG; the production reports' list opened searched for the
 * overdue ones; the screen in English passes axe.
 */
test('控制台 draws every chart from the demo park, saves one, exports its data and opens its list', async ({
  page,
}) => {
  await loginAsAdmin(page, { at: '/wel/dashboard' });
  for (const title of CARDS) await expect(card(page, title).locator('canvas'), title).toBeVisible();

  // The export writes what the server counted: this month's rent due and collected.
  const rent = await callApi<{ rows: { month: string; due: number; collected: number }[] }>(
    page,
    'blade-desk/dashboard/rent',
  );
  const last = rent.rows.at(-1);
  expect(rent.rows.some((r) => r.due > 0)).toBe(true);
  const csv = page.waitForEvent('download');
  await card(page, CARDS[1])
    .getByRole('button', { name: `导出数据：${CARDS[1]}` })
    .click();
  const data = await csv;
  expect(data.suggestedFilename()).toBe('近 12 个月租金收缴.csv');
  const text = await readFile((await data.path()) as string, 'utf8');
  expect(text).toContain('"月份","应收(元)","已收(元)"');
  expect(text).toContain(`"${last?.month}","${last?.due}","${last?.collected}"`);

  const png = page.waitForEvent('download');
  await card(page, CARDS[0])
    .getByRole('button', { name: `保存图片：${CARDS[0]}` })
    .click();
  const image = await png;
  expect(image.suggestedFilename()).toBe('楼层出租情况.png');
  const bytes = await readFile((await image.path()) as string);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');

  // The production reports' list, searched for the overdue ones (the demo park has one).
  await card(page, CARDS[5])
    .getByRole('link', { name: `查看列表：${CARDS[5]}` })
    .click();
  await expect(page).toHaveURL(/\/prod\/report\?overdue=1$/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const overdue = await callApi<{ total: number }>(page, 'blade-prod/report/page', { params: { overdue: '1' } });
  await expect(rows).toHaveCount(Math.min(overdue.total, 10));

  await page.goto('/wel/dashboard');
  await switchToEnglish(page);
  await expect(page.locator('[data-chart-card="Occupancy by floor"] canvas')).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(CARDS.length);
  await expectNoAxeViolations(page, '/wel/dashboard en', 'screen');
});
