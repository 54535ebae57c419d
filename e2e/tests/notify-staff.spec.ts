import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type Credentials,
  label,
  loginAsAdmin,
  settled,
  startSession,
  switchToEnglish,
  toast,
} from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import { callApi, rowWithCell } from '../support/system.ts';

/** Demo account (password 123456): 星河智能's company account. */
const COMPANY: Credentials = { tenantId: '000000', username: 'xinghe', password: '123456' };
/** 超级管理员 and 物业部 of the seed: the walk's dispatcher opens 工单管理 as the administrator does. */
const ADMIN_ROLE = '1123598816738675201';
const PROPERTY_DEPT = '1123598813738675203';

interface Rule {
  kind: string;
  enabled: number;
  roleIds: string[];
  userIds: string[];
}

/** The number the bell's badge shows (0 without a badge). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('message-bell').locator('.ant-badge-count');
  return (await badge.count()) ? Number(await badge.getAttribute('title')) : 0;
}

async function openSession(browser: Browser, credentials: Credentials, options: Parameters<typeof startSession>[2]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The tab's socket is live (authenticated and caught up) before anything happens: what follows is push, not a load.
  const live = page
    .waitForEvent('websocket', (ws) => ws.url().endsWith('/api/blade-message/ws'))
    .then((ws) => ws.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"ready"')));
  await startSession(page, credentials, options);
  await live;
  return { context, page };
}

/**
 * Work that reaches the park reaches a person (issue 34.1). On 通知规则 the administrator makes a dispatcher made for
 * the walk the only one told of 新报修 (no role, that person); 星河智能's company account reports a repair on its 报修管理; the dispatcher's open console hears of
 * it live (the bell's count rises, a notification names it) and the message opens 工单管理 on that repair. The park
 * cancels the repair and the company's open 报修管理 shows it 已取消 without a reload. The message is read again in
 * English. The rule is put back as it was.
 */
test('a company’s repair tells the dispatching staff live, and its move refreshes the company’s list', async ({
  page,
  browser,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const location = `E2E通知报修${stamp}`;
  await loginAsAdmin(page, { at: '/message/notify-rule' });
  const { rules } = await callApi<{ rules: Rule[] }>(page, 'blade-message/notify-rule/list');
  const before = rules.find((r) => r.kind === 'repair')!;
  const dispatcherName = `通知调度${stamp.slice(-5)}`;
  const DISPATCHER: Credentials = { tenantId: '000000', username: `ntf_${stamp}`, password: 'Secret-123' };
  await callApi(page, 'blade-user/submit', {
    method: 'POST',
    data: {
      account: DISPATCHER.username,
      password: DISPATCHER.password,
      name: dispatcherName,
      realName: dispatcherName,
      userType: 1,
      roleId: ADMIN_ROLE,
      deptId: PROPERTY_DEPT,
    },
  });

  try {
    await test.step('通知规则: the dispatcher alone is told of new repairs', async () => {
      const row = page.getByRole('row').filter({ hasText: '新报修' });
      await expect(page.getByRole('row').filter({ hasText: '新意见反馈' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: '公共空间预约' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: '生产报告提交' })).toBeVisible();
      // No role: the one person chosen below.
      await row.locator('.ant-select-selection-item-remove').click();
      await row.locator('#notify-users-repair').click();
      const picker = await settled(page.getByRole('dialog', { name: '选择通知人员' }));
      await picker.locator('#personPicker_realName').fill(dispatcherName);
      await picker.getByRole('button', { name: label('搜索') }).click();
      await picker.getByRole('row').filter({ hasText: dispatcherName }).getByRole('checkbox').check();
      await picker.getByRole('button', { name: label('确定') }).click();
      await expect(picker).toBeHidden();
      await row.getByRole('button', { name: label('保存') }).click();
      await expect(toast(page, '已保存').first()).toBeVisible();
      // Saved and read back: the people's names in the row's field, the 默认 tag gone.
      await expect(row.locator('#notify-users-repair')).toHaveValue(dispatcherName);
      await expect(row).not.toContainText('默认');
      await expect(row).not.toContainText('超级管理员');
    });

    const staff = await openSession(browser, DISPATCHER, { at: '/wel/index' });
    const company = await openSession(browser, COMPANY, { accountType: 'web', at: '/property/repair' });
    const unread = await bellCount(staff.page);

    await test.step('the company reports a repair; the dispatcher’s bell rises live', async () => {
      const c = company.page;
      await c.getByRole('button', { name: label('新增') }).click();
      const dialog = await settled(c.getByRole('dialog', { name: '新增' }));
      await pickOption(c, dialog, 'faultType', '空调暖通');
      await dialog.locator('#location').fill(location);
      await dialog.locator('#description').fill('前台空调漏水');
      await dialog.locator('#contactPhone').fill('13900005678');
      await dialog.getByRole('button', { name: label('保存') }).click();
      await expect(toast(c, '报修成功').first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(rowWithCell(c, location)).toContainText('待受理');

      // Well within the 60-second poll: only the push can have brought it.
      await expect.poll(() => bellCount(staff.page), { timeout: 15_000 }).toBeGreaterThan(unread);
      await expect(
        staff.page.locator('.ant-notification-notice').filter({ hasText: `新报修：${location}` }),
      ).toBeVisible();
    });

    await test.step('the message opens 工单管理 on the repair', async () => {
      const s = staff.page;
      await s.getByTestId('message-bell').click();
      const popover = s.getByTestId('message-popover');
      const item = popover.getByRole('listitem').filter({ hasText: `新报修：${location}` });
      await item.click();
      const detail = await settled(s.getByRole('dialog').filter({ hasText: location }));
      await expect(detail).toContainText('星河智能');
      await detail.getByTestId('message-open-record').click();
      await expect(s).toHaveURL(/\/property\/work-order\?repairNo=BX\d+/);
      await expect(rowWithCell(s, location)).toContainText('待受理');
    });

    await test.step('the park cancels it: the company’s open list shows 已取消 without a reload', async () => {
      const c = company.page;
      await c.evaluate(() => {
        (window as unknown as { notReloaded: boolean }).notReloaded = true;
      });
      const { records } = await callApi<{ records: { id: string }[] }>(page, 'blade-property/work-order/page', {
        params: { location },
      });
      await callApi(page, 'blade-property/work-order/cancel', {
        method: 'POST',
        data: { id: records[0].id, note: '已电话确认无需维修' },
      });
      await expect(rowWithCell(c, location)).toContainText('已取消', { timeout: 15_000 });
      expect(await c.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    });

    await test.step('in English, the message is read and opens the record', async () => {
      const s = staff.page;
      await s.goto('/wel/index');
      await switchToEnglish(s);
      await s.getByTestId('message-bell').click();
      await s.getByTestId('message-popover').getByRole('button', { name: 'All messages' }).click();
      const drawer = s.locator('.ant-drawer-content-wrapper');
      await expect(drawer).toBeVisible();
      await drawer
        .getByRole('row')
        .filter({ hasText: `新报修：${location}` })
        .click();
      const detail = await settled(s.locator('.ant-modal').filter({ hasText: 'Sender' }));
      await expect(detail.getByTestId('message-open-record')).toHaveText('Open record');
      await detail.getByTestId('message-open-record').click();
      await expect(s).toHaveURL(/\/property\/work-order\?repairNo=BX\d+/);
      await expect(rowWithCell(s, location)).toBeVisible();
    });
    await staff.context.close();
    await company.context.close();
  } finally {
    await callApi(page, 'blade-message/notify-rule/save', { method: 'POST', data: before });
  }
});
