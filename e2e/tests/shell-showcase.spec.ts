import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, label, loginAsAdmin, toast } from '../support/console.ts';
import { dataRows, loginAsCompany } from '../support/crm.ts';
import {
  BUSINESS_DEPT,
  COMPANY_ROLE,
  CTO_POST,
  confirmPick,
  PROPERTY_DEPT,
  pickIn,
  STAFF_POST,
  search,
  XINGHE,
} from '../support/pickers.ts';
import { callApi } from '../support/system.ts';

/**
 * /test/index, the developers' showcase of the shared components (spec part 2, "mock menu only"):
 * each picker, input and helper driven as a person would, for the administrator only.
 */
const QINGHE = '190000000000010200';

const stamp = Date.now();
const section = (page: Page, id: string) => page.getByTestId(`showcase-${id}`);

async function openShowcase(page: Page) {
  await page.goto('/test/index');
  await expect(page.getByRole('heading', { name: '组件示例' })).toBeVisible();
}

test('only an administrator opens the showcase; it has its own tab', async ({ page }) => {
  await loginAsAdmin(page);
  await openShowcase(page);
  await expect(page.getByRole('tab', { name: '组件示例' })).toBeVisible();
  await expectNoAxeViolations(page, 'component showcase');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAsCompany(page, { tenantId: ADMIN.tenantId, username: 'xinghe', password: '123456' });
  await page.goto('/test/index');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/wel/index');
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '组件示例' })).toHaveCount(0);
});

test.describe('tag input', () => {
  let entryId: string | undefined;
  const offered = `标签${stamp % 100_000}`;

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    if (entryId) await callApi(page, 'blade-system/dict/remove', { method: 'POST', params: { ids: entryId } });
    await page.close();
  });

  test("skips blanks and repeats, offers the dictionary's entries, and refuses an unknown tag key", async ({
    page,
  }) => {
    await loginAsAdmin(page);
    // The guide tags dictionary with one entry of this run's own.
    const parents = await callApi<{ records: { id: string }[] }>(page, 'blade-system/dict/parent-list', {
      params: { code_equal: 'guide_tag_option', current: '1', size: '10' },
    });
    const parentId =
      parents.records[0]?.id ??
      (
        await callApi<{ id: string }>(page, 'blade-system/dict/submit', {
          method: 'POST',
          data: {
            code: 'guide_tag_option',
            dictValue: '指南标签',
            dictKey: '-1',
            parentId: '0',
            sort: 90,
            isSealed: 0,
          },
        })
      ).id;
    const entry = await callApi<{ id: string }>(page, 'blade-system/dict/submit', {
      method: 'POST',
      data: { parentId, code: 'guide_tag_option', dictKey: `e2e${stamp}`, dictValue: offered, sort: 1, isSealed: 0 },
    });
    entryId = entry.id;

    await openShowcase(page);
    const tags = section(page, 'tags');
    const value = page.getByTestId('tags-value');
    const input = tags.locator('#tags');
    await input.click();
    await input.pressSequentially('园区,');
    await expect(value).toHaveText('园区');
    await input.pressSequentially('  ,');
    await input.pressSequentially('园区,');
    await expect(value).toHaveText('园区');
    await input.pressSequentially(' 孵化 ,');
    await expect(value).toHaveText('园区,孵化');

    // The list offers the dictionary's entries (typing a separator closed it).
    await input.press('ArrowDown');
    await page.locator('.ant-select-dropdown:visible').getByTitle(offered, { exact: true }).click();
    await expect(value).toHaveText(`园区,孵化,${offered}`);

    await expect(tags.getByRole('alert')).toHaveText('不被期望的tagKey');
  });
});

