import { expect, test } from '@playwright/test';
import pg from 'pg';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  label,
  loginAsAdmin,
  openMenu,
  settled,
  sidebarEntries,
  sidebarItem,
  submitLogin,
  toast,
} from '../support/console.ts';
import {
  callApi,
  clickRowAction,
  deleteRow,
  PLATFORM_SCREENS,
  packageSidebar,
  pickInTree,
  requestApi,
  saveDialog,
  selectRow,
} from '../support/system.ts';

/** One statement on the machine's PostgreSQL server (a database given by name, else its own); the first row's `n`. */
async function onLocalPostgres(sql: string, database = 'postgres'): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${database}` });
  await client.connect();
  try {
    return (await client.query(sql)).rows[0]?.n;
  } finally {
    await client.end();
  }
}

/**
 * The tenant screen: a tenant created, edited, given a package and a licence; its admin then
 * sees its package's menus and its own users only; at its account limit the admin cannot add a
 * user, once expired cannot log in; it is given a data source (its rows move there and back); and it is deleted.
 */
test('an administrator creates a tenant, sets its package, licence and data source, and deletes it', async ({
  page,
  browser,
}) => {
  const tenantId = `e2e${String(Date.now()).slice(-8)}`;
  const row = page.getByRole('row').filter({ hasText: tenantId });
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '租户管理');
  await expect(page).toHaveURL(/\/system\/tenant$/);

  await test.step('a tenant is created', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#tenantId').fill(tenantId);
    await dialog.locator('#tenantName').fill('端到端租户');
    await dialog.locator('#linkman').fill('张三');
    await saveDialog(page, dialog, '新增成功');
    await expect(row).toContainText('端到端租户');
    // No account limit and no expiry yet: both read 不限制, not -1 or nothing.
    await expect(row.getByRole('cell', { name: '不限制', exact: true })).toHaveCount(2);
    await expect(row.getByRole('cell', { name: '-1', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, 'tenants');
  });

  await test.step('it is edited', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#tenantName')).toHaveValue('端到端租户');
    await dialog.locator('#linkman').fill('李四');
    // The console is served on 127.0.0.1: localhost names this tenant without touching other walks.
    await dialog.locator('#domain').fill('localhost');
    await saveDialog(page, dialog, '更新成功');
    await expect(row).toContainText('李四');
  });

  await test.step("the login page served on the tenant's domain names the tenant", async () => {
    const context = await browser.newContext();
    const onDomain = await context.newPage();
    const url = new URL(page.url());
    url.hostname = 'localhost';
    url.pathname = '/login/platform';
    await onDomain.goto(url.toString());
    await expect(onDomain.locator('#tenantId')).toHaveValue(tenantId);
    await context.close();
  });

  await test.step('it is given a package', async () => {
    await clickRowAction(row, '产品包配置');
    const dialog = page.getByRole('dialog').filter({ hasText: '产品包配置' });
    await dialog.locator('#packageId').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('基础套餐', { exact: true }).click();
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('基础套餐');
  });

  await test.step('its account limit is set', async () => {
    await selectRow(row);
    await page.getByRole('button', { name: label('授权配置') }).click();
    const dialog = page.getByRole('dialog', { name: '授权配置' });
    await dialog.locator('#accountNumber').fill('5');
    await expectNoAxeViolations(page, 'licence dialog');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();
  });

  await test.step("the tenant's admin sees only its package's menus and only its own users", async () => {
    const context = await browser.newContext();
    const tenantPage = await context.newPage();
    await submitLogin(tenantPage, { tenantId, username: 'admin', password: '123456' });
    await expect(sidebarItem(tenantPage, '系统管理')).toBeVisible();
    await expect(sidebarItem(tenantPage, '食堂管理')).toHaveCount(0);
    await openMenu(tenantPage, '系统管理', '用户管理');
    await expect(tenantPage.locator('.ant-table-tbody .ant-table-row')).toHaveCount(1);
    await expect(tenantPage.getByText('共 1 条')).toBeVisible();
    await context.close();
  });

  /** Sets the licence of the tenant's row through 授权配置: an account limit and an expiry (empty: as it is). */
  async function setLicence(accountNumber: string, expireTime: string) {
    await selectRow(row);
    await page.getByRole('button', { name: label('授权配置') }).click();
    const dialog = page.getByRole('dialog', { name: '授权配置' });
    await dialog.locator('#accountNumber').fill(accountNumber);
    if (expireTime) {
      const expiry = dialog.locator('#expireTime');
      await expiry.click();
      await expiry.fill(expireTime);
      await expiry.press('Enter');
    }
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog).toBeHidden();
  }

  await test.step('at its account limit, the admin still logs in but cannot add a user', async () => {
    await setLicence('1', '');
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    const context = await browser.newContext();
    const tenantPage = await context.newPage();
    await submitLogin(tenantPage, { tenantId, username: 'admin', password: '123456' });
    await openMenu(tenantPage, '系统管理', '用户管理');
    await tenantPage.getByRole('button', { name: label('新增') }).click();
    const dialog = tenantPage.getByRole('dialog', { name: '新增' });
    await dialog.locator('#account').fill('second');
    await dialog.locator('#name').fill('第二人');
    await dialog.locator('#realName').fill('第二人');
    await pickInTree(tenantPage, dialog, 'roleId', ['管理员']);
    await pickInTree(tenantPage, dialog, 'deptId', ['端到端租户']);
    await dialog.locator('#password').fill('Secret-123');
    await dialog.locator('#password2').fill('Secret-123');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(tenantPage, '当前租户已到最大账号额度(1)')).toBeVisible();
    await expect(dialog).toBeVisible();
    await context.close();
  });

  await test.step('expired, its admin is refused at login with the server message', async () => {
    await setLicence('-1', '2001-01-01 00:00:00');
    await expect(row).toContainText('2001-01-01 00:00:00');
    const context = await browser.newContext();
    const tenantPage = await context.newPage();
    await submitLogin(tenantPage, { tenantId, username: 'admin', password: '123456' });
    await expect(toast(tenantPage, '租户授权已过期，请联系管理员')).toBeVisible();
    await expect(tenantPage).toHaveURL(/\/login\/platform$/);
    await context.close();
  });

  await test.step('it is given one of the data sources in 数据源配置: its data moves there, and back', async () => {
    // A database of its own on the machine's PostgreSQL server, as a park's IT would prepare one.
    const database = `park_e2e_home_${process.pid}_${Date.now().toString(36)}`;
    await onLocalPostgres(`create database ${database}`);
    try {
      const source = `e2e_tenant_ds_${Date.now()}`;
      const created = await callApi<{ id: string }>(page, 'blade-develop/datasource/submit', {
        method: 'POST',
        data: {
          name: source,
          driverClass: 'org.postgresql.Driver',
          url: `postgresql://127.0.0.1:5432/${database}`,
          username: 'postgres',
          password: 'e2e-password',
        },
      });
      await clickRowAction(row, '数据源配置');
      const dialog = page.getByRole('dialog').filter({ hasText: '数据源配置' });
      await dialog.locator('#datasourceId').click();
      await page.locator('.ant-select-dropdown:visible').getByText(source).click();
      await dialog.getByRole('button', { name: label('保存') }).click();
      // The save migrates the new database and moves the tenant's rows before it answers.
      await expect(toast(page, '操作成功').first()).toBeVisible({ timeout: 60_000 });
      await expect(dialog).toBeHidden();
      expect(
        await onLocalPostgres(`select count(*)::int as n from blade_user where tenant_id = '${tenantId}'`, database),
      ).toBe(1);
      await clickRowAction(row, '数据源配置');
      await expect(dialog).toContainText(source);
      await dialog.getByRole('button', { name: label('取消') }).click();
      // Bound, the data source cannot be removed; unbound (its rows moved back), it can.
      expect(
        (
          await (
            await requestApi(page, 'blade-develop/datasource/remove', { method: 'POST', params: { ids: created.id } })
          ).json()
        ).msg,
      ).toBe('该数据源正被租户使用，请先解除租户的数据源');
      await callApi(page, 'blade-system/tenant/datasource', { method: 'POST', params: { tenantId } });
      expect(
        await onLocalPostgres(`select count(*)::int as n from blade_user where tenant_id = '${tenantId}'`, database),
      ).toBe(0);
      await callApi(page, 'blade-develop/datasource/remove', { method: 'POST', params: { ids: created.id } });
    } finally {
      await onLocalPostgres(`drop database if exists ${database} with (force)`);
    }
  });

  await test.step('it is deleted', async () => {
    await deleteRow(page, row);
  });
});

