import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { pickFirstRow } from '../support/catalog.ts';
import { type Credentials, label, moveInApp, openMenu, settled, startSession, toast } from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import { callApi, clickRowAction, rowActionNames, rowWithCell } from '../support/system.ts';

/** Demo accounts (password 123456): 星河智能's company account, the property department's supervisor and handyman. */
const COMPANY: Credentials = { tenantId: '000000', username: 'xinghe', password: '123456' };
const DISPATCHER: Credentials = { tenantId: '000000', username: 'liu_wy', password: '123456' };
const HANDLER: Credentials = { tenantId: '000000', username: 'zhao_wx', password: '123456' };
/** The park staff's sidebar holds the process screens, not 系统管理. */
const STAFF_HOME = '流程管理';

/** A row of one of the task lists (task-list-<kind>) by the process's serial number. */
const taskRow = (page: Page, kind: 'todo' | 'claim', serial: string) =>
  page.getByTestId(`task-list-${kind}`).getByRole('row').filter({ hasText: serial });

/** 同意 on the open task's detail: the action bar's button, its dialog with a comment, 确定. */
async function approve(page: Page, comment: string) {
  await page.getByTestId('task-actions').locator('[data-action="wf_pass"]').click();
  const dialog = await settled(page.getByRole('dialog', { name: '同意' }));
  await dialog.locator('#wfOperation_comment').fill(comment);
  await dialog.getByRole('button', { name: label('确定') }).click();
  await expect(toast(page, '操作成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Opens a to-do (办理 on 待办事务) and waits for its detail at that task. */
async function openTodo(page: Page, serial: string, taskName: string): Promise<Locator> {
  const row = taskRow(page, 'todo', serial);
  await expect(row).toContainText(taskName);
  await row.getByRole('button', { name: label('办理') }).click();
  const detail = page.getByTestId('process-detail');
  await expect(detail.getByTestId('process-header')).toContainText(serial);
  await expect(detail.getByTestId('process-header')).toContainText(taskName);
  return detail;
}

/**
 * A company account's repair runs through the demo repair process 报修处理 (issue 31): 星河智能's xinghe reports it
 * on 报修管理 (blade-crm/work-order/submit), which starts the process; its row offers 查看流程 instead of the direct
 * moves. The property department's 刘主管 finds 派单 in 待签事务, 签收 it, opens it from 待办事务, picks 赵师傅 as
 * 处理人 in the form and 同意; 赵师傅 finds 维修处理 in his 待办, writes the 处理结果 and 同意; the reporter finds
 * 报修人确认 in its own 待办, chooses 满意 and 同意. The repair's list shows it 已评价, its detail every step the
 * process took it through, and 查看流程 opens the process's detail with the history of each act.
 */
test('a repair a company account reports is dispatched, worked and confirmed through the repair process', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const location = `E2E流程报修${stamp}`;
  const repairRow = rowWithCell(page, location);
  const findRepair = async () => {
    await page.locator('#search_location').fill(location);
    await page.getByRole('button', { name: label('搜索') }).click();
  };
  let serial = '';

  await test.step('the company reports the fault on its 报修管理: the repair process starts', async () => {
    await startSession(page, COMPANY, { accountType: 'web', at: '/property/repair' });
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
    await expect(dialog).toBeHidden();
    await findRepair();
    await expect(repairRow).toContainText('待受理');
    await expect(repairRow).toContainText('星河智能科技有限公司');
    // The process moves it now: 查看流程, and no 评价 later; 编辑 and 取消 while nobody has taken it up.
    expect(await rowActionNames(repairRow)).toEqual(['查看', '编辑', '查看流程', '取消报修']);
    await expectNoAxeViolations(page, '/property/repair as a company account', 'screen');
    // The process's serial number, which its rows in the task lists show.
    const { records } = await callApi<{ records: { processInstanceId: string | null }[] }>(
      page,
      'blade-property/repair/page',
      { params: { location } },
    );
    expect(records[0].processInstanceId).toBeTruthy();
    const started = await callApi<{ process: { serialNumber: string } }>(page, 'blade-workflow/process/detail', {
      params: { processInstanceId: String(records[0].processInstanceId) },
    });
    serial = started.process.serialNumber;
  });

  await test.step('刘主管 claims 派单 in 待签事务, opens it, picks 赵师傅 as 处理人 and 同意', async () => {
    await startSession(page, DISPATCHER, { at: '/workflow/process/claim', home: STAFF_HOME });
    const offered = taskRow(page, 'claim', serial);
    await expect(offered).toContainText('报修处理');
    await expect(offered).toContainText('派单');
    await offered.getByRole('button', { name: label('签收') }).click();
    const question = await settled(page.getByRole('dialog').filter({ hasText: '确定签收' }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '已签收').first()).toBeVisible();
    await expect(offered).toHaveCount(0);

    await moveInApp(page, '/workflow/process/todo');
    const detail = await openTodo(page, serial, '派单');
    const form = detail.getByTestId('process-form');
    await expect(form.locator('#wfTask_location')).toHaveText(location);
    await pickFirstRow(page, form, 'wfTask_handler', { input: 'personPicker_realName', text: '赵师傅' });
    await expect(form.locator('#wfTask_handler')).toHaveValue('赵师傅');
    await approve(page, '请赵师傅今天上门');
    await expect(detail).toBeHidden();
  });

  await test.step('赵师傅 finds 维修处理 in his 待办, writes the result and 同意', async () => {
    await startSession(page, HANDLER, { at: '/workflow/process/todo', home: STAFF_HOME });
    const detail = await openTodo(page, serial, '维修处理');
    await detail.getByTestId('process-form').locator('#wfTask_result').fill('更换压缩机电容，试机制冷正常');
    await approve(page, '已修好');
    await expect(detail).toBeHidden();
  });

  await test.step('the reporter confirms in its own 待办: 满意 and 同意', async () => {
    await startSession(page, COMPANY, { accountType: 'web', at: '/workflow/process/todo' });
    const detail = await openTodo(page, serial, '报修人确认');
    const form = detail.getByTestId('process-form');
    await expect(form.locator('#wfTask_result')).toHaveText('更换压缩机电容，试机制冷正常');
    await form.getByRole('radio', { name: '满意', exact: true }).check();
    await approve(page, '维修及时');
    await expect(detail).toBeHidden();
  });

  await test.step('报修管理 shows it 已评价 with the steps of the process; 查看流程 opens the history', async () => {
    await openMenu(page, '物业管理', '报修管理');
    await findRepair();
    await expect(repairRow).toContainText('已评价');
    expect(await rowActionNames(repairRow)).toEqual(['查看', '查看流程']);

    await clickRowAction(repairRow, '查看');
    const repairDetail = await settled(page.getByRole('dialog', { name: '报修详情' }));
    const steps = repairDetail.locator('.ant-timeline-item');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText('提交报修');
    await expect(steps.nth(1)).toContainText('受理派单（待受理 → 已派单）');
    await expect(steps.nth(1)).toContainText('派给：赵师傅');
    await expect(steps.nth(2)).toContainText('处理完成（已派单 → 已完成）');
    await expect(steps.nth(2)).toContainText('更换压缩机电容，试机制冷正常');
    await expect(steps.nth(3)).toContainText('评价');
    await expect(steps.nth(3)).toContainText('维修及时');
    await repairDetail
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await expect(repairDetail).toBeHidden();

    await clickRowAction(repairRow, '查看流程');
    const detail = page.getByTestId('process-detail');
    await expect(detail.getByTestId('process-header')).toContainText(serial);
    await expect(detail).toContainText('已办结');
    await detail.getByRole('tab', { name: '流转记录' }).click();
    const entries = detail.getByTestId('process-history').getByTestId('history-entry');
    await expect(entries).toHaveCount(6);
    const actions = await entries.evaluateAll((all) => all.map((entry) => entry.getAttribute('data-action')));
    expect(actions).toEqual(['start', 'claim', 'pass', 'pass', 'pass', 'end']);
    await expect(entries.nth(1)).toContainText('刘主管');
    await expect(entries.nth(2)).toContainText('派单');
    await expect(entries.nth(2)).toContainText('请赵师傅今天上门');
    await expect(entries.nth(3)).toContainText('赵师傅');
    await expect(entries.nth(3)).toContainText('维修处理');
    await expect(entries.nth(4)).toContainText('报修人确认');
    await expect(entries.nth(4)).toContainText('维修及时');
  });
});