test('the enterprise selector picks several enterprises into comma-joined ids', async ({ page }) => {
  await loginAsAdmin(page);
  await openShowcase(page);
  const card = section(page, 'enterprise');
  await card.locator('#enterprises').click();
  const dialog = page.getByRole('dialog', { name: '选择企业' });
  await expect(dialog).toBeVisible();

  await confirmPick(dialog);
  await expect(toast(page, '请选择至少一条数据').first()).toBeVisible();
  await expect(dialog).toBeVisible();

  for (const name of ['星河智能科技有限公司', '青禾生物医药有限公司']) {
    await dialog.locator('#enterpriseSelector_enterpriseName').fill(name);
    await search(dialog);
    await expect(dataRows(dialog)).toHaveCount(1);
    await dataRows(dialog).filter({ hasText: name }).locator('.ant-checkbox-input').check();
  }
  await expectNoAxeViolations(page, 'enterprise selector, several');
  await expect(dialog.getByText('已选择 2 项')).toBeVisible();
  await confirmPick(dialog);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('enterprise-value')).toHaveText(`${XINGHE},${QINGHE}`);
  await expect(card.locator('#enterprises')).toHaveValue('星河智能科技有限公司, 青禾生物医药有限公司');
});

test.describe('row picker', () => {
  const staffIds: string[] = [];

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    if (staffIds.length) {
      await callApi(page, 'blade-crm/staff/remove', { method: 'POST', params: { ids: staffIds.join(',') } });
    }
    await page.close();
  });

  test('each of the six lists opens 10 rows to a page, and an empty or unknown pick is refused', async ({ page }) => {
    test.setTimeout(150_000);
    await loginAsAdmin(page);
    // Eleven staff of this run, so the staff list has a second page whatever the other tests left.
    const staffName = `行选${stamp % 100_000}`;
    for (let i = 1; i <= 11; i++) {
      const saved = await callApi<{ id: string }>(page, 'blade-crm/staff/submit', {
        method: 'POST',
        data: { enterpriseId: XINGHE, staffName: `${staffName}-${String(i).padStart(2, '0')}` },
      });
      staffIds.push(saved.id);
    }
    await openShowcase(page);
    const card = section(page, 'row-picker');

    const lists = [
      ['企业人员', 'blade-crm/staff'],
      ['企业信息', 'blade-crm/enterprise'],
      ['科研项目', 'blade-crm/project'],
      ['证书奖项', 'blade-crm/certificate'],
      ['企业资质', 'blade-crm/qualification'],
      ['知识产权', 'blade-crm/intellectual-property'],
    ] as const;
    for (const [name, api] of lists) {
      await test.step(name, async () => {
        const answer = page.waitForResponse((r) => r.url().includes(`/api/${api}/page?`));
        await card.getByRole('button', { name: label(name) }).click();
        const response = await answer;
        expect(new URL(response.url()).searchParams.get('size')).toBe('10');
        const { total } = (await response.json()).data as { total: number };
        const dialog = page.getByRole('dialog', { name: `选择${name}` });
        await expect(dataRows(dialog)).toHaveCount(Math.min(total, 10));
        // Radios: one row only.
        await expect(dialog.locator('.ant-table-tbody .ant-radio-input').first()).toBeVisible();

        await confirmPick(dialog);
        await expect(toast(page, '请选择一条数据').first()).toBeVisible();
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: label('取消') }).click();
        await expect(dialog).toBeHidden();
      });
    }

    await test.step('a staff member picked from the second page', async () => {
      await card.getByRole('button', { name: label('企业人员') }).click();
      const dialog = page.getByRole('dialog', { name: '选择企业人员' });
      await dialog.locator('#rowPicker_staffName').fill(staffName);
      await search(dialog);
      await expect(dialog.getByText('共 11 条')).toBeVisible();
      await expect(dataRows(dialog)).toHaveCount(10);
      await dialog.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
      await expect(dataRows(dialog)).toHaveCount(1);
      await dataRows(dialog).first().click();
      await confirmPick(dialog);
      await expect(dialog).toBeHidden();
      // Newest first: the first one saved is alone on page 2.
      await expect(page.getByTestId('row-picker-value')).toHaveText(`staff: ${staffName}-01 (${staffIds[0]})`);
    });

    await test.step('an unknown list is refused', async () => {
      await card.getByRole('button', { name: label('未知列表') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('alert')).toHaveText('不被期望的field');
      await expect(dataRows(dialog)).toHaveCount(0);
    });
  });
});

