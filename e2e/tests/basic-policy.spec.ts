import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, settled, toast } from '../support/console.ts';
import { dataRows, fillDate, pickOption } from '../support/crm.ts';
import { callApi, clickRowAction, rowWithCell, today } from '../support/system.ts';

/**
 * 政策资讯 and 政策推送 (issue 15): the administrator writes a policy on its add page (rich text, the
 * industry it is for, published), makes a push of it, and 分析推送 shows the park's enterprise of that
 * industry holding the qualification its tag names; 确认推送 sends it once, after which the push says so.
 */
test('a policy is written on its page, analysed and pushed to the enterprise it fits', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const title = `E2E政策${stamp}`;
  const enterpriseName = `E2E新能源${stamp}`;
  await loginAsAdmin(page, { at: '/policy/info' });

  // An enterprise of 新能源 (industry 5, which no demo enterprise has) with its company account and 高新技术企业.
  const enterprise = await callApi<{ id: string }>(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: { enterpriseName, industry: 5, agentName: '联系人', account: `e2e_pol_${stamp}`, password: 'secret1' },
  });
  await callApi(page, 'blade-crm/qualification/submit', {
    method: 'POST',
    data: {
      enterpriseId: enterprise.id,
      qualificationNo: `GR${stamp}`,
      qualificationName: '高新技术企业证书',
      qualificationType: 1,
      acquisitionDate: '2024-01-02',
    },
  });

  await test.step('新增 opens the add page, where the policy is written and published', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    await expect(page).toHaveURL(/\/policy\/info\/add$/);
    const form = page.locator('form');
    await form.locator('#title').fill(title);
    await form.locator('#issuingBody').fill('E2E科技局');
    await fillDate(form, 'issueDate', today());
    await pickOption(page, form, 'industry', '新能源');
    await form.locator('#tags').fill('高新技术企业');
    await form.locator('#tags').press('Enter');
    await pickOption(page, form, 'publishStatus', '已发布');
    const editor = page.getByRole('textbox', { name: '政策内容' });
    await editor.click();
    await page.keyboard.type('新能源企业研发补助。');
    await expectNoAxeViolations(page, 'policy add page with the rich-text editor');
    await page.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(page).toHaveURL(/\/policy\/info$/);
    await expect(rowWithCell(page, title)).toBeVisible();
  });

  const [policy] = (
    await callApi<{ records: { id: string; content: string }[] }>(page, 'blade-basic/policy/page', {
      params: { title },
    })
  ).records;
  expect(policy.content).toContain('新能源企业研发补助。');
  await callApi(page, 'blade-demo/policy-push/submit', { method: 'POST', data: { policyId: policy.id } });

  await test.step('分析推送 shows the fitting enterprise, and 确认推送 sends it once', async () => {
    await page.goto('/policy/push');
    const row = rowWithCell(page, title);
    await clickRowAction(row, '分析推送');
    const dialog = await settled(page.getByRole('dialog').filter({ hasText: `分析推送：${title}` }));
    const found = dataRows(dialog).filter({ hasText: enterpriseName });
    await expect(found).toContainText('高新技术企业');
    await expect(found).toContainText('待推送');
    await expectNoAxeViolations(page, 'analyse-push dialog');
    await dialog.getByRole('button', { name: label('确认推送') }).click();
    await expect(toast(page, '已推送').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('已推送');
  });
});
