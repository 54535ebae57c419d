import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, sidebarItem, submitLogin, toast } from '../support/console.ts';
import { dataRows, logout } from '../support/crm.ts';
import { callApi, clickRowAction, confirm, rowWithCell } from '../support/system.ts';

/**
 * The message centre: 消息管理 sends to people picked with the person picker (checkboxes, across
 * pages) and to a role; a recipient reads it in 我的消息 and the bell's count drops; the sender
 * then sees who has read it.
 */
const PASSWORD = 'Secret-123';
const PROPERTY_DEPT = '1123598813738675203'; // 物业部 of the seed

interface TreeNode {
  id: string;
  title: string;
  children?: TreeNode[];
}

function findNode(nodes: TreeNode[], title: string): TreeNode | undefined {
  for (const node of nodes) {
    if (node.title === title) return node;
    const below = findNode(node.children ?? [], title);
    if (below) return below;
  }
  return undefined;
}

/** A role that sees 我的消息, and `count` users holding it named `<people>-01`, `-02`, ... */
async function arrangeRecipients(page: Page, stamp: number, people: string, count: number) {
  const roleName = `收信${stamp % 100_000}`;
  await callApi(page, 'blade-system/role/submit', {
    method: 'POST',
    data: { roleName, roleAlias: `inbox_${stamp}`, parentId: 0, sort: 9 },
  });
  const role = findNode(await callApi<TreeNode[]>(page, 'blade-system/role/tree'), roleName);
  const menus = (await callApi<{ menu: TreeNode[] }>(page, 'blade-system/menu/grant-tree')).menu;
  const centre = findNode(menus, '消息中心');
  const inbox = findNode(centre?.children ?? [], '我的消息');
  expect(role && centre && inbox).toBeTruthy();
  await callApi(page, 'blade-system/role/grant', {
    method: 'POST',
    data: { roleIds: [role?.id], menuIds: [centre?.id, inbox?.id], dataScopeIds: [], apiScopeIds: [] },
  });
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(2, '0');
    await callApi(page, 'blade-user/submit', {
      method: 'POST',
      data: {
        account: `inbox_${stamp}_${n}`,
        password: PASSWORD,
        name: `${people}${n}`,
        realName: `${people}-${n}`,
        userType: 1,
        roleId: role?.id,
        deptId: PROPERTY_DEPT,
      },
    });
  }
  return roleName;
}

