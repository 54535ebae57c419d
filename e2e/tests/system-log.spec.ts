import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu } from '../support/console.ts';
import { dataRows } from '../support/crm.ts';
import { callApi, searchCreated, today } from '../support/system.ts';

/** Clicks 导出 and reads the downloaded workbook: its file name and its rows keyed by header. */
async function exportList(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: label('导出') }).click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.CellValue>[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return { name: file.suggestedFilename(), header, rows };
}

/**
 * The log screens as an administrator reads them: search by creation time and by text, and
 * one entry opened in the detail drawer with every field, long ones (parameters, stack) whole.
 */
test('an administrator searches the API log by time and address and opens an entry', async ({ page }) => {
  await loginAsAdmin(page);
  await openMenu(page, '日志管理', '接口日志');
  await expect(page).toHaveURL(/\/monitor\/log\/api$/);
  await expect(dataRows(page).first()).toBeVisible();
  await expectNoAxeViolations(page, 'API log');

  await test.step('a creation-time range in the past finds nothing, today finds the entries', async () => {
    await searchCreated(page, '2001-01-01 00:00:00', '2001-01-02 23:59:59');
    await expect(dataRows(page)).toHaveCount(0);
    // The export follows the search: the header alone.
    const empty = await exportList(page);
    expect(empty.name).toBe('接口日志.xlsx');
    expect(empty.header).toEqual(expect.arrayContaining(['请求地址', '请求方法', '操作人', '操作时间']));
    expect(empty.rows).toEqual([]);
    await page.getByRole('button', { name: label('清空') }).click();
    await searchCreated(page, `${today()} 00:00:00`, `${today()} 23:59:59`);
    await expect(dataRows(page).first()).toBeVisible();
  });

  await test.step('the address search narrows to the login calls, and one opens in the drawer', async () => {
    await page.locator('#search_requestUri').fill('/api/blade-auth/oauth/token');
    await page.getByRole('button', { name: label('搜索') }).click();
    const rows = dataRows(page);
    await expect(rows.first()).toContainText('/api/blade-auth/oauth/token');
    await expect(rows.filter({ hasNotText: '/api/blade-auth/oauth/token' })).toHaveCount(0);
    const drawer = page.getByRole('dialog', { name: '日志详情' });
    const params = drawer.getByRole('row').filter({ hasText: '请求参数' });
    // Other walks' logins are among them (a third-party one carries no password): the newest password login is opened.
    let passwordLogin = false;
    for (let i = 0; i < (await rows.count()) && !passwordLogin; i++) {
      await rows
        .nth(i)
        .getByRole('button', { name: label('查看') })
        .click();
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('row').filter({ hasText: '请求地址' })).toContainText(
        '/api/blade-auth/oauth/token',
      );
      await expect(drawer.getByRole('row').filter({ hasText: '请求方法' })).toContainText('POST');
      // The password never reaches the log: the admin's (its MD5, as the login sends it) is on no entry.
      await expect(params).not.toContainText('21232f297a57a5a743894a0e4a801fc3');
      passwordLogin = (await params.textContent())?.includes('"password"') ?? false;
      if (passwordLogin) {
        await expect(params).toContainText('"password":"******"');
        await expectNoAxeViolations(page, 'API log detail drawer');
      }
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
    expect(passwordLogin, 'a password login among the first page of login calls').toBe(true);
  });

  await test.step('the export holds today’s login calls the list finds, with their times as dates', async () => {
    const { rows } = await exportList(page);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.请求地址).toBe('/api/blade-auth/oauth/token');
      expect(row.请求方法).toBe('POST');
      expect((row.操作时间 as Date).toISOString().slice(0, 10)).toBe(today());
    }
  });
});

test('an administrator finds an uploaded client error in the error log and reads its stack', async ({ page }) => {
  const url = `/e2e/page-${Date.now()}`;
  await loginAsAdmin(page);
  await openMenu(page, '日志管理', '错误日志');
  await expect(page).toHaveURL(/\/monitor\/log\/error$/);

  await test.step('the address search finds nothing before the client reports the error', async () => {
    await page.locator('#search_requestUri').fill(url);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(page.locator('.ant-table .ant-empty-description')).toHaveText('暂无数据');
  });

  await test.step('the same search again finds it once it is reported, among today’s entries', async () => {
    await callApi(page, 'blade-log/client/save', {
      method: 'POST',
      data: [
        {
          url,
          time: '2026-01-01 10:00:00',
          type: 'TypeError',
          message: 'e2e boom',
          stack: 'TypeError: e2e boom\n    at render (app.js:1:2)',
          info: '',
        },
      ],
    });
    // Log entries are written in batches about every second; 搜索 with unchanged criteria asks afresh.
    await expect(async () => {
      await page.getByRole('button', { name: label('搜索') }).click();
      await expect(dataRows(page)).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await searchCreated(page, `${today()} 00:00:00`, `${today()} 23:59:59`);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page)).toContainText('e2e boom');
  });

  await test.step('its detail shows the exception and the whole stack', async () => {
    await dataRows(page)
      .first()
      .getByRole('button', { name: label('查看') })
      .click();
    const drawer = page.getByRole('dialog', { name: '日志详情' });
    await expect(drawer.getByRole('row').filter({ hasText: '异常名' })).toContainText('TypeError');
    await expect(drawer.getByRole('row').filter({ hasText: '堆栈信息' })).toContainText('at render (app.js:1:2)');
    await expect(drawer.getByRole('row').filter({ hasText: '操作人' })).toContainText('admin');
  });
});

test('an administrator finds their login in the usual log and reads it in the drawer', async ({ page }) => {
  // A login of its own, just made (the worker's earlier one may be pages back in the log).
  await loginAsAdmin(page, { fresh: true });
  await openMenu(page, '日志管理', '通用日志');
  await expect(page).toHaveURL(/\/monitor\/log\/usual$/);
  for (const id of ['search_logLevel', 'search_createBy', 'search_requestUri', 'search_createTimeRange']) {
    await expect(page.locator(`#${id}`)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: label('新增') })).toHaveCount(0);

  // The login just made, not a refused one (auth.login-refused).
  const login = dataRows(page).filter({ hasText: /auth\.login(?!-)/ });
  await test.step('today’s entries by this operator hold the login', async () => {
    await page.locator('#search_createBy').fill('admin');
    // Log entries are written in batches about every second.
    await expect(async () => {
      await searchCreated(page, `${today()} 00:00:00`, `${today()} 23:59:59`);
      await expect(login.first()).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(login.first()).toContainText('账号 admin 登录成功');
    const exported = await exportList(page);
    expect(exported.name).toBe('通用日志.xlsx');
    expect(exported.rows.every((row) => row.操作人 === 'admin')).toBe(true);
    expect(exported.rows.find((row) => row.日志业务编号 === 'auth.login')?.日志数据).toContain('账号 admin 登录成功');
  });

  await test.step('its detail shows the description, address and operator', async () => {
    await login
      .first()
      .getByRole('button', { name: label('查看') })
      .click();
    const drawer = page.getByRole('dialog', { name: '日志详情' });
    await expect(drawer).toBeVisible();
    const field = (name: string) => drawer.getByRole('row').filter({ hasText: name });
    await expect(field('日志业务编号')).toContainText('auth.login');
    await expect(field('日志级别')).toContainText('info');
    await expect(field('日志数据')).toContainText('账号 admin 登录成功（租户 000000，platform）');
    await expect(field('请求地址')).toContainText('/api/blade-auth/oauth/token');
    await expect(field('操作人')).toContainText('admin');
  });
});
