import { expect, type Page, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu } from '../support/console.ts';
import { callApi } from '../support/system.ts';

/**
 * Keep-alive (menu isOpen = 2, CONTRACT.md): such a page keeps its search fields and page number while
 * the user is on another tab; any other page starts afresh; clear cache drops the kept ones.
 */
interface MenuRow {
  id: string;
  code: string;
  children?: MenuRow[];
}

function find(rows: MenuRow[], code: string): MenuRow | undefined {
  for (const row of rows) {
    if (row.code === code) return row;
    const below = find(row.children ?? [], code);
    if (below) return below;
  }
  return undefined;
}

/** Sets the keep-alive flag of the 接口日志 menu. */
async function keepApiLogAlive(page: Page, isOpen: 1 | 2) {
  const menu = find(
    await callApi<MenuRow[]>(page, 'blade-system/menu/list', { params: { code: 'log_api' } }),
    'log_api',
  );
  await callApi(page, 'blade-system/menu/submit', { method: 'POST', data: { id: menu?.id, isOpen } });
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await loginAsAdmin(page);
  await keepApiLogAlive(page, 1);
  await page.close();
});

test('a kept-alive page keeps its search and page; another page remounts; clear cache drops kept pages', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await keepApiLogAlive(page, 2);
  // The menus are read once per session: a reload reads the flag.
  await page.reload();

  const tab = (name: string) => page.getByRole('tab', { name });
  // Only the page on screen: a kept page is in the DOM, hidden, while another shows.
  const activePage = page.locator('.ant-pagination-item-active:visible');

  await test.step('the kept page: a search and page 2', async () => {
    await openMenu(page, '日志管理', '接口日志');
    await page.locator('#search_createBy').fill('admin');
    await page.getByRole('button', { name: label('搜索') }).click();
    await page.locator('.ant-pagination-item-2').click();
    await expect(activePage).toHaveText('2');
  });

  await test.step('a page without the flag: a search typed but not kept', async () => {
    await openMenu(page, '系统管理', '参数管理');
    await page.locator('#search_paramKey').fill('account');
  });

  await test.step('back on the kept page, both are there', async () => {
    await tab('接口日志').click();
    await expect(page).toHaveURL(/\/monitor\/log\/api$/);
    await expect(page.locator('#search_createBy')).toHaveValue('admin');
    await expect(activePage).toHaveText('2');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  });

  await test.step('the other page started afresh', async () => {
    await tab('参数管理').click();
    await expect(page.locator('#search_paramKey')).toBeVisible();
    await expect(page.locator('#search_paramKey')).toHaveValue('');
  });

  await test.step('clear cache drops the kept page', async () => {
    await tab('参数管理').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '清除缓存' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '是否需要清除缓存?' })
      .getByRole('button', { name: '确定' })
      .click();
    await tab('接口日志').click();
    await expect(page.locator('#search_createBy')).toBeVisible();
    await expect(page.locator('#search_createBy')).toHaveValue('');
    await expect(activePage).toHaveText('1');
  });
});
