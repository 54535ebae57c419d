import { createHash } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, label, loginAsAdmin, settled, switchToEnglish } from '../support/console.ts';
import { callApi } from '../support/system.ts';

/** The demo's second-quarter satisfaction survey (server/src/seed/questionnaire-demo.ts): open, one answer per department. */
const DEMO_SURVEY = '190000000000320041';
/** 星河智能's company account (demo data, password 123456): in the survey's scope, as every company account. */
const COMPANY = { username: 'xinghe', password: '123456' };
const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const OVERALL = '您对园区的总体满意度';

type Stats = { sheets: number; questions: { name: string; options?: { label: string; count: number }[] }[] };

/** The value of one of the header's facts. */
const fact = (page: Page, key: string) => page.getByTestId(`qn-fact-${key}`).locator('.ant-statistic-content-value');

/** Picks an option of one of the cross-filter's selects (found by its name). */
async function pick(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await (await settled(dropdown)).getByTitle(option, { exact: true }).click();
}

/** The download a click starts. */
async function downloadOf(page: Page, button: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return download;
}

test('a survey’s statistics: counts that follow a new answer, a cross-filter, the export read back, a chart as PNG', async ({
  page,
}) => {
  await loginAsAdmin(page, { at: `/questionnaire/survey/detail/statistics?id=${DEMO_SURVEY}` });
  const responses = fact(page, 'responses');
  const overall = page.locator('.ant-card').filter({ has: page.getByText(`1. ${OVERALL}`, { exact: true }) });

  let before = 0;
  await test.step('the demo survey shows its answers, and each question its counts', async () => {
    await expect(page.getByText('2025年第二季度园区企业满意度调查 · 统计报告')).toBeVisible();
    await expect(responses).toHaveText(/^\d+$/);
    before = Number(await responses.textContent());
    expect(before).toBeGreaterThanOrEqual(36);
    // The first question's table: an option, its count and share.
    await expect(overall.getByRole('row', { name: /非常满意 \d+ [\d.]+%/ })).toBeVisible();
    await expect(overall.getByRole('img', { name: new RegExp(`^${OVERALL}：非常满意 \\d+`) })).toBeVisible();
  });

  await test.step('answered once more by a company account through the API, the count follows after a reload', async () => {
    const login = await page.request.post('/api/blade-auth/oauth/token', {
      params: {
        tenantId: ADMIN.tenantId,
        username: COMPANY.username,
        password: createHash('md5').update(COMPANY.password).digest('hex'),
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      },
      headers: { Authorization: CLIENT, 'Tenant-Id': ADMIN.tenantId, 'Account-Type': 'web' },
    });
    const token = (await login.json()).access_token as string;
    const answered = await page.request.post('/api/blade-questionnaire/survey-data/add', {
      data: { surveyId: DEMO_SURVEY, data: { overall: '1', property: 5, recommend: 10, advice: 'E2E统计：很满意' } },
      headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': ADMIN.tenantId },
    });
    expect((await answered.json()).code).toBe(200);
    await page.reload();
    await expect(responses).not.toHaveText(String(before));
    const now = await callApi<Stats>(page, 'blade-questionnaire/survey/statistics', { params: { id: DEMO_SURVEY } });
    expect(now.sheets).toBeGreaterThan(before);
    await expect(responses).toHaveText(String(now.sheets));
  });

  await test.step('the export has a row per answer', async () => {
    const shown = Number(await responses.textContent());
    const download = await downloadOf(page, page.getByRole('button', { name: label('导出答卷') }));
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toContain(OVERALL);
    expect(sheet.actualRowCount - 1).toBe(shown);
  });

  await test.step('a cross-filter shows the statistics of those who gave an answer', async () => {
    const all = await callApi<Stats>(page, 'blade-questionnaire/survey/statistics', { params: { id: DEMO_SURVEY } });
    const verySatisfied = all.questions[0].options!.find((o) => o.label === '非常满意')!.count;
    await pick(page, '筛选题目', OVERALL);
    await pick(page, '筛选答案', '非常满意');
    await page.getByRole('button', { name: label('添加条件') }).click();
    await expect(page.getByTestId('qn-filtered')).toContainText(
      `筛选后 ${verySatisfied} 份答卷（共 ${all.sheets} 份）`,
    );
    // Every sheet left gave 非常满意: the other options count none.
    await expect(overall.getByRole('row', { name: new RegExp(`^非常满意 ${verySatisfied} 100%`) })).toBeVisible();
    await expect(overall.getByRole('row', { name: /^满意 0 0%/ })).toBeVisible();
    await expect(page.getByRole('button', { name: label('导出筛选后的答卷') })).toBeVisible();
  });

  await test.step('a chart saves as a PNG', async () => {
    const download = await downloadOf(page, page.getByRole('button', { name: /^保存图片：每日答卷数/ }));
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    await expectNoAxeViolations(page, 'survey statistics, filtered');
  });

  await test.step('in English', async () => {
    await switchToEnglish(page);
    await expect(page.getByText('2025年第二季度园区企业满意度调查 · Statistics report')).toBeVisible();
    await expect(page.getByTestId('qn-fact-responses')).toContainText('Answers');
    await expect(page.getByRole('button', { name: label('Print report') })).toBeVisible();
  });
});
