import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { pickFirstRow } from '../support/catalog.ts';
import { label, loginAsAdmin, openMenu, settled, startSession, toast } from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import { callApi, clickRowAction, confirm, rowActionNames, rowWithCell } from '../support/system.ts';

/** 超级管理员 and 招商部 of the seed: every screen, and a department outside the demo repair process's 范围. */
const ADMIN_ROLE = '1123598816738675201';
const BUSINESS_DEPT = '1123598813738675202';

/**
 * 报修管理 and 工单管理 (issue 17) the direct way: a repair whose reporter is outside the tenant's repair process's 范围
 * (the demo's: company accounts and 园区运营中心, issue 31) moves by the screens' own buttons, not by the process. The
 * reporter is a park user of 招商部 made for the walk (with every screen, as the administrator): the fault is reported
 * in the browser on 报修管理, then worked on 工单管理: 派单 to a park user (the person picker), 开始处理, 完成 with the
 * result, every step on the detail's timeline; the reporter rates it (stars and a comment) on 报修管理, which then shows
 * 已评价. Axe on both lists, the report dialog at rest and the detail.
 */
test('a repair is reported, assigned, worked, finished with its steps on the detail, and rated', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const location = `E2E报修地点${stamp}`;
  const reporter = { tenantId: '000000', username: `repair_${stamp}`, password: 'Secret-123' };
  const row = rowWithCell(page, location);
  const findIt = async () => {
    await page.locator('#search_location').fill(location);
    await page.getByRole('button', { name: label('搜索') }).click();
  };

  await test.step('a reporter outside the 范围 of the repair process (by API)', async () => {
    await loginAsAdmin(page);
    await callApi(page, 'blade-user/submit', {
      method: 'POST',
      data: {
        account: reporter.username,
        password: reporter.password,
        name: `报修${stamp.slice(-5)}`,
        realName: `报修人${stamp.slice(-5)}`,
        userType: 1,
        roleId: ADMIN_ROLE,
        deptId: BUSINESS_DEPT,
      },
    });
    await startSession(page, reporter, { at: '/property/repair' });
  });

  await test.step('the fault is reported on 报修管理, and moves the direct way', async () => {
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
    await expect(row).toContainText('待受理');
    // No process started for it: no 查看流程, the reporter's own 编辑 and 取消.
    const names = await rowActionNames(row);
    expect(names).toEqual(expect.arrayContaining(['查看', '编辑', '取消报修']));
    expect(names).not.toContain('查看流程');
  });

  await test.step('工单管理: 派单 to a park user, 开始处理, 完成 with the result', async () => {
    await openMenu(page, '物业管理', '工单管理');
    await findIt();
    await expect(row).toContainText('待受理');
    await expectNoAxeViolations(page, '/property/work-order');
    const names = await rowActionNames(row);
    expect(names).toEqual(expect.arrayContaining(['查看', '编辑', '派单', '取消报修']));
    expect(names).not.toContain('查看流程');

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

  await test.step('the reporter rates it on 报修管理: stars and a comment', async () => {
    await openMenu(page, '物业管理', '报修管理');
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