test.describe('person picker', () => {
  const userIds: string[] = [];

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    if (userIds.length)
      await callApi(page, 'blade-user/remove', { method: 'POST', params: { ids: userIds.join(',') } });
    await page.close();
  });

  test('checkboxes pick several people searched by name, department and post', async ({ page }) => {
    await loginAsAdmin(page);
    const people = `示例人${stamp % 100_000}`;
    const accounts = [
      ['甲', BUSINESS_DEPT, STAFF_POST],
      ['乙', PROPERTY_DEPT, CTO_POST],
      ['丙', BUSINESS_DEPT, CTO_POST],
    ] as const;
    for (const [i, [suffix, deptId, postId]] of accounts.entries()) {
      const saved = await callApi<{ id: string }>(page, 'blade-user/submit', {
        method: 'POST',
        data: {
          account: `show_${stamp}_${i}`,
          password: 'Secret-123',
          name: `${people}${suffix}`,
          realName: `${people}-${suffix}`,
          userType: 2,
          enterpriseId: XINGHE,
          roleId: COMPANY_ROLE,
          deptId,
          postId,
        },
      });
      userIds.push(saved.id);
    }

    await openShowcase(page);
    const card = section(page, 'person');
    await card.getByRole('button', { name: '选择人员' }).click();
    const dialog = page.getByRole('dialog', { name: '选择人员' });

    await confirmPick(dialog);
    await expect(toast(page, '请选择至少一条数据').first()).toBeVisible();

    const names = () => dataRows(dialog).locator('td:nth-child(3)');
    await dialog.locator('#personPicker_realName').fill(people);
    await search(dialog);
    await expect(names()).toHaveText([`${people}-丙`, `${people}-乙`, `${people}-甲`]);
    await pickIn(page, dialog, 'personPicker_deptId', '招商部');
    await search(dialog);
    await expect(names()).toHaveText([`${people}-丙`, `${people}-甲`]);
    await pickIn(page, dialog, 'personPicker_postId', '首席技术官');
    await search(dialog);
    await expect(names()).toHaveText([`${people}-丙`]);
    await expect(dataRows(dialog).first()).toContainText('招商部');
    await expect(dataRows(dialog).first()).toContainText('首席技术官');

    await dialog.getByRole('button', { name: label('清空') }).click();
    await dialog.locator('#personPicker_realName').fill(people);
    await search(dialog);
    await expect(names()).toHaveCount(3);
    for (const suffix of ['甲', '乙']) {
      await dataRows(dialog)
        .filter({ hasText: `${people}-${suffix}` })
        .locator('.ant-checkbox-input')
        .check();
    }
    await expect(dialog.getByText('已选择 2 项')).toBeVisible();
    await confirmPick(dialog);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('person-value')).toHaveText(`${people}-甲, ${people}-乙`);
  });
});

test('the dictionary select offers the entries, and the upload takes an image and refuses other files', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await openShowcase(page);
  const dict = section(page, 'dict');
  await dict.getByRole('combobox').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['男', '女', '未知']);
  await options.filter({ hasText: '女' }).click();
  await expect(page.getByTestId('dict-value')).toHaveText('2');

  const upload = section(page, 'upload');
  const chooser = upload.locator('input[type=file]');
  // The shared upload's own words, naming the kinds and the size it was given (not the avatar's).
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(toast(page, '只能上传 JPG/JPEG/PNG 格式的文件')).toBeVisible();
  await chooser.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(500 * 1024 + 1) });
  await expect(toast(page, '文件大小不能超过 500 KB')).toBeVisible();
  await expect(page.getByTestId('upload-value')).toHaveText('（无）');

  // A 1x1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await chooser.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  const link = page.getByTestId('upload-value');
  await expect(link).not.toHaveText('（无）');
  const address = (await link.textContent()) ?? '';
  await expect(upload.getByRole('img', { name: '已上传' })).toHaveAttribute('src', address);
  // The link serves the bytes sent.
  const served = await page.request.get(address);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(png)).toBe(true);
});

