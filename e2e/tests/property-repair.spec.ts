import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { pickFirstRow } from '../support/catalog.ts';
import { label, loginAsAdmin, openMenu, settled, startSession, toast } from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import { callApi, clickRowAction, confirm, rowWithCell } from '../support/system.ts';

/**
 * 报修管理 and 工单管理 (issue 17): a fault reported in the browser on 报修管理, then worked on 工单管理: 派单 to a
 * park user (the person picker), 开始处理, 完成 with the result, every step on the detail's timeline; the reporter's
 * rating (by API) shows on 报修管理's list. Axe on both lists, the report dialog at rest and the detail.
 */
test('a repair is reported, assigned, worked, finished with its steps on the detail, and rated', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const location = `E2E报修地点${stamp}`;
  await loginAsAdmin(page, { at: '/property/repair' });

  await test.step('the fault is reported on 报修管理', async () => {
    await expect(page.getByRole('button', { name: label('新增') })).toBeVisible();
    await expectNoAxeViolations(page, '/property/repair');
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await expectNoAxeViolations(page, '/property/repair, 新增 at rest');
    await pickOption(page, dialog, 'faultType', '空调暖通');
    await dialog.locator('#location').fill(location);
    await dialog.locator('#description').fill('空调出风口只有常温风');
    await dialog.locator('#contactPhone').fill('13900001234');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '报修成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowWithCell(page, location)).toContainText('待受理');
  });

  const row = rowWithCell(page, location);
  await test.step('工单管理: 派单 to a park user, 开始处理, 完成 with the result', async () => {
    await openMenu(page, '物业管理', '工单管理');
    await page.locator('#search_location').fill(location);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(row).toContainText('待受理');
    await expectNoAxeViolations(page, '/property/work-order');

    await clickRowAction(row, '派单');
    const assign = await settled(page.getByRole('dialog').filter({ hasText: '派单：BX' }));
    await pickFirstRow(page, assign, 'assignee', { input: 'personPicker_realName', text: '管理员' });
    await assign.locator('#note').fill('请今天上门');
    await assign.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '派单成功').first()).toBeVisible();
    await expect(assign).toBeHidden();
    await expect(row).toContainText('已派单');
    await expect(row).toContainText('管理员');

    await clickRowAction(row, '开始处理');
    await confirm(page, '确定开始处理报修单', '已开始处理');
    await expect(row).toContainText('处理中');

    await clickRowAction(row, '完成');
    const finish = await settled(page.getByRole('dialog').filter({ hasText: '完成工单：BX' }));
    await finish.locator('#result').fill('清洗滤网并补充冷媒');
    await finish.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '已完成').first()).toBeVisible();
    await expect(finish).toBeHidden();
    await expect(row).toContainText('已完成');
  });

  await test.step('查看 lists every step: who, from which state to which, the notes', async () => {
    await clickRowAction(row, '查看');
    const detail = await settled(page.getByRole('dialog', { name: '报修详情' }));
    await expect(detail).toContainText(location);
    const steps = detail.locator('.ant-timeline-item');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText('提交报修');
    await expect(steps.nth(1)).toContainText('受理派单（待受理 → 已派单）');
    await expect(steps.nth(1)).toContainText('派给：管理员');
    await expect(steps.nth(1)).toContainText('请今天上门');
    await expect(steps.nth(2)).toContainText('开始处理（已派单 → 处理中）');
    await expect(steps.nth(3)).toContainText('处理完成（处理中 → 已完成）');
    await expect(steps.nth(3)).toContainText('清洗滤网并补充冷媒');
    await expectNoAxeViolations(page, 'repair detail');
    await detail
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await expect(detail).toBeHidden();
  });

  await test.step('the reporter rates it (by API); 报修管理 shows it rated', async () => {
    const { records } = await callApi<{ records: { id: string }[] }>(page, 'blade-property/repair/page', {
      params: { location },
    });
    await callApi(page, 'blade-property/repair/rate', {
      method: 'POST',
      data: { id: records[0].id, rating: 5, ratingComment: '处理及时' },
    });
    await openMenu(page, '物业管理', '报修管理');
    await page.locator('#search_location').fill(location);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(row).toContainText('已评价');
  });
});

/**
 * A company account's side (星河智能's xinghe): its fault reported on 报修管理 in the browser goes to
 * blade-crm/work-order/submit for its own enterprise; once the park has worked it (by API here, in the browser
 * above), it rates the repair with the stars and a comment, and its list shows 已评价.
 */
test('a company account reports a fault for its enterprise and rates the finished repair', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const location = `E2E企业报修${stamp}`;
  const company = { tenantId: '000000', username: 'xinghe', password: '123456' };
  const row = rowWithCell(page, location);
  const findIt = async () => {
    await page.locator('#search_location').fill(location);
    await page.getByRole('button', { name: label('搜索') }).click();
  };

  await test.step('the company reports the fault on its 报修管理', async () => {
    await startSession(page, company, { accountType: 'web', at: '/property/repair' });
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await pickOption(page, dialog, 'faultType', '空调暖通');
    await dialog.locator('#location').fill(location);
    await dialog.locator('#description').fill('会议室空调不制冷');
    await dialog.locator('#contactPhone').fill('13900005678');
    const submitted = page.waitForRequest((request) => request.url().includes('/api/blade-crm/work-order/submit'));
    await dialog.getByRole('button', { name: label('保存') }).click();
    await submitted;
    await expect(toast(page, '报修成功').first()).toBeVisible();
    await findIt();
    await expect(row).toContainText('待受理');
    await expect(row).toContainText('星河智能科技有限公司');
    await expectNoAxeViolations(page, '/property/repair as a company account', 'screen');
  });

  await test.step('the park assigns, starts and finishes it', async () => {
    await loginAsAdmin(page, { at: '/property/work-order' });
    const admin = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state.user.userId);
    const { records } = await callApi<{ records: { id: string }[] }>(page, 'blade-property/work-order/page', {
      params: { location },
    });
    const id = records[0].id;
    await callApi(page, 'blade-property/work-order/assign', { method: 'POST', data: { id, assignee: admin } });
    await callApi(page, 'blade-property/work-order/start', { method: 'POST', data: { id } });
    await callApi(page, 'blade-property/work-order/finish', { method: 'POST', data: { id, result: '更换压缩机电容' } });
  });

  await test.step('the company rates it: stars and a comment', async () => {
    await startSession(page, company, { accountType: 'web', at: '/property/repair' });
    await findIt();
    await expect(row).toContainText('已完成');
    await clickRowAction(row, '评价');
    const rate = await settled(page.getByRole('dialog').filter({ hasText: '评价报修：BX' }));
    await rate.getByText('4 星', { exact: true }).click();
    await rate.locator('#ratingComment').fill('维修及时，师傅专业');
    await rate.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '评价成功').first()).toBeVisible();
    await expect(rate).toBeHidden();
    await expect(row).toContainText('已评价');
  });
});
