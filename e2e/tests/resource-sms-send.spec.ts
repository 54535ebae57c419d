import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { E2E_SMS_ACCOUNT } from '../support/sms.ts';
import { callApi, clickRowAction, confirm, rowActionNames, rowWithCell } from '../support/system.ts';

/**
 * SMS sending (spec parts 3 and 7): 发送测试 on the enabled configuration sends through the
 * provider's real API, here a fake that checks Alibaba Cloud's request signature with the
 * account's secret; a bad number is refused with spec part 5's message before anything is sent.
 */
test('an administrator sends a test message through the enabled SMS configuration', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const code = `s${stamp}`;
  const phone = `138${stamp}`;
  await loginAsAdmin(page);
  await callApi(page, 'blade-resource/sms/submit', {
    method: 'POST',
    data: {
      smsCode: code,
      category: 3,
      templateId: 'SMS_E2E',
      ...E2E_SMS_ACCOUNT,
      regionId: 'cn-hangzhou',
      signName: '园区',
    },
  });
  await openMenu(page, '资源管理', '短信配置');
  await page.locator('#search_smsCode').fill(code);
  await page.getByRole('button', { name: label('搜索') }).click();
  const row = rowWithCell(page, code);

  await test.step('a disabled configuration offers no 发送测试; enabled, it does', async () => {
    await expect(row.locator('.ant-tag')).toHaveText('关闭');
    expect(await rowActionNames(row)).not.toContain('发送测试');
    await clickRowAction(row, '启用');
    await confirm(page, '确定启用该配置?', '操作成功');
    await expect(row.locator('.ant-tag')).toHaveText('启用');
  });

  const dialog = page.getByRole('dialog', { name: `发送测试短信（${code}）` });
  await test.step('a bad number is refused with 手机号码格式不正确', async () => {
    await clickRowAction(row, '发送测试');
    await settled(dialog);
    await dialog.locator('#phones').fill(`${phone},23800000000`);
    await dialog.getByRole('button', { name: label('发送') }).click();
    await expect(dialog.getByText('手机号码格式不正确', { exact: true })).toBeVisible();
    await dialog.locator('#params').fill('{"code":');
    await dialog.getByRole('button', { name: label('发送') }).click();
    await expect(dialog.getByText('模板参数须为 JSON 对象', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'SMS test dialog');
  });

  await test.step('a good number and parameters are sent: 发送成功', async () => {
    await dialog.locator('#phones').fill(phone);
    await dialog.locator('#params').fill('{"code":"1234"}');
    await dialog.getByRole('button', { name: label('发送') }).click();
    await expect(toast(page, '发送成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the usual log records it with the number masked', async () => {
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    await expect(async () => {
      const page1 = await callApi<{ records: { logData: string }[] }>(page, 'blade-log/usual/page', {
        params: { logId: 'sms.send', logData: code, size: '50' },
      });
      expect(page1.records.map((r) => r.logData)).toContain(
        `短信配置 ${code}（阿里云）发送短信至 ${masked}（1个号码）`,
      );
    }).toPass({ timeout: 15_000 });
  });

  await test.step('the provider’s refusal shows as the error', async () => {
    await callApi(page, 'blade-resource/sms/submit', {
      method: 'POST',
      data: { id: await idOf(code), secretKey: 'not-the-secret' },
    });
    await clickRowAction(row, '发送测试');
    await settled(dialog);
    await dialog.locator('#phones').fill(phone);
    await dialog.getByRole('button', { name: label('发送') }).click();
    await expect(toast(page, '短信发送失败（阿里云）：Specified signature is not matched').first()).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  async function idOf(smsCode: string): Promise<string> {
    const {
      records: [found],
    } = await callApi<{ records: { id: string }[] }>(page, 'blade-resource/sms/list', {
      params: { smsCode_equal: smsCode },
    });
    return found.id;
  }
});