test('the validators say what is wrong on blur, and pass good values', async ({ page }) => {
  await loginAsAdmin(page);
  await openShowcase(page);
  const form = section(page, 'validate');
  const field = (id: string) => form.locator(`#showcase_${id}`);
  const error = (id: string) => form.locator(`#showcase_${id}_help`);
  const enter = async (id: string, value: string) => {
    await field(id).fill(value);
    await field(id).blur();
  };

  await enter('creditCode', '91350100M000100I43');
  await expect(error('creditCode')).toHaveText('统一社会信用代码格式不正确');
  await enter('creditCode', '91350100M000100Y43');
  await expect(error('creditCode')).toHaveCount(0);

  await enter('mobile', '');
  await expect(error('mobile')).toHaveText('手机号码不能为空');
  await enter('mobile', '1380000');
  await expect(error('mobile')).toHaveText('手机号码长度不为11位');
  await enter('mobile', '23800001111');
  await expect(error('mobile')).toHaveText('手机号码格式不正确');
  await enter('mobile', '13800001111');
  await expect(error('mobile')).toHaveCount(0);

  await enter('landline', '12345');
  await expect(error('landline')).toHaveText('座机号码格式不正确');
  await enter('landline', '0591-87654321');
  await expect(error('landline')).toHaveCount(0);

  await enter('phone', '12345');
  await expect(error('phone')).toHaveText('电话号不正确');
  await enter('phone', '87654321');
  await expect(error('phone')).toHaveCount(0);

  await enter('decimal', '3.14159');
  await expect(error('decimal')).toHaveText('请输入最多4位小数的数字');
  await enter('decimal', '3.1416');
  await expect(error('decimal')).toHaveCount(0);

  await enter('range', '1001');
  await expect(error('range')).toHaveText('数量在0-1000之间');
  await enter('range', '-1');
  await expect(error('range')).toHaveText('数量在0-1000之间');
  await enter('range', '1000');
  await expect(error('range')).toHaveCount(0);

  await enter('url', 'ftp://example.com');
  await expect(error('url')).toHaveText('请输入以 http 或 https 开头的网址');
  await enter('url', 'https://example.com/park');
  await expect(error('url')).toHaveCount(0);

  await form.getByRole('button', { name: label('校验') }).click();
  await expect(page.getByTestId('validate-value')).toHaveText('全部通过');

  // 校验 checks every field, blurred or not.
  await field('mobile').fill('');
  await form.getByRole('button', { name: label('校验') }).click();
  await expect(error('mobile')).toHaveText('手机号码不能为空');
  await expect(page.getByTestId('validate-value')).toHaveCount(0);
});

test('money, its units, both date formats and the 42-day calendar grid', async ({ page }) => {
  await loginAsAdmin(page);
  await openShowcase(page);
  const format = section(page, 'format');
  const amount = format.getByRole('textbox', { name: '金额（万元）' });
  const money = page.getByTestId('money');
  const unit = page.getByTestId('money-unit');

  for (const [typed, shown, inUnit] of [
    ['1234.5', '1,234.50', '1,234.50 万元'],
    ['123456', '123,456.00', '12.35 亿元'],
    ['12345678', '12,345,678.00', '1,234.57 亿元'],
    ['1234567890', '1,234,567,890.00', '12.35 亿万'],
    ['abc', '--', '--'],
  ]) {
    await amount.fill(typed);
    await expect(money).toHaveText(shown);
    await expect(unit).toHaveText(inUnit);
  }

  const date = format.getByRole('textbox', { name: '日期' });
  await date.click();
  await date.fill('2024-03-05');
  await date.press('Enter');
  await expect(page.getByTestId('date')).toHaveText('2024-03-05');
  await expect(page.getByTestId('picker-date')).toHaveText('2024年03月05日');

  const month = format.getByRole('textbox', { name: '月份' });
  await month.click();
  await month.fill('2024-02');
  await month.press('Enter');
  const days = page.getByTestId('calendar-day');
  await expect(days).toHaveCount(42);
  await expect(page.getByTestId('calendar-weekday')).toHaveText(['一', '二', '三', '四', '五', '六', '日']);
  // February 2024 starts on a Thursday: three days of January lead, ten of March follow.
  await expect(days.first()).toHaveAttribute('data-date', '2024-01-29');
  await expect(days.nth(3)).toHaveAttribute('data-date', '2024-02-01');
  await expect(days.nth(31)).toHaveAttribute('data-date', '2024-02-29');
  await expect(days.last()).toHaveAttribute('data-date', '2024-03-10');
  await expect(format.locator('[data-testid=calendar-day][data-in-month=true]')).toHaveCount(29);
  await expect(days.first()).toHaveText('29');

  // A month starting on a Monday starts the grid.
  await month.click();
  await month.fill('2024-04');
  await month.press('Enter');
  await expect(days.first()).toHaveAttribute('data-date', '2024-04-01');
  await expect(days).toHaveCount(42);
});
