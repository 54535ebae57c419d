import { expect, test } from '@playwright/test';
import { loginAsAdmin, toast } from '../support/console.ts';

/** The log dialog: uncaught errors and failed requests are kept locally, uploaded and cleared after a confirmation. */
test('errors and failed requests are listed, uploaded and cleared', async ({ page }) => {
  await loginAsAdmin(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e uncaught boom');
    });
  });
  await page.goto('/system/param');
  await page.evaluate(() => fetch('/api/blade-system/no-such-endpoint'));

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '错误日志' }).click();
  const dialog = page.getByRole('dialog', { name: '错误日志' });
  for (const column of ['类型', '地址', '内容', '错误堆栈', '时间']) {
    await expect(dialog.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(dialog.getByRole('row').filter({ hasText: 'e2e uncaught boom' })).toContainText('运行错误');
  await expect(dialog.getByRole('row').filter({ hasText: 'no-such-endpoint' })).toContainText('请求失败');

  const saved = page.waitForResponse((r) => r.url().includes('/api/blade-log/client/save'));
  await dialog.getByRole('button', { name: '上传服务器' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定上传本地日志到服务器?' })
    .getByRole('button', { name: '确定' })
    .click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page, '发送成功!')).toBeVisible();

  await dialog.getByRole('button', { name: '清空本地日志' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定清空本地日志记录?' })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(toast(page, '清空成功!')).toBeVisible();
  await expect(dialog.getByText('暂无日志')).toBeVisible();
});
