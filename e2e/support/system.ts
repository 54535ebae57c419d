import { expect, type Locator, type Page } from '@playwright/test';
import { label, settled, toast } from './console.ts';

/**
 * Helpers of the system-administration walks: Ant Design's tree pickers, row checkboxes
 * and the confirmation dialog, driven as a person would.
 */

/**
 * Opens a tree picker by its input id and ticks or picks the named nodes, each searched for
 * first: a long tree draws only the nodes in view.
 */
export async function pickInTree(page: Page, scope: Locator, id: string, names: string[]) {
  const input = scope.locator(`#${id}`);
  await input.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  for (const name of names) {
    await input.fill(name);
    await dropdown.getByTitle(name, { exact: true }).click();
  }
  // A multiple pick leaves the drop-down open, and Esc closes it. A single pick closes it by itself, a moment later:
  // asked whether it was still open, a walk once saw it closing, pressed Esc, and so closed the dialog instead.
  if (await scope.locator(`.ant-select-multiple:has(#${id})`).count()) await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);
}

/** Ticks a row's selection checkbox. */
export async function selectRow(row: Locator) {
  await row.locator('.ant-checkbox-input').first().check();
}

/** Answers 确定 in the confirmation that asks `question` and waits for the server's `done` toast. */
export async function confirm(page: Page, question: string, done: string) {
  const dialog = await settled(page.getByRole('dialog').filter({ hasText: question }));
  await dialog.getByRole('button', { name: label('确定') }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, done).first()).toBeVisible();
}

/** The value a record's description list (its 查看) shows beside a label. */
export function describedValue(view: Locator, name: string): Locator {
  return view.locator(
    `xpath=.//th[contains(@class, "ant-descriptions-item-label")][normalize-space()="${name}"]/following-sibling::td[1]`,
  );
}

/** The 更多 of a row whose buttons do not all fit side by side (RowActions shows three at most). */
const moreOf = (row: Locator) => row.getByRole('button', { name: label('更多') });
/** The open drop-down of a row's 更多. */
const moreList = (row: Locator) => row.page().locator('.ant-dropdown:visible');

/** Clicks a row's button by its name, side by side in the row or under its 更多. */
export async function clickRowAction(row: Locator, name: string) {
  await expect(row).toBeVisible();
  const inline = row.getByRole('button', { name: label(name) });
  if ((await inline.count()) > 0) {
    await inline.click();
    return;
  }
  await moreOf(row).click();
  await (await settled(moreList(row))).getByRole('button', { name: label(name) }).click();
  await expect(moreList(row)).toHaveCount(0);
}

/** The names of every button a row offers, side by side and under its 更多 (opened and closed again). */
export async function rowActionNames(row: Locator): Promise<string[]> {
  await expect(row).toBeVisible();
  const names = async (scope: Locator) =>
    (await scope.getByRole('button').allInnerTexts()).map((text) => text.replace(/\s+/g, ''));
  const cell = row.locator('td').last();
  const shown = (await names(cell)).filter((name) => name !== '更多');
  if ((await moreOf(row).count()) === 0) return shown;
  await moreOf(row).click();
  const more = await names(await settled(moreList(row)));
  await moreOf(row).click();
  await expect(moreList(row)).toHaveCount(0);
  return [...shown, ...more];
}

/** Deletes a row through its 删除 button and checks that it is gone. */
export async function deleteRow(page: Page, row: Locator) {
  await clickRowAction(row, '删除');
  await confirm(page, '确定将选择数据删除?', '删除成功');
  await expect(row).toHaveCount(0);
}

/** Saves the open record dialog and waits for its toast. */
export async function saveDialog(page: Page, dialog: Locator, done: '新增成功' | '更新成功') {
  await (await settled(dialog)).getByRole('button', { name: label('保存') }).click();
  await expect(toast(page, done).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Searches a list by its creation-time range (the search form's range picker, with times) and the form's other fields. */
export async function searchCreated(page: Page, from: string, to: string) {
  const start = page.locator('#search_createTimeRange');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = page.getByPlaceholder('结束时间');
  await end.fill(to);
  await end.press('Enter');
  await page.getByRole('button', { name: label('搜索') }).click();
}

/** Today in the park's time zone, yyyy-MM-dd. */
export const today = () => new Date().toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 10);

const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** Sends an API request as the signed-in user, with the token the console keeps (`park.session`). */
export async function requestApi(
  page: Page,
  path: string,
  options: {
    method?: 'GET' | 'POST';
    params?: Record<string, string>;
    data?: unknown;
    /** A file upload (multipart/form-data), e.g. `{ file: { name, mimeType, buffer } }`. */
    multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer }>;
  } = {},
) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state);
  return page.request.fetch(`/api/${path}`, {
    method: options.method ?? 'GET',
    params: options.params,
    data: options.data,
    multipart: options.multipart,
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${session.accessToken}`, 'Tenant-Id': session.tenantId },
  });
}

/** Calls the API as the signed-in user (to arrange data a walk starts from) and gives the envelope's data. */
export async function callApi<T>(page: Page, path: string, options: Parameters<typeof requestApi>[2] = {}): Promise<T> {
  const body = await (await requestApi(page, path, options)).json();
  expect(body.code, body.msg).toBe(200);
  return body.data as T;
}

/** A row by the exact text of one of its cells. */
export function rowWithCell(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/** Opens the children of a tree table's row, found by the exact text of one of its cells. */
export async function expandRow(page: Page, cell: string) {
  const row = rowWithCell(page, cell).first();
  // The row gets its expander once the list knows it has children (just after a child is saved, a reload away).
  const expander = row.locator('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');
  await expect(expander).toBeVisible();
  if (await expander.evaluate((icon) => icon.classList.contains('ant-table-row-expand-icon-collapsed'))) {
    await expander.click();
  }
}

/** The screens only the platform tenant has (the server's route-access.ts `platformOnly`), by path. */
export const PLATFORM_SCREENS: Record<string, string> = {
  '/system/tenant': '租户管理',
  '/system/tenantpackage': '租户产品包',
  '/system/client': '应用管理',
  '/authority/datascope': '数据权限',
  '/authority/apiscope': '接口权限',
};

interface MenuRow {
  id: string;
  name: string;
  path: string;
  category: number;
  children?: MenuRow[];
}

/**
 * The sidebar entries (as sidebarEntries reads them) of a tenant's administrator whose package is
 * `packageId`: the package's menus under their folders, in order, less the platform's own screens.
 * Read as the platform administrator.
 */
export async function packageSidebar(page: Page, packageId: string): Promise<string[]> {
  const pkg = await callApi<{ menuId: string }>(page, 'blade-system/tenant-package/detail', {
    params: { id: packageId },
  });
  const held = new Set(pkg.menuId.split(','));
  const menus = await callApi<MenuRow[]>(page, 'blade-system/menu/list');
  const shown = (menu: MenuRow): string[] => {
    if (menu.category !== 1 || PLATFORM_SCREENS[menu.path]) return [];
    const below = (menu.children ?? []).flatMap(shown);
    return held.has(menu.id) || below.length ? [menu.name, ...below] : [];
  };
  return menus.flatMap(shown);
}
