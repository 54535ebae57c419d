import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { fillDate, loginAsCompany, pickOption } from '../support/crm.ts';
import { callApi, clickRowAction, confirm, requestApi, rowActionNames, rowWithCell, today } from '../support/system.ts';

/**
 * 食堂管理 (spec parts 2, 4 and 7; issue 16): the administrator (the canteen: it holds 核销) makes a meal on
 * its own editing page (/dhm/dhm/meal/edit) from dishes, with its serving days and daily portions, and
 * edits it again; sees the category's booking rule on 订餐配置; books the meal for today on 订餐记录,
 * is refused a second booking, writes the order off after a question, is refused its cancel once written
 * off, cancels another order, books and cancels in one click on the week menu, and reads the day in 订餐统计
 * (table and chart). Then a company account books the meal on the week menu and sees its own order only.
 */
test('the canteen makes a meal, books it, writes it off and cannot cancel it after', async ({ page }) => {
  // A whole canteen day in one walk: the meal, the rule, booking, write-off, cancels, the week menu and statistics.
  test.setTimeout(150_000);
  const stamp = String(Date.now()).slice(-8);
  const mealName = `E2E套餐${stamp}`;
  const categoryName = `E2E餐别${stamp}`;
  await loginAsAdmin(page, { at: '/dhm/dhm/meal' });

  // A category open for booking until 23:59 of the meal day, and two dishes.
  const category = await callApi<{ id: string }>(page, 'blade-dhm/category-meal/submit', {
    method: 'POST',
    data: { categoryName, startTime: '11:00', endTime: '13:00', sort: 99 },
  });
  await callApi(page, 'blade-dhm/meal-config/submit', {
    method: 'POST',
    data: { categoryMealId: category.id, mealConfigDate: -1, deadlineTime: '23:59', bookerTypes: '1,2' },
  });
  for (const [name, price] of [
    [`E2E鱼香肉丝${stamp}`, '13'],
    [`E2E米饭${stamp}`, '1'],
  ]) {
    await callApi(page, 'blade-dhm/dishes/submit', {
      method: 'POST',
      data: { dishesName: name, price, taste: 2, status: 1 },
    });
  }

  await test.step('新增 opens the meal’s editing page, which names what is missing', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    await expect(page).toHaveURL(/\/dhm\/dhm\/meal\/edit$/);
    await page.getByRole('button', { name: label('保存') }).click();
    const errors = page.locator('.ant-form-item-explain-error');
    await expect(errors).toContainText(['请输入套餐名称', '请选择所属餐别', '请选择菜品', '请输入价格(元)']);
    await expectNoAxeViolations(page, 'meal editing page with its problems');
  });

  await test.step('a meal is made from dishes, served every day, with a daily limit', async () => {
    await page.locator('#mealName').fill(mealName);
    await page.locator('#categoryMealId').fill(categoryName);
    await pickOption(page, page.locator('form'), 'categoryMealId', categoryName);
    await page.locator('#dishes').click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await page.locator('#dishes').fill(`E2E鱼香肉丝${stamp}`);
    await dropdown.getByTitle(`E2E鱼香肉丝${stamp}（¥13）`).click();
    await page.locator('#dishes').fill(`E2E米饭${stamp}`);
    await dropdown.getByTitle(`E2E米饭${stamp}（¥1）`).click();
    await page.keyboard.press('Escape');
    await page.locator('#price').fill('14.5');
    await page.locator('#dailyLimit').fill('50');
    await page.getByRole('checkbox', { name: '周六' }).check();
    await page.getByRole('checkbox', { name: '周日' }).check();
    await page.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '套餐已保存').first()).toBeVisible();
    await expect(page).toHaveURL(/\/dhm\/dhm\/meal$/);
    const row = rowWithCell(page, mealName);
    await expect(row).toContainText('每天');
    await expect(row).toContainText('50份');
  });

  await test.step('编辑 opens the same page with the meal, and a change is kept', async () => {
    await clickRowAction(rowWithCell(page, mealName), '编辑');
    await expect(page).toHaveURL(/\/dhm\/dhm\/meal\/edit\?id=\d+$/);
    await expect(page.locator('#mealName')).toHaveValue(mealName);
    await expect(page.locator('form')).toContainText(`E2E米饭${stamp}`);
    await page.locator('#dailyLimit').fill('');
    await page.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '套餐已保存').first()).toBeVisible();
    await expect(rowWithCell(page, mealName)).toContainText('不限量');
  });

  await test.step('订餐配置 lists the category’s booking rule', async () => {
    await openMenu(page, '食堂管理', '订餐配置');
    await expect(page).toHaveURL(/\/dhm\/dhm\/meal\/meal-config$/);
    const row = rowWithCell(page, categoryName);
    await expect(row).toContainText('不限');
    await expect(row).toContainText('园区员工、企业员工');
  });

  const day = today();
  await test.step('订餐 books the meal for today; a second booking is refused', async () => {
    await openMenu(page, '食堂管理', '订餐记录');
    await expect(page).toHaveURL(/\/dhm\/dhm\/order-meal$/);
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: label('订餐') }).click();
      const dialog = await settled(page.getByRole('dialog', { name: '订餐' }));
      await dialog.locator('#mealId').fill(mealName);
      await pickOption(page, dialog, 'mealId', mealName);
      await fillDate(dialog, 'mealDate', day);
      await dialog.getByRole('button', { name: label('订餐') }).click();
      if (attempt === 1) {
        await expect(toast(page, '预订成功').first()).toBeVisible();
        await expect(dialog).toBeHidden();
      } else {
        await expect(toast(page, `已预订过${day}的该套餐，不能重复预订`).first()).toBeVisible();
        await dialog.getByRole('button', { name: label('取消') }).click();
      }
    }
  });

  const row = rowWithCell(page, mealName);
  await test.step('核销 writes the order off after a question; it cannot be cancelled after', async () => {
    await expect(row).toContainText('已预订');
    expect(await rowActionNames(row)).toEqual(expect.arrayContaining(['核销', '取消订单']));
    await clickRowAction(row, '核销');
    await confirm(page, '确定核销订单', '核销成功');
    await expect(row).toContainText('已核销');
    expect(await rowActionNames(row)).not.toContain('取消订单');
    const meals = await callApi<{ records: { id: string }[] }>(page, 'blade-dhm/meal/list', {
      params: { mealName },
    });
    const orders = await callApi<{ records: { id: string }[] }>(page, 'blade-dhm/order-meal/page', {
      params: { mealId_equal: meals.records[0].id, orderMealStatus_equal: '1' },
    });
    expect(orders.records).toHaveLength(1);
    const written = orders.records[0].id;
    const refused = await (
      await requestApi(page, 'blade-dhm/order-meal/cancel', { method: 'POST', params: { id: written } })
    ).json();
    expect(refused).toMatchObject({ code: 400, msg: '该订单已核销，不能取消' });
  });

  await test.step('another booking is cancelled after a question', async () => {
    const tomorrow = new Date(`${day}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const next = tomorrow.toISOString().slice(0, 10);
    await page.getByRole('button', { name: label('订餐') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '订餐' }));
    await dialog.locator('#mealId').fill(mealName);
    await pickOption(page, dialog, 'mealId', mealName);
    await fillDate(dialog, 'mealDate', next);
    await dialog.getByRole('button', { name: label('订餐') }).click();
    await expect(toast(page, '预订成功').first()).toBeVisible();
    const booked = page.getByRole('row').filter({ hasText: mealName }).filter({ hasText: next });
    await clickRowAction(booked, '取消订单');
    await confirm(page, '确定取消订单', '订单已取消');
    await expect(booked).toContainText('已取消');
  });

  await test.step('本周菜单 shows the week’s meals; one click books, one click cancels', async () => {
    await page.getByRole('button', { name: label('本周菜单') }).click();
    await expect(page).toHaveURL(/\/dhm\/dhm\/order-meal\/book$/);
    const todays = page.getByTestId(`meal-${day}-${mealName}`);
    await expect(todays).toContainText('已核销');
    await expect(todays).toContainText('截止');
    const tomorrow = new Date(`${day}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 2);
    const later = page.getByTestId(`meal-${tomorrow.toISOString().slice(0, 10)}-${mealName}`);
    await expectNoAxeViolations(page, 'week menu');
    await later.getByRole('button', { name: label('预订') }).click();
    await expect(toast(page, '预订成功').first()).toBeVisible();
    await expect(later).toContainText('已预订');
    await later.getByRole('button', { name: label('取消预订') }).click();
    await expect(toast(page, '订单已取消').first()).toBeVisible();
    await expect(later.getByRole('button', { name: label('预订') })).toBeVisible();
    await page.getByRole('button', { name: label('返回订餐记录') }).click();
    await expect(page).toHaveURL(/\/dhm\/dhm\/order-meal$/);
  });

  await test.step('订餐统计 counts the day’s orders of the meal from the orders', async () => {
    await page.getByRole('button', { name: label('订餐统计') }).click();
    await expect(page).toHaveURL(/\/dhm\/dhm\/order-meal\/statistics$/);
    const stats = page.getByRole('row').filter({ hasText: mealName }).filter({ hasText: day });
    // 已预订 0, 已核销 1, 已取消 0, 14.50 yuan.
    await expect(stats.getByRole('cell')).toHaveText([day, categoryName, mealName, '0', '1', '0', '14.50']);
    // The chart of the same figures by day, drawn by ECharts on a canvas, named for screen readers.
    const chart = page.getByRole('img', { name: /^订餐统计图/ });
    await expect(chart).toHaveAttribute('aria-label', /已核销\d+份/);
    const canvas = chart.locator('canvas');
    await expect(canvas).toBeVisible();
    expect((await canvas.boundingBox())?.width).toBeGreaterThan(100);
    await expectNoAxeViolations(page, 'canteen statistics');
  });

  await test.step('a company account books on the week menu and sees its own order only', async () => {
    const account = `e2e_dhm_${stamp}`;
    await callApi(page, 'blade-crm/enterprise/create-enterprise', {
      method: 'POST',
      data: { enterpriseName: `E2E食堂企业${stamp}`, account, password: 'Secret-123' },
    });
    await loginAsCompany(
      page,
      { tenantId: ADMIN.tenantId, username: account, password: 'Secret-123' },
      { at: '/dhm/dhm/order-meal/book' },
    );
    const later = new Date(`${day}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 3);
    const date = later.toISOString().slice(0, 10);
    const meal = page.getByTestId(`meal-${date}-${mealName}`);
    await meal.getByRole('button', { name: label('预订') }).click();
    await expect(toast(page, '预订成功').first()).toBeVisible();
    await expect(meal).toContainText('已预订');
    await openMenu(page, '食堂管理', '订餐记录');
    // The administrator's orders of this meal (written off, cancelled) are not the company's to see.
    await expect(page.getByRole('row').filter({ hasText: mealName })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: mealName })).toContainText('已预订');
    await expect(page.getByRole('button', { name: label('订餐统计') })).toHaveCount(0);
  });
});
