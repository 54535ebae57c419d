import { expect, type Locator, type Page, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu } from './console.ts';
import { callApi, clickRowAction, confirm, deleteRow, rowActionNames, rowWithCell, saveDialog } from './system.ts';

/**
 * The walk the SMS and OSS screens share: add through the form (secret typed hidden), edit with
 * the masked secret sent back, enable one then the other (the first is disabled), delete.
 */
export interface ProviderWalk {
  /** The sidebar entry under 资源管理. */
  menu: string;
  path: RegExp;
  api: string;
  /** The code field's id (smsCode, ossCode) and its search input. */
  codeField: string;
  /** Fills the add dialog's fields other than the code. */
  fill: (page: Page, dialog: Locator) => Promise<void>;
  /** A second row's body for the API, without its code. */
  body: Record<string, unknown>;
  /** A field edited in the walk (its id), and a value the list shows. */
  edit: { field: string; value: string };
}

export async function walkProvider(page: Page, walk: ProviderWalk) {
  const stamp = String(Date.now()).slice(-8);
  const [first, second] = [`a${stamp}`, `b${stamp}`];
  await loginAsAdmin(page);
  await openMenu(page, '资源管理', walk.menu);
  await expect(page).toHaveURL(walk.path);

  await test.step('a configuration is added through the form, its secret typed hidden', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog.getByText('请输入资源编号', { exact: true })).toBeVisible();
    await expect(dialog.getByText('请输入SecretKey', { exact: true })).toBeVisible();
    await dialog.locator(`#${walk.codeField}`).fill(first);
    await walk.fill(page, dialog);
    await expect(dialog.locator('#secretKey')).toHaveAttribute('type', 'password');
    await saveDialog(page, dialog, '新增成功');
    await callApi(page, `${walk.api}/submit`, { method: 'POST', data: { ...walk.body, [walk.codeField]: second } });
  });

  const rowA = rowWithCell(page, first);
  const rowB = rowWithCell(page, second);
  await test.step('both are found, disabled', async () => {
    await page.locator(`#search_${walk.codeField}`).fill(stamp);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(rowA).toHaveCount(1);
    await expect(rowB).toHaveCount(1);
    await expect(rowA.locator('.ant-tag')).toHaveText('关闭');
    await expect(rowB.locator('.ant-tag')).toHaveText('关闭');
  });

  await test.step('an edit shows the secret masked and keeps it', async () => {
    await rowA.getByRole('button', { name: label('编辑') }).click();
    const dialog = page.getByRole('dialog', { name: '编辑' });
    await expect(dialog.locator('#secretKey')).toHaveValue('******');
    await dialog.locator(`#${walk.edit.field}`).fill(walk.edit.value);
    await saveDialog(page, dialog, '更新成功');
    await expect(rowA).toContainText(walk.edit.value);
    const detail = await callApi<{ records: Record<string, unknown>[] }>(page, `${walk.api}/list`, {
      params: { [walk.codeField]: first },
    });
    expect(detail.records).toMatchObject([{ secretKey: '******' }]);
  });

  const enable = async (row: Locator) => {
    await clickRowAction(row, '启用');
    await confirm(page, '确定启用该配置?', '操作成功');
  };
  await test.step('enabling one, then the other, leaves only the other enabled', async () => {
    await enable(rowA);
    await expect(rowA.locator('.ant-tag')).toHaveText('启用');
    expect(await rowActionNames(rowA)).not.toContain('启用');
    await expect(rowB.locator('.ant-tag')).toHaveText('关闭');
    await enable(rowB);
    await expect(rowB.locator('.ant-tag')).toHaveText('启用');
    await expect(rowA.locator('.ant-tag')).toHaveText('关闭');
  });

  await test.step('they are deleted', async () => {
    await deleteRow(page, rowA);
    await deleteRow(page, rowB);
  });
}
