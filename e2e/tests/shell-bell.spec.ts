import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin, settled, toast } from '../support/console.ts';

/** The bell: unread badge, popover 350 wide, opening one reads it, all messages in an 80% drawer, read all. */
const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** Sends the signed-in user a message through the message module's save call. */
async function sendToMyself(page: Page, title: string) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state);
  const res = await page.request.post('/api/blade-message/message/save', {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${session.accessToken}`, 'Tenant-Id': '000000' },
    data: { title, content: `${title}的内容`, type: 1, userIds: session.user.userId },
  });
  expect((await res.json()).code).toBe(200);
}

test('the bell counts unread messages, reads one when opened, and marks all read after a confirmation', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const stamp = Date.now();
  await sendToMyself(page, `消息A${stamp}`);
  await sendToMyself(page, `消息B${stamp}`);
  await page.reload();

  const bell = page.getByTestId('message-bell');
  const badge = bell.locator('.ant-badge-count');
  const before = Number(await badge.getAttribute('title'));
  expect(before).toBeGreaterThanOrEqual(2);

  await bell.click();
  const popover = page.getByTestId('message-popover');
  await expect(popover).toBeVisible();
  // The popover as one sees it (its box with background and shadow), measured once its opening zoom is over.
  const box = page.locator('.ant-popover:visible .ant-popover-container');
  await expect(box).toContainText(`消息B${stamp}`);
  await expect.poll(async () => (await box.boundingBox())?.width).toBe(350);
  await popover.getByText(`消息B${stamp}`).click();
  const detail = page.getByRole('dialog', { name: `消息B${stamp}` });
  await expect(detail.getByText(`消息B${stamp}的内容`)).toBeVisible();
  await expect(badge).toHaveAttribute('title', String(before - 1));
  await page.keyboard.press('Escape');

  await bell.click();
  await popover.getByRole('button', { name: '全部消息' }).click();
  const drawer = page.locator('.ant-drawer-content-wrapper');
  await expect(drawer).toBeVisible();
  await expect.poll(async () => Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(1440 * 0.8);
  await expect(page.getByRole('row').filter({ hasText: `消息A${stamp}` })).toContainText('未读');
  await drawer.getByRole('button', { name: '全部已读' }).click();
  const confirm = await settled(page.getByRole('dialog').filter({ hasText: '确定将全部消息标记为已读?' }));
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '操作成功！')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `消息A${stamp}` })).toContainText('已读');
  await expect(badge).toHaveCount(0);
});
