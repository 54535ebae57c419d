import { expect, type Page, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu } from '../support/console.ts';
import { callApi, clickRowAction, requestApi, rowActionNames, rowWithCell, today } from '../support/system.ts';

/**
 * The park's clock (issue 34): the screens judge "now" and "today" by the server's zone (Asia/Shanghai) and clock,
 * which user-info reports, never by the browser's. Each walk runs the browser in another zone with its clock
 * fixed far from the real time (Playwright's timezoneId and page.clock), so a screen that read the browser's
 * clock would show another day: the public-space calendar offers no slot already past in Shanghai, the week
 * menu's windows read 未开始 / 可预订 / 已截止 as they are, and 订餐记录 offers 核销 on the meal's day only.
 */

/** The park's date and time now (the server runs on this machine, in Asia/Shanghai): yyyy-MM-dd HH:mm. */
const parkNow = () => new Date().toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16);

/** `date` (yyyy-MM-dd) moved by `days`. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The browser's clock, fixed `hours` away from the real time: Date.now() and new Date() answer it, timers run on. */
async function wrongClock(page: Page, hours: number) {
  await page.clock.setFixedTime(new Date(Date.now() + hours * 3600_000));
}

test.describe('a browser in Los Angeles, its clock a day and a half behind', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the public-space calendar offers no slot already past in Shanghai', async ({ page }) => {
    await wrongClock(page, -36);
    const stamp = String(Date.now()).slice(-8);
    const name = `E2E时钟会议室${stamp}`;
    await loginAsAdmin(page, { at: '/property/public-space' });
    // The browser's own idea of today is not the park's.
    expect(await page.evaluate(() => new Date().toLocaleDateString('sv-SE'))).not.toBe(today());
    const space = await callApi<{ id: string }>(page, 'blade-property/public-space/submit', {
      method: 'POST',
      data: { spaceName: name, spaceType: 1, location: 'E2E楼', capacity: 8, enabled: 1 },
    });
    // Open around the clock, so that some of today's slots have begun and some have not, whenever this runs.
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state);
    const configured = await page.request.fetch('/api/blade-property/public-space/config', {
      method: 'PUT',
      data: { id: space.id, openTime: '00:00', closeTime: '24:00', slotMinutes: 60, bookDays: 7 },
      headers: {
        Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'Blade-Auth': `bearer ${session.accessToken}`,
        'Tenant-Id': session.tenantId,
      },
    });
    expect((await configured.json()).code).toBe(200);

    await page.reload();
    await page.locator('#search_spaceName').fill(name);
    // The spaces' search form (the reservations list below has its own).
    await page
      .locator('#search')
      .getByRole('button', { name: label('搜索') })
      .click();
    await clickRowAction(rowWithCell(page, name), '预约日历');
    await expect(page.getByTestId('space-calendar')).toBeVisible();

    const now = parkNow();
    const day = now.slice(0, 10);
    const hour = Number(now.slice(11, 13));
    const slot = (h: number) => page.getByTestId(`slot-${day}-${String(h).padStart(2, '0')}:00`);
    const offered = (h: number) => slot(h).locator('button, input');
    // The park's today is on the week shown, the browser's yesterday notwithstanding.
    await expect(slot(hour)).toBeVisible();
    // The slot under way and every one before it are past in Shanghai: nothing to book there.
    for (const h of new Set([0, Math.max(hour - 1, 0), hour])) await expect(offered(h)).toHaveCount(0);
    // The next hour's is offered (unless the day has none left).
    if (hour < 23) await expect(offered(hour + 1).first()).toBeVisible();
    // The server agrees: the slot under way is refused.
    const refused = await (
      await requestApi(page, 'blade-property/public-space/reserve', {
        method: 'POST',
        data: {
          spaceId: space.id,
          reserveDate: day,
          startTime: `${String(hour).padStart(2, '0')}:00`,
          endTime: `${String(hour + 1).padStart(2, '0')}:00`,
          subject: 'E2E已过时段',
        },
      })
    ).json();
    expect(refused).toMatchObject({ code: 400, msg: '不能预约已经过去的时间' });
  });
});

