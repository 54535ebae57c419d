import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin } from '../support/console.ts';
import { dataRows, openTab, pageTag } from '../support/crm.ts';
import { callApi, rowWithCell, saveDialog } from '../support/system.ts';

/**
 * 人员信息 (spec part 2 "/basic/personel/staff/detail with child tabs staff-assessment and staff-subsidy"):
 * the name on the staff list opens the person's page, which describes them and lists their
 * assessments and subsidies; a subsidy added in its tab belongs to the person. The generic screens of
 * the personnel (subsidies, assessments, evaluations) are walked by the catalog-driven walk.
 */
test('the staff list opens a person, whose tabs list and add their assessments and subsidies', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const name = `E2E人员${stamp}`;
  const subsidy = `E2E补贴${stamp}`;
  await loginAsAdmin(page, { at: '/basic/personel/staff' });
  const person = await callApi<{ id: string }>(page, 'blade-basic/staff/save', {
    method: 'POST',
    data: { staffName: name, phone: '13800138000', education: '硕士研究生' },
  });
  await callApi(page, 'blade-basic/staff-assessment/submit', {
    method: 'POST',
    data: { staffId: person.id, assessmentName: `E2E考核${stamp}`, assessmentYear: 2025 },
  });

  await page.locator('#search_staffName').fill(name);
  await page.getByRole('button', { name: label('搜索') }).click();
  await rowWithCell(page, name).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/basic/personel/staff/detail\\?id=${person.id}$`));
  await expect(pageTag(page, `人员详情：${name}`)).toBeVisible();
  const described = page.locator('.ant-descriptions').first();
  await expect(described).toContainText(name);
  await expect(described).toContainText('13800138000');
  await expect(described).toContainText('硕士研究生');

  // 人员考核 first, with the person's assessment; then 人才补贴, empty until one is added there.
  await expect(page.getByRole('tab', { name: '人员考核', exact: true })).toHaveAttribute('aria-selected', 'true');
  const assessments = page.getByRole('tabpanel', { name: '人员考核' });
  await expect(dataRows(assessments)).toHaveCount(1);
  await expect(assessments).toContainText(`E2E考核${stamp}`);
  await expectNoAxeViolations(page, 'staff detail with its assessments');

  await openTab(page, '人才补贴');
  await expect(page).toHaveURL(/tab=staff-subsidy/);
  const panel = page.getByRole('tabpanel', { name: '人才补贴' });
  await expect(panel.locator('.ant-table-placeholder')).toBeVisible();
  await panel.getByRole('button', { name: label('新增') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('#staffId')).toHaveCount(0);
  await dialog.locator('#subsidyName').fill(subsidy);
  await dialog.locator('#amount').fill('3000');
  await saveDialog(page, dialog, '新增成功');
  await expect(rowWithCell(page, subsidy)).toContainText('3,000.00');
  const saved = await callApi<{ records: { staffId: string }[] }>(
    page,
    `blade-basic/staff-subsidy/page?subsidyName=${encodeURIComponent(subsidy)}`,
  );
  expect(saved.records.map((r) => r.staffId)).toEqual([person.id]);
  await expectNoAxeViolations(page, 'staff detail with its subsidies');
});
