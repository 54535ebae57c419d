import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { loginAsAdmin, toast } from '../support/console.ts';

/** The log dialog: uncaught errors and failed requests are kept locally, uploaded and cleared after a confirmation. */
test('errors and failed requests are listed, uploaded and cleared', async ({ page }) => {
  await loginAsAdmin(page);
  // Thrown before the page is left, so the log has it.
  const thrown = page.waitForEvent('pageerror');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e uncaught boom');
    });
  });
  await thrown;
  await page.goto('/system/param');
  await page.evaluate(() => fetch('/api/blade-system/no-such-endpoint'));

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '错误日志' }).click();
  const dialog = page.getByRole('dialog', { name: '错误日志' });
  for (const column of ['类型', '地址', '内容', '错误堆栈', '时间']) {
    await expect(dialog.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const uncaught = dialog.getByRole('row').filter({ hasText: 'e2e uncaught boom' });
  const failed = dialog.getByRole('row').filter({ hasText: 'no-such-endpoint' });
  await expect(uncaught).toContainText('运行错误');
  await expect(failed).toContainText('请求失败');
  await expectNoAxeViolations(page, 'error log dialog');

  // Columns: type, address, content, stack, time. The error's stack is its own, with the frames below the message.
  const stack = uncaught.getByRole('cell').nth(3);
  await expect(stack).toContainText('Error: e2e uncaught boom');
  await expect(stack).toContainText(/\n?\s*at /);
  // A failed request has no stack: the column gives its method and code (a bare fetch names no client: 401).
  await expect(failed.getByRole('cell').nth(3)).toHaveText('GET 401');
  for (const row of [uncaught, failed]) {
    const time = (await row.getByRole('cell').nth(4).textContent()) ?? '';
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // When it happened, in the browser's time: moments ago.
    const age = await page.evaluate((t) => Date.now() - new Date(t.replace(' ', 'T')).getTime(), time);
    expect(age).toBeGreaterThanOrEqual(-1000);
    expect(age).toBeLessThan(60_000);
  }

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
