import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, settled, switchToEnglish, toast } from '../support/console.ts';
import { callApi, clickRowAction, confirm, pickInTree, rowWithCell, selectRow } from '../support/system.ts';

/**
 * 问卷表单 (issue 32), in Chinese: a form made through the API with one question (version 1) is designed on the list —
 * a rating and a single choice with an "other" option added from the questionnaire's palette, seen in the preview —
 * and saved as version 2; its history lists both, version 1 is made main again and the list's 主版本 shows it; the
 * form is deactivated and enabled again, each after a question, its status tag following. One English label at the
 * end. The browser console stays clean throughout. A form never designed shows 未设计, cannot be enabled (the server's
 * reason shown), and moves to one of the questionnaire's categories.
 */

/** Errors and warnings the page logs, and errors it throws (the server's Permissions-Policy note is Chromium's). */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/^Error with Permissions-Policy header/.test(text)) return;
    if (message.type() === 'error' || message.type() === 'warning') seen.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => seen.push(`thrown: ${error.message}`));
  return seen;
}

/** A questionnaire of one text question, as the API's first version. */
const FIRST_VERSION = JSON.stringify({
  version: 1,
  fields: [{ id: 'f_name', type: 'input', name: 'field_1', label: '您的称呼' }],
});

test('a questionnaire form is designed with a rating and an "other" choice, versioned, its main version changed, deactivated and enabled', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const name = `E2E问卷${String(Date.now()).slice(-7)}`;
  await loginAsAdmin(page, { at: '/questionnaire/form' });
  await callApi(page, 'blade-questionnaire/form/submit', { method: 'POST', data: { name, content: FIRST_VERSION } });
  await page.locator('#search_name').fill(name);
  await page.getByRole('button', { name: label('搜索') }).click();
  const row = rowWithCell(page, name);
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(row.locator('.ant-tag')).toHaveText('已启用');

  const drawer = page.getByRole('dialog', { name: `设计表单：${name}` });
  const canvas = drawer.getByRole('region', { name: '画布' });
  await test.step('设计: a rating and a single choice with "other" are added, previewed and saved as version 2', async () => {
    await clickRowAction(row, '设计');
    await expect(canvas.locator('[data-field="field_1"]')).toContainText('您的称呼');
    // People pickers are a workflow form's: the questionnaire's palette has its own kinds.
    await expect(drawer.locator('[data-kind="user"]')).toHaveCount(0);
    await drawer.locator('[data-kind="rating"]').click();
    await drawer.locator('[data-kind="radio"]').click();
    await expect(canvas.locator('[data-field]')).toHaveCount(3);
    await canvas.locator('[data-field]').filter({ hasText: '单选' }).click();
    await drawer.getByRole('button', { name: label('添加“其他”选项') }).click();
    await expect(drawer.getByText('其他（填写内容）')).toBeVisible();

    await drawer.getByRole('tab', { name: '预览' }).click();
    await expect(drawer.getByRole('radio', { name: '其他' })).toBeVisible();
    await expect(drawer.getByText('评分', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'the questionnaire designer’s preview');

    await drawer.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '已保存为版本 2').first()).toBeVisible();
    await drawer.getByRole('button', { name: '关闭', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  });

  await test.step('历史: both versions, version 2 main and previewed; version 1 made main, and the list shows it', async () => {
    await clickRowAction(row, '历史');
    await expect(page).toHaveURL(/\/questionnaire\/form\/history\/\d+$/);
    const versions = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(versions).toHaveCount(2);
    await expect(versions.filter({ hasText: '版本 2' }).locator('.ant-tag')).toHaveText('主版本');
    await expect(page.getByRole('heading', { name: '版本 2 预览' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '其他' })).toBeDisabled();
    await expectNoAxeViolations(page, 'the questionnaire form history');
    const first = versions.filter({ hasText: '版本 1' });
    await first.getByRole('button', { name: label('设为主版本') }).click();
    await confirm(page, '确定将版本 1 设为主版本吗？', '已将版本 1 设为主版本');
    await expect(first.locator('.ant-tag')).toHaveText('主版本');
    await page.getByRole('button', { name: label('返回列表') }).click();
    await expect(page).toHaveURL(/\/questionnaire\/form$/);
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  });

  await test.step('停用 then 启用, each after a question, the status tag following', async () => {
    await clickRowAction(row, '停用');
    await confirm(page, `确定停用问卷表单“${name}”吗？`, `已停用问卷表单“${name}”`);
    await expect(row.locator('.ant-tag')).toHaveText('已停用');
    await clickRowAction(row, '启用');
    await confirm(page, `确定启用问卷表单“${name}”吗？`, `已启用问卷表单“${name}”`);
    await expect(row.locator('.ant-tag')).toHaveText('已启用');
  });

  await test.step('in English, the status reads Enabled', async () => {
    await switchToEnglish(page);
    await expect(row.locator('.ant-tag')).toHaveText('Enabled');
  });

  expect(problems).toEqual([]);
});

test('a form never designed shows 未设计, enabling it again is refused with the server’s reason, and it changes category', async ({
  page,
}) => {
  const name = `E2E空问卷${String(Date.now()).slice(-7)}`;
  await loginAsAdmin(page, { at: '/questionnaire/form' });
  await callApi(page, 'blade-questionnaire/form/submit', { method: 'POST', data: { name } });
  await page.locator('#search_name').fill(name);
  await page.getByRole('button', { name: label('搜索') }).click();
  const row = rowWithCell(page, name);
  await expect(row.getByText('未设计')).toBeVisible();
  await clickRowAction(row, '停用');
  await confirm(page, `确定停用问卷表单“${name}”吗？`, `已停用问卷表单“${name}”`);
  await expect(row.locator('.ant-tag').last()).toHaveText('已停用');
  await clickRowAction(row, '启用');
  await confirm(page, `确定启用问卷表单“${name}”吗？`, `问卷表单还没有保存的版本，不能启用：${name}`);
  await expect(row.locator('.ant-tag').last()).toHaveText('已停用');

  // 变更分类 for the picked row: the questionnaire's categories (the demo's 需求调研), not the workflow's.
  await selectRow(row);
  await page.getByRole('button', { name: label('变更分类') }).click();
  const dialog = await settled(page.getByRole('dialog').filter({ has: page.locator('#changeCategory_categoryId') }));
  await expect(dialog.getByText('问卷分类', { exact: true })).toBeVisible();
  await pickInTree(page, dialog, 'changeCategory_categoryId', ['需求调研']);
  await dialog.getByRole('button', { name: label('确定') }).click();
  await expect(toast(page, '分类已变更').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('需求调研');
});
