import { expect, test } from '@playwright/test';
import { attachmentRoundTrip } from '../support/attachments.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { pickFirstRow } from '../support/catalog.ts';
import { label, loginAsAdmin, settled, toast } from '../support/console.ts';
import { dataRows, fillDate, pickOption } from '../support/crm.ts';
import { callApi, clickRowAction, pickInTree, rowActionNames, rowWithCell, today } from '../support/system.ts';

/**
 * 政策管理, 政策资讯 and 政策推送 (issue 15; one policy list, issue 34.5): the administrator writes a policy on its add
 * page opened from 政策管理, the operator's one list, and comes back there; 政策资讯 lists the published ones only and
 * offers no writing. The policy (rich text, the industry it is for picked from the 行业分类 tree, published) gets a push, and 分析推送 shows the
 * park's enterprise of an industry below that one holding the qualification its tag names; the operator adds
 * another enterprise by hand and leaves the fitting one out (issue 34.5); 确认推送 sends it to that choice, after
 * which the push says so and a second look shows the choice kept. 政策管理 keeps a policy's files: uploaded, downloaded, removed.
 */
test('a policy is written on its page, analysed, its enterprises chosen by hand, and pushed', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const title = `E2E政策${stamp}`;
  const enterpriseName = `E2E新能源${stamp}`;
  const [industryName, className] = [`E2E行业${stamp}`, `E2E细分${stamp}`];
  await loginAsAdmin(page, { at: '/basic/policy' });

  // An industry of its own with a class below it, so that no other enterprise fits.
  const industry = await callApi<{ id: string }>(page, 'blade-basic/industry/submit', {
    method: 'POST',
    data: { industryName, sort: 99 },
  });
  const industryClass = await callApi<{ id: string }>(page, 'blade-basic/industry/submit', {
    method: 'POST',
    data: { industryName: className, parentId: industry.id, sort: 1 },
  });
  // An enterprise of that class with its company account and 高新技术企业.
  const enterprise = await callApi<{ id: string }>(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: {
      enterpriseName,
      industry: industryClass.id,
      agentName: '联系人',
      account: `e2e_pol_${stamp}`,
      password: 'secret1',
    },
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

  await test.step('政策管理 is the one list: 新增 opens the add page, where the policy is written and published', async () => {
    await page.goto('/basic/policy');
    await page.getByRole('button', { name: label('新增') }).click();
    await expect(page).toHaveURL(/\/policy\/info\/add$/);
    const form = page.locator('form');
    await form.locator('#title').fill(title);
    await form.locator('#issuingBody').fill('E2E科技局');
    await fillDate(form, 'issueDate', today());
    await pickInTree(page, form, 'industry', [industryName]);
    await form.locator('#tags').fill('高新技术企业');
    await form.locator('#tags').press('Enter');
    await pickOption(page, form, 'publishStatus', '已发布');
    const editor = page.getByRole('textbox', { name: '政策内容' });
    await editor.click();
    await page.keyboard.type('新能源企业研发补助。');
    await expectNoAxeViolations(page, 'policy add page with the rich-text editor');
    await page.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(page).toHaveURL(/\/basic\/policy$/);
    await expect(rowWithCell(page, title)).toBeVisible();
  });

  await test.step('政策资讯 reads the published policies only, and writes none', async () => {
    const draft = `E2E草稿${stamp}`;
    await callApi(page, 'blade-basic/policy/submit', {
      method: 'POST',
      data: { title: draft, issuingBody: 'E2E科技局', issueDate: today(), content: '<p>草稿</p>', publishStatus: 0 },
    });
    await page.goto('/policy/info');
    await expect(rowWithCell(page, title)).toBeVisible();
    await expect(rowWithCell(page, draft)).toHaveCount(0);
    await expect(page.getByRole('button', { name: label('新增') })).toHaveCount(0);
    await expect(await rowActionNames(rowWithCell(page, title))).toEqual(['查看']);
    // The draft is the operator's, in 政策管理; 编辑 there returns there.
    await page.goto('/basic/policy');
    await clickRowAction(rowWithCell(page, draft), '编辑');
    await expect(page).toHaveURL(/\/policy\/info\/edit\//);
    await page.getByRole('button', { name: /^(arrow-left )?政策$/ }).click();
    await expect(page).toHaveURL(/\/basic\/policy$/);
  });

  const [policy] = (
    await callApi<{ records: { id: string; content: string }[] }>(page, 'blade-basic/policy/page', {
      params: { title },
    })
  ).records;
  expect(policy.content).toContain('新能源企业研发补助。');
  await callApi(page, 'blade-demo/policy-push/submit', { method: 'POST', data: { policyId: policy.id } });

  // An enterprise the policy does not fit, for the operator to add by hand.
  const handPicked = `E2E手选${stamp}`;
  await callApi(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: { enterpriseName: handPicked, agentName: '联系人', account: `e2e_polh_${stamp}`, password: 'secret1' },
  });

  await test.step('分析推送 shows the fitting enterprise; one is added by hand and the fitting one left out', async () => {
    await page.goto('/policy/push');
    const row = rowWithCell(page, title);
    await clickRowAction(row, '分析推送');
    const dialog = await settled(page.getByRole('dialog').filter({ hasText: `分析推送：${title}` }));
    const found = dataRows(dialog).filter({ hasText: enterpriseName });
    await expect(found).toContainText('高新技术企业');
    await expect(found).toContainText(className);
    await expect(found).toContainText('待推送');
    // Its one company account, said as a count.
    await expect(found).toContainText('1 个账号');
    await expectNoAxeViolations(page, 'analyse-push dialog');
    // Added through the enterprise selector: listed, marked 手动加入.
    await pickFirstRow(page, dialog, 'push-add-enterprises', {
      input: 'enterpriseSelector_enterpriseName',
      text: handPicked,
    });
    const added = dataRows(dialog).filter({ hasText: handPicked });
    await expect(added).toContainText('手动加入');
    await expect(added).toContainText('待推送');
    // The fitting one left out: gone from the list, offered back under 已移除.
    await found.getByRole('button', { name: `移除 ${enterpriseName}` }).click();
    await expect(found).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: `恢复 ${enterpriseName}` })).toBeVisible();
    await expect(dataRows(dialog)).toHaveCount(1);
  });

  await test.step('确认推送 sends to the choice, which a second look still shows', async () => {
    const dialog = page.getByRole('dialog').filter({ hasText: `分析推送：${title}` });
    await dialog.getByRole('button', { name: label('确认推送') }).click();
    await expect(toast(page, '已推送').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = rowWithCell(page, title);
    await expect(row).toContainText('已推送');
    await clickRowAction(row, '分析推送');
    const again = await settled(page.getByRole('dialog').filter({ hasText: `分析推送：${title}` }));
    await expect(dataRows(again).filter({ hasText: handPicked })).toContainText('已推送');
    await expect(again.getByRole('button', { name: `恢复 ${enterpriseName}` })).toBeVisible();
  });
});

/**
 * 政策管理's 附件 (the guide's files use the same dialog, AttachmentsModal): a file is uploaded through the
 * dialog's upload button, listed, downloaded with its bytes, and removed after the confirmation.
 */
test("a policy's file is uploaded, downloaded and removed under 政策管理", async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const title = `E2E附件政策${stamp}`;
  const fileName = `政策原文${stamp}.pdf`;
  await loginAsAdmin(page, { at: '/basic/policy' });
  await callApi(page, 'blade-basic/policy/submit', {
    method: 'POST',
    data: { title, issuingBody: 'E2E科技局', issueDate: today(), content: '<p>原文见附件</p>', publishStatus: 0 },
  });
  await page.locator('#search_title').fill(title);
  await page.getByRole('button', { name: label('搜索') }).click();
  await clickRowAction(rowWithCell(page, title), '附件');
  const files = page.getByRole('dialog', { name: `附件 - ${title}` });

  await attachmentRoundTrip(page, files, fileName);
});
