import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { dataRows, fillDate } from '../support/crm.ts';
import { confirmPick, search } from '../support/pickers.ts';
import { callApi, clickRowAction, confirm, rowWithCell, saveDialog } from '../support/system.ts';

/**
 * 工作台 › 项目待办: a team project and a matter assigned to admin made in the basic screens show in
 * the desk's counts and open matters; completing the matter from its detail takes it off the list.
 * The home page's 企业动态 names an enterprise just created.
 */
interface TodoStatistics {
  todo: number;
  overdue: number;
  doneThisMonth: number;
  total: number;
}

/** Picks admin (管理员) in the person picker a form's user field opens. */
async function pickAdmin(page: Page, dialog: Locator, field: string, checked = false) {
  await dialog.locator(`#${field}`).click();
  const picker = await settled(page.getByRole('dialog', { name: '选择人员' }));
  await picker.locator('#personPicker_realName').fill('管理员');
  await search(picker);
  await picker.getByRole('cell', { name: '管理员', exact: true }).first().click();
  await expect(dataRows(picker).locator('.ant-radio-wrapper-checked')).toHaveCount(1);
  if (checked) await expectNoAxeViolations(page, 'person picker');
  await confirmPick(picker);
  await expect(picker).toBeHidden();
  await expect(dialog.locator(`#${field}`)).toHaveValue('管理员');
}

/** The number on one of the desk's statistic cards. */
const statistic = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).locator('.ant-statistic-content-value');

test('a matter assigned in the basic screens is counted, listed, opened and completed on the desk', async ({
  page,
}) => {
  const stamp = Date.now();
  const projectName = `团队项目${stamp}`;
  const matterTitle = `待办事项${stamp}`;
  await loginAsAdmin(page);
  const before = await callApi<TodoStatistics>(page, 'blade-desk/team-project-matters/todoStatistics');

  await test.step('a team project led by admin is added on 团队项目 (基础数据)', async () => {
    await page.goto('/basic/team-project');
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#projectName').fill(projectName);
    await pickAdmin(page, dialog, 'leader', true);
    await saveDialog(page, dialog, '新增成功');
    await page.locator('#search_projectName').fill(projectName);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(rowWithCell(page, projectName)).toContainText('管理员');
    await expect(rowWithCell(page, projectName)).toContainText('进行中');
    // Editing shows the leader by name, as the list does.
    await clickRowAction(rowWithCell(page, projectName), '编辑');
    const edit = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(edit.locator('#leader')).toHaveValue('管理员');
    await edit.getByRole('button', { name: label('取消') }).click();
    await expect(edit).toBeHidden();
  });

  await test.step('a matter of it, assigned to admin and long overdue, is added on 项目事项', async () => {
    await page.goto('/basic/team-project-matters');
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#teamProjectId').click();
    await dialog.locator('#teamProjectId').fill(projectName);
    await page.locator('.ant-select-dropdown:visible').getByTitle(projectName, { exact: true }).click();
    await dialog.locator('#matterTitle').fill(matterTitle);
    await pickAdmin(page, dialog, 'assignee');
    // Older than any other matter of admin's, so it leads the desk's list.
    await fillDate(dialog, 'dueDate', '2021-01-04');
    await dialog.locator('#content').fill('核对并签字');
    await saveDialog(page, dialog, '新增成功');
    await page.locator('#search_matterTitle').fill(matterTitle);
    await page.getByRole('button', { name: label('搜索') }).click();
    const row = rowWithCell(page, matterTitle);
    await expect(row).toContainText(projectName);
    await expect(row).toContainText('待办');
  });

  await test.step('工作台 › 项目待办 counts it and lists it first', async () => {
    await page.goto('/wel/index');
    await openMenu(page, '工作台', '项目待办');
    await expect(page).toHaveURL(/\/desk\/teamproject$/);
    await expect(statistic(page, '待办')).toHaveText(String(before.todo + 1));
    await expect(statistic(page, '已逾期')).toHaveText(String(before.overdue + 1));
    await expect(statistic(page, '全部事项')).toHaveText(String(before.total + 1));
    const first = dataRows(page).first();
    await expect(first).toContainText(matterTitle);
    await expect(first).toContainText(projectName);
    await expect(first).toContainText('2021-01-04');
    await expect(first).toContainText('已逾期');
    await expectNoAxeViolations(page, 'project to-dos');
  });

  await test.step('the matter opens in detail and is completed after a confirmation', async () => {
    await page.getByRole('link', { name: matterTitle }).click();
    await expect(page).toHaveURL(/\/desk\/teamproject\/matters\/\d+$/);
    await expect(page.getByText('核对并签字')).toBeVisible();
    await expectNoAxeViolations(page, 'matter detail');
    await page.getByRole('button', { name: label('完成') }).click();
    await confirm(page, `确定将事项“${matterTitle}”标记为已完成?`, '事项已完成');
  });

  await test.step('it has left the open matters, and the counts say so', async () => {
    await expect(page).toHaveURL(/\/desk\/teamproject$/);
    await expect(statistic(page, '待办')).toHaveText(String(before.todo));
    await expect(statistic(page, '本月完成')).toHaveText(String(before.doneThisMonth + 1));
    await expect(dataRows(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: matterTitle })).toHaveCount(0);
  });
});

test('the home page shows the latest enterprise updates with an enterprise just created', async ({ page }) => {
  const stamp = Date.now();
  const name = `动态企业${stamp}`;
  await loginAsAdmin(page);
  await callApi(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: { enterpriseName: name, agentName: '联系人', account: `upd${stamp}`, password: 'Secret-123' },
  });
  const updates = page.getByRole('region', { name: '企业动态' });
  const entry = updates.getByRole('listitem').filter({ hasText: name });
  // The card holds the latest few: another walk's burst of new enterprises may push this one off for a
  // moment (the selector walk makes eleven and removes them), so the page is read again until it shows.
  await expect(async () => {
    await page.goto('/wel/index');
    await expect(updates).toBeVisible();
    await expect(entry).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 45_000 });
  await expect(entry).toContainText('新入园');
  await expect(entry).toContainText('管理员');
  await expect(toast(page, '缺失权限或权限不足')).toHaveCount(0);
});
