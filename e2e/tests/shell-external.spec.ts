import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin, sidebarItem } from '../support/console.ts';
import { callApi } from '../support/system.ts';

/** A menu whose path is a web address and whose open type is 2 opens in a new window (spec part 2). */
const ADDRESS = 'https://docs.example.com/park/';
const NAME = `外部文档${Date.now() % 100_000}`;
let menuId: string | undefined;

async function removeMenu(page: Page) {
  if (menuId) await callApi(page, 'blade-system/menu/remove', { method: 'POST', params: { ids: menuId } });
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await loginAsAdmin(page);
  await removeMenu(page);
  await page.close();
});

test('an external link of open type 2 opens in a new window, not as a tab', async ({ page, context }) => {
  // The outside world is not needed: the new window gets a page of ours.
  await context.route(`${ADDRESS}**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<title>外部页面</title><p>external</p>' }),
  );
  await loginAsAdmin(page);
  const saved = await callApi<{ id: string }>(page, 'blade-system/menu/submit', {
    method: 'POST',
    data: {
      parentId: '0',
      name: NAME,
      code: `e2e_ext_${Date.now()}`,
      path: ADDRESS,
      source: 'link',
      category: 1,
      action: 0,
      isOpen: 2,
      sort: 999,
    },
  });
  menuId = saved.id;
  await page.reload();

  const popup = page.waitForEvent('popup');
  await sidebarItem(page, NAME).click();
  const opened = await popup;
  await expect(opened).toHaveURL(ADDRESS);
  await expect(opened).toHaveTitle('外部页面');
  // The console stays where it was, with no tab for the link.
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByRole('tab')).toHaveText(['首页']);
});
