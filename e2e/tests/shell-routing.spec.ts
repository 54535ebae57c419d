import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, loginAsAdmin, loginThroughForm, sidebarItem } from '../support/console.ts';
import { loginAsCompany } from '../support/crm.ts';
import { callApi } from '../support/system.ts';

/**
 * Routing of the shell (spec part 2): /, the login pages of a signed-in user, logout by account type,
 * /403 and /500, and /myiframe for menu paths only.
 */
test('the 403 and 500 pages exist', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/403');
  await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
  await expectNoAxeViolations(page, '403');
  await page.goto('/500');
  await expect(page.getByText('抱歉，服务器出错了')).toBeVisible();
});

test('/myiframe does not embed an address that is no menu of the user', async ({ page }) => {
  await loginAsAdmin(page);
  // Client-side, as the sidebar opens it (the server's page fallback treats a dotted path as a file).
  await page.evaluate(
    (path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    `/myiframe/${encodeURIComponent('https://evil.example.com/')}`,
  );
  await expect(page.getByText('无法打开该页面')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('/ leads to /wel/index, for a visitor through the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\/platform$/);
  await loginThroughForm(page, ADMIN);
  await page.goto('/');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByRole('tab', { name: '首页' })).toHaveAttribute('aria-selected', 'true');
});

test("a signed-in user opening their login page goes to /; the other type's login page logs them out", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/login/platform');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(sidebarItem(page, '系统管理')).toBeVisible();

  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state);
  expect(session.accessToken).toBeTruthy();
  await page.goto('/login/company');
  await expect(page).toHaveURL(/\/login\/company$/);
  await expect(page.getByText('企业账号登录')).toBeVisible();
  await expect(page.locator('#username')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state?.accessToken))
    .toBeNull();
  // Logged out on the server too: the old token no longer opens anything.
  const old = await page.request.get('/api/blade-auth/oauth/user-info', {
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Blade-Auth': `bearer ${session.accessToken}`,
    },
  });
  expect(old.status()).toBe(401);
  // No session is left to open the console with.
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/login\/(platform|company)$/);
});

test('a company account logs out to /login/company', async ({ page }) => {
  await loginAsCompany(page, { tenantId: ADMIN.tenantId, username: 'xinghe', password: '123456' });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login\/company$/);
  await expect(page.getByText('企业账号登录')).toBeVisible();
  await page.goto('/crm/my-enterprise/detail');
  await expect(page).toHaveURL(/\/login\/company$/);
});

test.describe('embedded pages', () => {
  const stamp = Date.now();
  const WEB = 'https://embed.example.com/park/board';
  const HTML = `/embedded/manual-${stamp}.html`;
  const menus = [
    { name: `嵌入看板${stamp % 100_000}`, path: WEB, body: '<title>看板</title><p>外部看板内容</p>' },
    { name: `操作手册${stamp % 100_000}`, path: HTML, body: '<title>手册</title><p>操作手册内容</p>' },
  ];
  const ids: string[] = [];

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    if (ids.length) await callApi(page, 'blade-system/menu/remove', { method: 'POST', params: { ids: ids.join(',') } });
    await page.close();
  });

  test('a menu whose path is a web address or an html page opens inside the console, as a tab', async ({
    page,
    context,
  }) => {
    await loginAsAdmin(page);
    for (const [i, menu] of menus.entries()) {
      await context.route(`**${menu.path}`, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: menu.body }),
      );
      const saved = await callApi<{ id: string }>(page, 'blade-system/menu/submit', {
        method: 'POST',
        data: {
          parentId: '0',
          name: menu.name,
          code: `e2e_embed_${stamp}_${i}`,
          path: menu.path,
          source: 'link',
          category: 1,
          action: 0,
          isOpen: 1,
          sort: 998,
        },
      });
      ids.push(saved.id);
    }
    await page.reload();

    for (const menu of menus) {
      await sidebarItem(page, menu.name).click();
      await expect(page).toHaveURL(`/myiframe/${encodeURIComponent(menu.path)}`);
      const frame = page.locator('iframe');
      await expect(frame).toHaveAttribute('src', menu.path);
      await expect(page.frameLocator('iframe').getByText(/内容$/)).toHaveText(menu.body.replace(/^.*<p>|<\/p>$/g, ''));
      // A tab of its own, leading back to the embedded page.
      await expect(page.getByRole('tab', { name: menu.name })).toHaveAttribute('aria-selected', 'true');
    }
    await page.getByRole('tab', { name: '首页' }).click();
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByRole('tab', { name: menus[0].name }).click();
    await expect(page.locator('iframe')).toHaveAttribute('src', menus[0].path);
  });
});
