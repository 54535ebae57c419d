import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { fillDate } from '../support/crm.ts';

/**
 * The rules the catalog declares (a mobile, an email, a phone, a credit code, an amount that is
 * never negative, a date not before another) show under their field as soon as it is left, with
 * the server's words, and a dialog with one of them wrong sends nothing.
 */

/** Types into a field of the dialog and leaves it, as a person moving on to the next one. */
async function type(dialog: Locator, id: string, value: string) {
  await dialog.locator(`#${id}`).fill(value);
  await dialog.locator(`#${id}`).press('Tab');
}

/** Counts the requests to a path from now on. */
function requestsTo(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(path)) seen.push(r.url());
  });
  return seen;
}

test('用户管理 and 新增企业 show each field’s problem under it when it is left, and send nothing', async ({ page }) => {
  await loginAsAdmin(page);

  await test.step('a new user’s mobile and email', async () => {
    await openMenu(page, '系统管理', '用户管理');
    const saves = requestsTo(page, '/api/blade-user/submit');
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await type(dialog, 'phone', '123');
    await expect(dialog.locator('#phone_help')).toHaveText('手机号码长度不为11位');
    await type(dialog, 'phone', '23800001111');
    await expect(dialog.locator('#phone_help')).toHaveText('手机号码格式不正确');
    await type(dialog, 'email', 'not-an-email');
    await expect(dialog.locator('#email_help')).toHaveText('邮箱格式不正确');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog.locator('#phone_help')).toHaveText('手机号码格式不正确');
    await expectNoAxeViolations(page, 'new user dialog with its problems');
    expect(saves).toEqual([]);
    // Put right, the messages go.
    await type(dialog, 'phone', '13800001234');
    await type(dialog, 'email', 'e2e@park.example');
    await expect(dialog.locator('#phone_help')).toHaveCount(0);
    await expect(dialog.locator('#email_help')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('a new enterprise’s credit code, phone, capital and due date', async () => {
    await openMenu(page, '企业管理', '企业信息');
    const saves = requestsTo(page, '/api/blade-crm/enterprise/create-enterprise');
    await page.getByRole('button', { name: label('新增企业') }).click();
    const dialog = page.getByRole('dialog', { name: '新增企业' });
    await type(dialog, 'creditCode', '91440300MA5FXH123I');
    await expect(dialog.locator('#creditCode_help')).toHaveText('统一社会信用代码格式不正确');
    await type(dialog, 'agentPhone', '12345');
    await expect(dialog.locator('#agentPhone_help')).toHaveText('电话号不正确');
    await type(dialog, 'registeredCapital', '-5');
    await expect(dialog.locator('#registeredCapital_help')).toHaveText('注册资本(元)不能小于0');
    await fillDate(dialog, 'entryDate', '2026-05-01');
    await fillDate(dialog, 'dueDate', '2026-01-01');
    await dialog.locator('#dueDate').press('Tab');
    await expect(dialog.locator('#dueDate_help')).toHaveText('到期日期不能早于入驻日期');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog.locator('#enterpriseName_help')).toHaveText('请输入企业名称');
    expect(saves).toEqual([]);
    // An earlier entry date puts the due date right without it being touched again.
    await fillDate(dialog, 'entryDate', '2025-12-01');
    await dialog.locator('#entryDate').press('Tab');
    await expect(dialog.locator('#dueDate_help')).toHaveCount(0);
  });
});