test("a package made in the browser is exactly what a new tenant's administrator sees, with its own users only", async ({
  page,
  browser,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const tenantId = `pk${stamp}`;
  const packageName = `端到端产品包${stamp}`;
  await loginAsAdmin(page);

  await test.step('a package of 系统管理 and 通知公告 is made in 租户产品包', async () => {
    await openMenu(page, '系统管理', '租户产品包');
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#packageName').fill(packageName);
    await pickInTree(page, dialog, 'menuId', ['系统管理', '通知公告']);
    await saveDialog(page, dialog, '新增成功');
  });

  const row = page.getByRole('row').filter({ hasText: tenantId });
  await test.step('a tenant is made in 租户管理 and given the package', async () => {
    await openMenu(page, '系统管理', '租户管理');
    await expect(page).toHaveURL(/\/system\/tenant$/);
    // The package screen stays open in its tab: wait until the tenant screen has taken its place.
    await expect(page.getByRole('columnheader', { name: '租户名称' })).toBeVisible();
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#tenantId').fill(tenantId);
    await dialog.locator('#tenantName').fill('产品包园区');
    await dialog.locator('#linkman').fill('赵六');
    await saveDialog(page, dialog, '新增成功');
    await clickRowAction(row, '产品包配置');
    const packaging = page.getByRole('dialog').filter({ hasText: '产品包配置' });
    await packaging.locator('#packageId').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(packageName, { exact: true }).click();
    await packaging.getByRole('button', { name: label('保存') }).click();
    await expect(packaging).toBeHidden();
    await expect(row).toContainText(packageName);
  });

  const packages = await callApi<{ records: { id: string }[] }>(page, 'blade-system/tenant-package/page', {
    params: { packageName },
  });
  const expected = await packageSidebar(page, packages.records[0].id);
  expect(expected).toEqual(expect.arrayContaining(['工作台', '通知公告', '系统管理', '用户管理', '菜单管理']));
  for (const name of [...Object.values(PLATFORM_SCREENS), '企业管理', '首页']) expect(expected).not.toContain(name);

  const context = await browser.newContext();
  const tenantPage = await context.newPage();
  await test.step('its administrator logs in at /login/platform and finds exactly the package in the sidebar', async () => {
    await submitLogin(tenantPage, { tenantId, username: 'admin', password: '123456' });
    await expect(tenantPage).not.toHaveURL(/\/login\//);
    await expect(sidebarItem(tenantPage, '系统管理')).toBeVisible();
    expect(await sidebarEntries(tenantPage)).toEqual(expected);
  });

  await test.step('its user list holds its own administrator and none of tenant 000000’s users', async () => {
    await openMenu(tenantPage, '系统管理', '用户管理');
    const rows = tenantPage.locator('.ant-table-tbody .ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
    await expect(tenantPage.getByText('共 1 条')).toBeVisible();
    // The one row is this tenant's own administrator, not tenant 000000's.
    const listed = await requestApi(tenantPage, 'blade-user/page', { params: { size: '1000' } });
    const users = (await listed.json()).data.records as { account: string; tenantId: string }[];
    expect(users.map((u) => [u.account, u.tenantId])).toEqual([['admin', tenantId]]);
  });
  await context.close();

  await test.step('the tenant is deleted', async () => {
    await deleteRow(page, row);
  });
});
