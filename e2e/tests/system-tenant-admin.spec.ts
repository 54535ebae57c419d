import { expect, test } from '@playwright/test';
import {
  clickSidebarEntry,
  label,
  loginAsAdmin,
  openMenu,
  sidebarEntries,
  sidebarItem,
  submitLogin,
} from '../support/console.ts';
import { callApi, PLATFORM_SCREENS, packageSidebar } from '../support/system.ts';

/**
 * A tenant's administrator never meets a screen or a button the server refuses it: its sidebar is
 * its package less the platform's own screens, every screen it opens lists without an error, and the
 * shared tables (menus, system dictionaries, regions) offer it no writes.
 */
test("a new tenant's administrator sees its package less the platform's screens, each listing without an error", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tenantId = `ta${String(Date.now()).slice(-8)}`;
  await loginAsAdmin(page);

  const expected = await test.step('a tenant is given the seeded basic package', async () => {
    const packages = await callApi<{ records: { id: string }[] }>(page, 'blade-system/tenant-package/page', {
      params: { packageName: '基础套餐' },
    });
    const packageId = packages.records[0].id;
    await callApi(page, 'blade-system/tenant/submit', {
      method: 'POST',
      data: { tenantId, tenantName: '端到端园区', linkman: '王五' },
    });
    await callApi(page, 'blade-system/tenant/package-setting', { method: 'POST', params: { tenantId, packageId } });
    return packageSidebar(page, packageId);
  });
  expect(expected).toEqual(expect.arrayContaining(['系统管理', '菜单管理', '系统字典', '行政区划', '企业信息']));
  for (const name of Object.values(PLATFORM_SCREENS)) expect(expected).not.toContain(name);

  const context = await browser.newContext();
  const tenantPage = await context.newPage();
  const failed: string[] = [];
  tenantPage.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
  });

  await test.step('its administrator logs in and finds exactly that in the sidebar', async () => {
    await submitLogin(tenantPage, { tenantId, username: 'admin', password: '123456' });
    await expect(sidebarItem(tenantPage, '系统管理')).toBeVisible();
    expect(await sidebarEntries(tenantPage)).toEqual(expected);
  });

  await test.step('every screen of the sidebar lists without an error', async () => {
    const pages = tenantPage.getByRole('complementary').locator('li.ant-menu-item');
    const count = await pages.count();
    expect(count).toBeGreaterThan(20);
    for (let i = 0; i < count; i++) {
      const name = ((await pages.nth(i).textContent()) ?? '').trim();
      await clickSidebarEntry(pages.nth(i));
      await tenantPage.waitForLoadState('networkidle');
      await expect(tenantPage.locator('.ant-spin-spinning')).toHaveCount(0);
      expect(failed, name).toEqual([]);
      await expect(tenantPage.locator('.ant-message-error'), name).toHaveCount(0);
    }
  });

  await test.step('the shared tables offer no writes', async () => {
    for (const [folder, name] of [
      ['系统管理', '菜单管理'],
      ['系统管理', '系统字典'],
      ['基础配置', '行政区划'],
    ]) {
      await openMenu(tenantPage, folder, name);
      await tenantPage.waitForLoadState('networkidle');
      const screen = tenantPage.locator('main');
      for (const button of ['新增', '编辑', '删除']) {
        await expect(screen.getByRole('button', { name: label(button) }), `${name} ${button}`).toHaveCount(0);
      }
    }
  });
  await context.close();
});