test.describe('a browser in UTC, its clock two days ahead', () => {
  test.use({ timezoneId: 'UTC' });

  test('the week menu tells each window as it is in the park, and 核销 is offered on the meal’s day only', async ({
    page,
  }) => {
    await wrongClock(page, 50);
    const stamp = String(Date.now()).slice(-8);
    await loginAsAdmin(page, { at: '/dhm/dhm/order-meal' });
    const day = today();
    expect(await page.evaluate(() => new Date().toISOString().slice(0, 10))).not.toBe(day);

    // Two categories: same day only (until 23:59), and a day ahead by 00:00; a meal of each, served every day.
    const dish = await callApi<{ id: string }>(page, 'blade-dhm/dishes/submit', {
      method: 'POST',
      data: { dishesName: `E2E时钟菜${stamp}`, price: '10', taste: 1, status: 1 },
    });
    const meals: Record<'sameDay' | 'dayBefore', string> = { sameDay: '', dayBefore: '' };
    const mealIds: Record<string, string> = {};
    for (const [key, date, deadline] of [
      ['sameDay', 0, '23:59'],
      ['dayBefore', 1, '00:00'],
    ] as const) {
      const category = await callApi<{ id: string }>(page, 'blade-dhm/category-meal/submit', {
        method: 'POST',
        data: { categoryName: `E2E时钟${key}${stamp}`, startTime: '11:00', endTime: '13:00', sort: 98 },
      });
      await callApi(page, 'blade-dhm/meal-config/submit', {
        method: 'POST',
        data: { categoryMealId: category.id, mealConfigDate: date, deadlineTime: deadline, bookerTypes: '1,2' },
      });
      meals[key] = `E2E时钟${key === 'sameDay' ? '当天' : '提前'}${stamp}`;
      const meal = await callApi<{ id: string }>(page, 'blade-dhm/meal/submit', {
        method: 'POST',
        data: {
          mealName: meals[key],
          categoryMealId: category.id,
          dishesIds: dish.id,
          price: '12',
          serveDays: '1,2,3,4,5,6,7',
          status: 1,
        },
      });
      mealIds[key] = meal.id;
    }

    await test.step('本周菜单: 可预订 today until 23:59, 未开始 tomorrow, 已截止 where the cut-off passed', async () => {
      await page.goto('/dhm/dhm/order-meal/book');
      const card = (date: string, meal: string) => page.getByTestId(`meal-${date}-${meal}`);
      // The week starts on the park's today, not on the browser's day after tomorrow.
      await expect(page.getByTestId(`day-${day}`)).toBeVisible();
      await expect(card(day, meals.sameDay)).toContainText(`可预订（至 ${day.slice(5)} 23:59）`);
      await expect(card(day, meals.sameDay).getByRole('button', { name: label('预订') })).toBeVisible();
      const tomorrow = addDays(day, 1);
      await expect(card(tomorrow, meals.sameDay)).toContainText(`未开始（${tomorrow.slice(5)} 00:00 开放）`);
      await expect(card(tomorrow, meals.sameDay).getByRole('button', { name: label('预订') })).toHaveCount(0);
      await expect(card(day, meals.dayBefore)).toContainText('已截止');
      await expect(card(tomorrow, meals.dayBefore)).toContainText('已截止');
      await expect(card(addDays(day, 2), meals.dayBefore)).toContainText(`可预订（至 ${tomorrow.slice(5)} 00:00）`);
    });

    await test.step('订餐记录 offers 核销 on today’s order only; the server refuses another day’s', async () => {
      const today0 = await callApi<{ id: string }>(page, 'blade-dhm/order-meal/submit', {
        method: 'POST',
        data: { mealId: mealIds.sameDay, mealDate: day },
      });
      const later = addDays(day, 2);
      const ahead = await callApi<{ id: string }>(page, 'blade-dhm/order-meal/submit', {
        method: 'POST',
        data: { mealId: mealIds.dayBefore, mealDate: later },
      });
      await openMenu(page, '食堂管理', '订餐记录');
      // Each order found by its number (the demo's orders fill the first pages).
      const found = async (id: string, date: string) => {
        await page.locator('#search_orderNo').fill(`DC${id}`);
        await page.getByRole('button', { name: label('搜索') }).click();
        const row = rowWithCell(page, `DC${id}`);
        await expect(row).toContainText(date);
        return rowActionNames(row);
      };
      expect(await found(today0.id, day)).toEqual(expect.arrayContaining(['核销', '取消订单']));
      const offered = await found(ahead.id, later);
      expect(offered).toContain('取消订单');
      expect(offered).not.toContain('核销');
      const refused = await (
        await requestApi(page, 'blade-dhm/order-meal/verification', { method: 'POST', params: { id: ahead.id } })
      ).json();
      expect(refused).toMatchObject({ code: 400, msg: `只能在用餐当天核销（用餐日期${later}）` });
      // Tidy: today's order cancelled, so the walk leaves no order of today behind.
      await callApi(page, 'blade-dhm/order-meal/cancel', { method: 'POST', params: { id: today0.id } });
    });
  });
});
