import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import {
  callApi,
  clickRowAction,
  confirm,
  deleteRow,
  rowActionNames,
  rowWithCell,
  saveDialog,
} from '../support/system.ts';

/**
 * 定时任务 (spec parts 1, 4 and 7): an administrator adds a job, sees when it runs next as the
 * schedule is typed, runs it now, pauses and resumes it, sees a failed run recorded, and deletes it.
 */
test('an administrator schedules, runs, pauses and resumes a job', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const key = `e2e-${stamp}`;
  await loginAsAdmin(page);
  await openMenu(page, '资源管理', '定时任务');
  await expect(page).toHaveURL(/\/resource\/job$/);
  // The demo's jobs are listed by key, one per handler.
  await expect(rowWithCell(page, 'log-cleanup')).toHaveCount(1);
  await expectNoAxeViolations(page, 'jobs');

  await test.step('a job is added: the form names what is missing and shows the schedule’s next runs', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.getByRole('button', { name: label('保存') }).click();
    const errors = dialog.locator('.ant-form-item-explain-error');
    await expect(errors).toHaveText(['请输入任务标识', '请输入任务名称', '请选择执行器', '请输入Cron表达式']);
    await dialog.locator('#keyName').fill(key);
    await dialog.locator('#jobName').fill(`清理日志 ${stamp}`);
    await pickOption(page, dialog, 'handler', '清理过期日志');
    await expect(dialog.getByText('保留最近 90 天的日志')).toBeVisible();
    await dialog.locator('#cronExpression').fill('every day');
    await dialog.locator('#cronExpression').blur();
    await expect(dialog.getByText('Cron表达式格式不正确', { exact: true })).toBeVisible();
    await dialog.locator('#cronExpression').fill('0 30 3 * * ?');
    await expect(dialog.getByTestId('cron-next-runs')).toContainText(/接下来执行：\d{4}-\d{2}-\d{2} 03:30:00/);
    await expectNoAxeViolations(page, 'job dialog');
    // The server checks the handler's parameters.
    await dialog.locator('#params').fill('{"days":0}');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '参数 days（保留天数）须为1到3650的整数').first()).toBeVisible();
    await dialog.locator('#params').fill('{"days":30}');
    await saveDialog(page, dialog, '新增成功');
  });

  const row = rowWithCell(page, key);
  await test.step('it waits for its next run', async () => {
    await page.locator('#search_keyName').fill(key);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(row.locator('.ant-tag')).toHaveText('等待');
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} 03:30:00/);
    expect(await rowActionNames(row)).not.toContain('恢复');
  });

  await test.step('立即执行 runs it after a question, and the list keeps what it did', async () => {
    await clickRowAction(row, '立即执行');
    await confirm(page, `确定立即执行任务 ${key}?`, '清理30天前的日志');
    await expect(row).toContainText(/清理30天前的日志\d+条/);
    await expect(row.locator('.ant-tag')).toHaveText('等待');
  });

  await test.step('暂停 stops its schedule; 恢复 takes it up again', async () => {
    await clickRowAction(row, '暂停');
    await confirm(page, `确定暂停任务 ${key}?`, '任务已暂停');
    await expect(row.locator('.ant-tag')).toHaveText('暂停');
    await expect(row).not.toContainText('03:30:00');
    expect(await rowActionNames(row)).not.toContain('暂停');
    await clickRowAction(row, '恢复');
    await confirm(page, `确定恢复任务 ${key}?`, '任务已恢复');
    await expect(row.locator('.ant-tag')).toHaveText('等待');
    await expect(row).toContainText('03:30:00');
  });

  await test.step('an edit changes the schedule, and the next run moves with it', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await dialog.locator('#cronExpression').fill('0 45 4 * * ?');
    await saveDialog(page, dialog, '更新成功');
    await expect(row).toContainText('04:45:00');
  });

  await test.step('a run that fails is recorded as 错误 with its reason', async () => {
    const failing = `e2e-fail-${stamp}`;
    await callApi(page, 'blade-resource/job/save', {
      method: 'POST',
      data: {
        keyName: failing,
        jobName: '发送提醒',
        handler: 'sendMessage',
        cronExpression: '0 0 9 ? * MON',
        params: '{"title":"提醒","roleAlias":"no-such-role"}',
      },
    });
    await page.locator('#search_keyName').fill(failing);
    await page.getByRole('button', { name: label('搜索') }).click();
    const failed = rowWithCell(page, failing);
    await clickRowAction(failed, '立即执行');
    const question = await settled(page.getByRole('dialog').filter({ hasText: '确定立即执行任务' }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '执行失败：角色别名 no-such-role 不存在').first()).toBeVisible();
    await expect(failed.locator('.ant-tag')).toHaveText('错误');
    await expect(failed).toContainText('执行失败：角色别名 no-such-role 不存在');
    await deleteRow(page, failed);
  });

  await test.step('the job is deleted', async () => {
    await page.locator('#search_keyName').fill(key);
    await page.getByRole('button', { name: label('搜索') }).click();
    await deleteRow(page, row);
    await expect(row).toHaveCount(0);
  });
});
