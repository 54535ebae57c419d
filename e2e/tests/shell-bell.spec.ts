import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin, settled, submitLogin, toast } from '../support/console.ts';
import { callApi } from '../support/system.ts';

/**
 * The bell: unread badge, popover 350 wide, opening one reads it, all messages in an 80% drawer, read all;
 * and live push: a message sent to a user signed in elsewhere reaches their bell without a reload.
 */
const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

const USER_ROLE = '1123598816738675202'; // 用户 of the seed
const PROPERTY_DEPT = '1123598813738675203'; // 物业部 of the seed

/** Sends a message through the message module's save call, as the page's user, to the signed-in user or to `userId`. */
async function sendToMyself(page: Page, title: string, userId?: string) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state);
  const res = await page.request.post('/api/blade-message/message/save', {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${session.accessToken}`, 'Tenant-Id': '000000' },
    data: { title, content: `${title}的内容`, type: 1, userIds: userId ?? session.user.userId },
  });
  expect((await res.json()).code).toBe(200);
}

test('the bell counts unread messages, reads one when opened, marks all read after a confirmation, and hears of new ones live', async ({
  page,
  browser,
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

  await test.step('a message to a user signed in in another browser reaches their bell at once, with a notification', async () => {
    const account = `bell_${stamp}`;
    await callApi(page, 'blade-user/submit', {
      method: 'POST',
      data: {
        account,
        password: 'Secret-123',
        name: '推送读者',
        realName: '推送读者',
        userType: 1,
        roleId: USER_ROLE,
        deptId: PROPERTY_DEPT,
      },
    });
    const [user] = await callApi<{ id: string }[]>(page, 'blade-user/user-list', { params: { account } });
    const context = await browser.newContext();
    const reader = await context.newPage();
    // The tab's socket is live (authenticated and caught up) before the message is sent: what follows is push, not a load.
    const live = reader
      .waitForEvent('websocket', (ws) => ws.url().endsWith('/api/blade-message/ws'))
      .then((ws) => ws.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"ready"')));
    await submitLogin(reader, { tenantId: '000000', username: account, password: 'Secret-123' });
    await expect(reader).not.toHaveURL(/\/login\//);
    await live;
    const readerBadge = reader.getByTestId('message-bell').locator('.ant-badge-count');
    await expect(readerBadge).toHaveCount(0);

    await sendToMyself(page, `推送${stamp}`, user.id);
    // Well within the 60-second poll: only the push can have brought it.
    await expect(readerBadge).toHaveAttribute('title', '1');
    await expect(reader.locator('.ant-notification-notice').filter({ hasText: `推送${stamp}` })).toContainText(
      '新消息 · 普通消息',
    );
    await context.close();
  });
});
