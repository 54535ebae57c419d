import { expect, test } from '@playwright/test';
import { attachmentRoundTrip } from '../support/attachments.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, startSession } from '../support/console.ts';
import { dataRows, pickOption } from '../support/crm.ts';
import { callApi, clickRowAction, rowWithCell } from '../support/system.ts';

/**
 * 生产报告 (issue 17), the one production screen of its own: the generic list with each report's files. A report
 * past its due date and not handed in is tagged 逾期未交 in orange (its due date on hover) and is found by that search
 * (a chemical over its allowed quantity, in red with both quantities); its files are uploaded in the
 * 附件 dialog, downloaded with their bytes and removed. The demo company account 星河智能 opens the same screen
 * and sees its own enterprise's reports only.
 */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a late report is flagged and searched; its files are uploaded, downloaded and removed', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const title = `E2E逾期报告${stamp}`;
  const fileName = `安全报告${stamp}.pdf`;
  await loginAsAdmin(page, { at: '/prod/report' });
  const [enterprise] = (
    await callApi<{ records: { id: string }[] }>(page, 'blade-crm/enterprise/page', {
      params: { enterpriseName: '青禾生物' },
    })
  ).records;
  await callApi(page, 'blade-prod/report/submit', {
    method: 'POST',
    data: {
      enterpriseId: enterprise.id,
      title,
      reportType: 2,
      reportCycle: 4,
      periodStart: day(-40),
      periodEnd: day(-10),
      dueDate: day(-5),
    },
  });

  await test.step('the overdue search finds it, flagged', async () => {
    await page.locator('#search_title').fill(title);
    await pickOption(page, page.locator('body'), 'search_overdue', '是');
    await page.getByRole('button', { name: label('搜索') }).click();
    const row = rowWithCell(page, title);
    await expect(row).toHaveCount(1);
    // Flagged in orange, the date it was due on hover, not a plain 是.
    const flag = row.locator('.ant-tag-warning');
    await expect(flag).toHaveText('逾期未交');
    await expect(flag).toHaveAttribute('title', `${day(-5)} 截止，尚未提交`);
    await expectNoAxeViolations(page, '生产报告 list');
  });

  await clickRowAction(rowWithCell(page, title), '附件');
  const files = page.getByRole('dialog', { name: `附件 - ${title}` });

  await attachmentRoundTrip(page, files, fileName);
});

test('a chemical over its allowed quantity is tagged in red with both quantities', async ({ page }) => {
  await loginAsAdmin(page, { at: '/prod/danger-chemical' });
  const row = rowWithCell(page, '7647-01-0');
  const flag = row.locator('.ant-tag-error');
  await expect(flag).toHaveText('超量 18/10 L');
  await expect(flag).toHaveAttribute('title', '存量 18 L，超过允许的 10 L');
  // One within its limit keeps the dictionary's 否.
  await expect(rowWithCell(page, '67-64-1').locator('.ant-tag')).toHaveCount(0);
});

test("the company account sees its own enterprise's reports on the same screen", async ({ page }) => {
  await startSession(
    page,
    { tenantId: '000000', username: 'xinghe', password: '123456' },
    {
      accountType: 'web',
      at: '/prod/report',
    },
  );
  await expect(rowWithCell(page, '星河智能2季度生产经营报告')).toHaveCount(1);
  await expect(rowWithCell(page, '青禾生物月度安全生产报告')).toHaveCount(0);
  // Its own reports' files are its to read: the demo report's file is listed.
  await clickRowAction(rowWithCell(page, '星河智能2季度生产经营报告'), '附件');
  const files = page.getByRole('dialog', { name: '附件 - 星河智能2季度生产经营报告' });
  await expect(dataRows(files).filter({ hasText: '星河智能2季度生产经营报告.pdf' })).toHaveCount(1);
});
