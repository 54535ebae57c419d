import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, settled, toast } from '../support/console.ts';
import { callApi, rowWithCell, selectRow } from '../support/system.ts';

const SALES_DEPT = '1123598813738675202'; // 招商部
const ROLES = {
  用户: '1123598816738675202',
  园区员工: '1123598816738675203',
  企业用户: '1123598816738675204',
} as const;
type RoleName = keyof typeof ROLES;

/** The names of the roles a user holds now, as the server keeps them. */
async function rolesOf(page: Page, id: string): Promise<string[]> {
  const user = await callApi<{ roleId: string | null }>(page, 'blade-user/detail', { params: { id } });
  const names = Object.fromEntries(Object.entries(ROLES).map(([name, roleId]) => [roleId, name]));
  return (user.roleId ?? '')
    .split(',')
    .filter(Boolean)
    .map((roleId) => names[roleId] ?? roleId)
    .sort();
}

/** The names ticked in the dialog's role tree. */
const ticked = (dialog: Locator) =>
  dialog.locator('.ant-tree-treenode:has(.ant-tree-checkbox-checked) .ant-tree-title').allTextContents();

/**
 * Issue #14 point 1: 用户角色配置 opens with the user's roles ticked, saving sets exactly what is
 * ticked, and for several users it ticks the roles they all hold and says that saving gives each
 * of them the same roles. The walk makes its own two users and touches only them.
 */
test('the role grant shows what users hold and sets exactly what is ticked', async ({ page }) => {
  const stamp = `e2e_grant_${Date.now()}`;
  await loginAsAdmin(page, { at: '/system/user' });
  const create = async (suffix: string, roles: RoleName[]) => {
    const saved = await callApi<{ id: string }>(page, 'blade-user/submit', {
      method: 'POST',
      data: {
        account: `${stamp}_${suffix}`,
        password: 'Secret-123',
        name: `授权${suffix}`,
        realName: `授权${suffix}`,
        roleId: roles.map((r) => ROLES[r]).join(','),
        deptId: SALES_DEPT,
      },
    });
    return saved.id;
  };
  const a = await create('a', ['用户', '园区员工']);
  const b = await create('b', ['用户', '企业用户']);

  const rowA = rowWithCell(page, `${stamp}_a`);
  const rowB = rowWithCell(page, `${stamp}_b`);
  const dialog = page.getByRole('dialog', { name: '用户角色配置' });
  const note = dialog.getByText('勾选的是他们共同拥有的角色');
  const openGrant = async () => {
    await page.getByRole('button', { name: label('角色配置') }).click();
    await settled(dialog);
    // The tree shows once the users' roles are read.
    await expect(dialog.getByTitle('园区员工', { exact: true })).toBeVisible();
  };
  const save = async () => {
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, '操作成功').first()).toBeVisible();
  };

  // Only the walk's own users in the list.
  await page.locator('#search_account').fill(stamp);
  await page.getByRole('button', { name: label('搜索') }).click();
  await expect(rowA).toBeVisible();
  await expect(rowB).toBeVisible();

  await test.step("one user's dialog opens with the user's roles ticked, and no note", async () => {
    await selectRow(rowA);
    await openGrant();
    await expect.poll(() => ticked(dialog)).toEqual(['用户', '园区员工']);
    await expect(note).toHaveCount(0);
    await expectNoAxeViolations(page, 'user role dialog');
  });

  await test.step('saving a changed set leaves the user exactly that set', async () => {
    await dialog.getByTitle('用户', { exact: true }).click();
    await dialog.getByTitle('企业用户', { exact: true }).click();
    await expect.poll(() => ticked(dialog)).toEqual(['园区员工', '企业用户']);
    await save();
    expect(await rolesOf(page, a)).toEqual(['企业用户', '园区员工']);
    await expect(rowA).toContainText('企业用户');
    // Opened again, it shows the new set.
    await selectRow(rowA);
    await openGrant();
    await expect.poll(() => ticked(dialog)).toEqual(['园区员工', '企业用户']);
    await dialog.getByRole('button', { name: label('取消') }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('two users with different roles show only the roles they share, with the note', async () => {
    // A holds 园区员工 and 企业用户, B 用户 and 企业用户: they share 企业用户.
    await selectRow(rowA);
    await selectRow(rowB);
    await openGrant();
    await expect.poll(() => ticked(dialog)).toEqual(['企业用户']);
    await expect(note).toBeVisible();
    await expect(dialog).toContainText('已选择 2 个用户');
    // Saving as shown gives both exactly the shared roles.
    await save();
    expect(await rolesOf(page, a)).toEqual(['企业用户']);
    expect(await rolesOf(page, b)).toEqual(['企业用户']);
  });

  await callApi(page, 'blade-user/remove', { method: 'POST', params: { ids: `${a},${b}` } });
});