/** The send dialog, opened from 消息管理's toolbar. */
async function openSendDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: label('发送消息') }).click();
  const dialog = page.getByRole('dialog', { name: '发送消息' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a message sent to picked people and to a role is read by a recipient, and the sender sees who read it', async ({
  page,
}) => {
  const stamp = Date.now();
  const people = `收${stamp % 100_000}`;
  const direct = `直发${stamp}`;
  const broadcast = `角色广播${stamp}`;
  await loginAsAdmin(page);
  const roleName = await arrangeRecipients(page, stamp, people, 11);

  await openMenu(page, '消息中心', '消息管理');

  await test.step('the send dialog says what each field wants and what is missing', async () => {
    await expect(page.locator('#sentMessage_title')).toHaveAttribute('placeholder', '请输入标题');
    const dialog = await openSendDialog(page);
    await expect(dialog.locator('#sendMessage_title')).toHaveAttribute('placeholder', '请输入消息标题');
    await expect(dialog.locator('#sendMessage_content')).toHaveAttribute('placeholder', '请输入消息内容');
    await expect(dialog.locator('#sendMessage_people')).toHaveAttribute('placeholder', '请选择接收人');
    await expect(dialog.getByRole('button', { name: label('保存') })).toHaveCount(0);
    await dialog.getByRole('button', { name: label('发送') }).click();
    for (const text of ['请输入消息标题', '请选择接收人', '请输入消息内容']) {
      await expect(dialog.locator('.ant-form-item-explain-error', { hasText: text })).toBeVisible();
    }
    await expectNoAxeViolations(page, 'send dialog with its problems');
    await dialog.getByRole('button', { name: label('取消') }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('an ordinary message goes to two people picked on two pages of the person picker', async () => {
    const dialog = await openSendDialog(page);
    await dialog.locator('#sendMessage_title').fill(direct);
    await dialog.locator('#sendMessage_content').fill(`${direct}的内容`);
    await dialog.getByRole('button', { name: '选择' }).click();
    const picker = page.getByRole('dialog', { name: '选择接收人' });
    await expect(picker).toBeVisible();
    await picker.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '请选择至少一条数据').first()).toBeVisible();

    await picker.locator('#personPicker_realName').fill(people);
    await picker.getByRole('button', { name: label('搜索') }).click();
    // Newest first: -11 leads the first page, -01 is alone on the second.
    await expect(picker.getByText('共 11 条')).toBeVisible();
    await dataRows(picker)
      .filter({ hasText: `${people}-11` })
      .locator('.ant-checkbox-input')
      .check();
    await picker.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await dataRows(picker)
      .filter({ hasText: `${people}-01` })
      .locator('.ant-checkbox-input')
      .check();
    await expect(picker.getByText('已选择 2 项')).toBeVisible();
    await picker.getByRole('button', { name: label('确定') }).click();
    await expect(picker).toBeHidden();
    await expect(dialog.locator('#sendMessage_people')).toHaveValue(`${people}-11, ${people}-01`);

    await dialog.getByRole('button', { name: label('发送') }).click();
    await expect(toast(page, '操作成功！').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowWithCell(page, direct)).toContainText('0/2');
  });

  await test.step('a role broadcast goes to every holder of the role', async () => {
    const dialog = await openSendDialog(page);
    await dialog.locator('#sendMessage_title').fill(broadcast);
    await dialog.locator('#sendMessage_type').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('角色广播', { exact: true }).click();
    await dialog.getByRole('button', { name: label('发送') }).click();
    await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请选择角色' })).toBeVisible();
    const roles = dialog.locator('#sendMessage_roleIds');
    await roles.click();
    await roles.fill(roleName);
    await page.locator('.ant-select-dropdown:visible').getByTitle(roleName, { exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.locator('#sendMessage_content').fill(`${broadcast}的内容`);
    await dialog.getByRole('button', { name: label('发送') }).click();
    await expect(toast(page, '操作成功！').first()).toBeVisible();
    await expect(rowWithCell(page, broadcast)).toContainText('0/11');
    await expect(rowWithCell(page, broadcast)).toContainText('角色广播');
  });

  await test.step('a recipient sees the count and reads the message in 我的消息', async () => {
    await logout(page);
    await submitLogin(page, { tenantId: '000000', username: `inbox_${stamp}_01`, password: PASSWORD });
    await expect(sidebarItem(page, '消息中心')).toBeVisible();
    const badge = page.getByTestId('message-bell').locator('.ant-badge-count');
    await expect(badge).toHaveAttribute('title', '2');

    await openMenu(page, '消息中心', '我的消息');
    await expect(page.locator('#myMessage_title')).toHaveAttribute('placeholder', '请输入标题');
    const row = rowWithCell(page, direct);
    await expect(row).toContainText('未读');
    await expect(rowWithCell(page, broadcast)).toContainText('未读');
    await row.getByText(direct).click();
    const detail = page.getByRole('dialog', { name: direct });
    await expect(detail.getByText(`${direct}的内容`)).toBeVisible();
    await expect(badge).toHaveAttribute('title', '1');
    await page.keyboard.press('Escape');
    await expect(row).toContainText('已读');
    await expect(rowWithCell(page, broadcast)).toContainText('未读');

    await page.getByRole('button', { name: label('全部已读') }).click();
    await confirm(page, '确定将全部消息标记为已读?', '操作成功！');
    await expect(rowWithCell(page, broadcast)).toContainText('已读');
    await expect(badge).toHaveCount(0);
    // Checked once the bell has no count: the bell's name leaves its count out (label-content-name-mismatch,
    // the bell's own work).
    await expectNoAxeViolations(page, 'my messages');

    // Removing it from the inbox leaves the delivery (and its read state) for the sender.
    await clickRowAction(row, '删除');
    await confirm(page, '确定将选择的消息删除?', '操作成功！');
    await expect(row).toHaveCount(0);
    await expect(page.getByText('共 1 条')).toBeVisible();
  });

  await test.step('the sender sees one of two read, and who read it', async () => {
    await logout(page);
    await loginAsAdmin(page);
    await openMenu(page, '消息中心', '消息管理');
    const row = rowWithCell(page, direct);
    await expect(row).toContainText('1/2');
    await expect(rowWithCell(page, broadcast)).toContainText('1/11');
    await row.getByText(direct).click();
    const detail = page.getByRole('dialog', { name: '消息详情' });
    await expect(detail.getByTestId('sent-read-count')).toHaveText('1/2');
    await expect(rowWithCell(page, `${people}-01`)).toContainText('已读');
    await expect(rowWithCell(page, `${people}-11`)).toContainText('未读');
    await expectNoAxeViolations(page, 'sent message detail');
  });
});
