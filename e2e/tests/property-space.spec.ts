import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, settled, startSession, switchToEnglish, toast } from '../support/console.ts';
import { callApi, clickRowAction, confirm, requestApi, rowWithCell, today } from '../support/system.ts';

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** `date` (yyyy-MM-dd) moved by `days`. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The park's tomorrow (the calendar's clock is the park's), its weekday, and whether it falls in this week. */
function parkTomorrow() {
  const tomorrow = addDays(today(), 1);
  const weekday = new Date(`${tomorrow}T00:00:00Z`).getUTCDay();
  // Sunday's tomorrow is next week's Monday.
  return { tomorrow, weekday, sameWeek: weekday !== 1 };
}

/** Finds the space in the list (its own search form: the reservations list has another) and opens its week. */
async function openSpace(page: Page, name: string) {
  await page.locator('#search_spaceName').fill(name);
  await page
    .locator('#search')
    .getByRole('button', { name: label('搜索') })
    .click();
  // The spaces' list comes first on the page; 全部预约 below names the space in its rows too.
  await clickRowAction(rowWithCell(page, name).first(), '预约日历');
  await expect(page.getByTestId('space-calendar')).toBeVisible();
  await expect(page.getByText(`${name} 的预约日历`).first()).toBeVisible();
}

/**
 * 公共空间 (issue 17): a space picked in the list shows its week calendar; a free slot of tomorrow (the park's) is
 * picked and reserved through the calendar's dialog and shows booked as the caller's own; the same slot asked again by the API is
 * refused with the server's reason (the database's no-overlap rule); a company account sees that slot only as
 * booked (no subject) and books the next one for itself; the first reservation is cancelled from its cell after the
 * confirmation and the slot is free again. Axe on the calendar at rest.
 */
test('a public space is reserved through its week calendar, a second booking is refused, and it is cancelled', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const name = `E2E会议室${stamp}`;
  await loginAsAdmin(page, { at: '/property/public-space' });
  const space = await callApi<{ id: string }>(page, 'blade-property/public-space/submit', {
    method: 'POST',
    data: { spaceName: name, spaceType: 1, location: 'E2E楼', capacity: 8, enabled: 1 },
  });

  const { tomorrow, weekday, sameWeek } = parkTomorrow();
  const slotName = `${WEEKDAYS[weekday]} ${tomorrow.slice(5)} 10:00-11:00`;
  const cell = page.getByTestId(`slot-${tomorrow}-10:00`);
  const subject = `E2E评审${stamp}`;

  // The space found in the list, its calendar opened at tomorrow's week.
  const openCalendar = async () => {
    await openSpace(page, name);
    // Its icon follows the text, so the accessible name is "下一周 right" (only on a Sunday is it needed).
    if (!sameWeek) await page.getByRole('button', { name: /^下一周/ }).click();
  };

  await test.step('the space picked in the list shows its week', async () => {
    await openCalendar();
    await expect(page.getByText('开放时间 08:00-18:00，每时段 60 分钟，可提前 7 天预约')).toBeVisible();
    await expect(cell.getByRole('button', { name: `预约 ${slotName}` })).toBeVisible();
    await expectNoAxeViolations(page, '/property/public-space calendar');
  });

  await test.step('a free slot is reserved through the dialog and shows booked', async () => {
    // A free slot is picked (pressed), then booked through 预约所选时段.
    await cell.getByRole('button', { name: `预约 ${slotName}` }).click();
    await expect(cell.getByRole('button', { name: `预约 ${slotName}` })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: '预约所选时段（1）' }).click();
    const dialog = await settled(page.getByRole('dialog', { name: `预约 ${name}` }));
    await expect(dialog).toContainText(slotName);
    // The subject is asked for.
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect(dialog).toContainText('请输入预约主题');
    await dialog.getByLabel('预约主题').fill(subject);
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '预约成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cell).toContainText('我的预约');
    await expect(cell).toContainText(subject);
  });

  await test.step('the same slot asked again by the API is refused', async () => {
    const res = await requestApi(page, 'blade-property/public-space/reserve', {
      method: 'POST',
      data: { spaceId: space.id, reserveDate: tomorrow, startTime: '10:00', endTime: '11:00', subject: '第二次' },
    });
    const body = await res.json();
    expect(body.code).toBe(400);
    expect(body.msg).toBe('该时段已被预约，请选择其他时段');
  });

  await test.step('a company account sees that slot only as booked and books the next one for itself', async () => {
    await startSession(
      page,
      { tenantId: '000000', username: 'xinghe', password: '123456' },
      { accountType: 'web', at: '/property/public-space' },
    );
    await openCalendar();
    await expect(cell).toContainText('已预约');
    await expect(cell).not.toContainText(subject);
    await expect(cell.getByRole('button', { name: `取消预约 ${slotName}` })).toHaveCount(0);
    const nextName = `${WEEKDAYS[weekday]} ${tomorrow.slice(5)} 11:00-12:00`;
    const next = page.getByTestId(`slot-${tomorrow}-11:00`);
    await next.getByRole('button', { name: `预约 ${nextName}` }).click();
    await page.getByRole('button', { name: '预约所选时段（1）' }).click();
    const dialog = await settled(page.getByRole('dialog', { name: `预约 ${name}` }));
    await dialog.getByLabel('预约主题').fill(`星河周会${stamp}`);
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '预约成功').first()).toBeVisible();
    await expect(next).toContainText('我的预约');
    // Back to the park's administrator, who made the first booking.
    await loginAsAdmin(page, { at: '/property/public-space' });
    await openCalendar();
  });

  await test.step('the reservation is cancelled from its cell and the slot is free again', async () => {
    await cell.getByRole('button', { name: `取消预约 ${slotName}` }).click();
    await confirm(page, `确定取消 ${slotName} 的预约“${subject}”?`, '取消成功');
    await expect(cell.getByRole('button', { name: `预约 ${slotName}` })).toBeVisible();
    await expect(cell).not.toContainText(subject);
  });
});

/**
 * Several slots at once (issue 34.5): three free slots of tomorrow are picked (two that meet, one apart) and booked
 * in one go; the calendar shows them taken, and 全部预约 lists the two reservations made (the two that meet joined),
 * found by their subject; one is cancelled from the list, after the confirmation, and its slot is free again.
 * The list's English labels checked once.
 */
test('several slots are booked at once, listed under 全部预约, searched and cancelled there', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const name = `E2E多时段${stamp}`;
  const subject = `E2E连排${stamp}`;
  await loginAsAdmin(page, { at: '/property/public-space' });
  await callApi(page, 'blade-property/public-space/submit', {
    method: 'POST',
    data: { spaceName: name, spaceType: 1, location: 'E2E楼', capacity: 8, enabled: 1 },
  });
  const { tomorrow, weekday, sameWeek } = parkTomorrow();
  const day = `${WEEKDAYS[weekday]} ${tomorrow.slice(5)}`;
  const cell = (start: string) => page.getByTestId(`slot-${tomorrow}-${start}`);
  const list = page.locator('.ant-card').filter({ has: page.getByRole('search') });
  const listed = (when: string) => list.getByRole('row').filter({ hasText: when });

  await test.step('three free slots are picked and booked in one go', async () => {
    await openSpace(page, name);
    if (!sameWeek) await page.getByRole('button', { name: /^下一周/ }).click();
    for (const [start, end] of [
      ['14:00', '15:00'],
      ['15:00', '16:00'],
      ['17:00', '18:00'],
    ]) {
      await cell(start)
        .getByRole('button', { name: `预约 ${day} ${start}-${end}` })
        .click();
    }
    await page.getByRole('button', { name: '预约所选时段（3）' }).click();
    const dialog = await settled(page.getByRole('dialog', { name: `预约 ${name}` }));
    await expect(dialog.getByRole('list', { name: '所选时段' }).getByRole('listitem')).toHaveText([
      `${day} 14:00-15:00`,
      `${day} 15:00-16:00`,
      `${day} 17:00-18:00`,
    ]);
    await dialog.getByLabel('预约主题').fill(subject);
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '预约成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const start of ['14:00', '15:00', '17:00']) await expect(cell(start)).toContainText('我的预约');
    await expect(cell('16:00').getByRole('button', { name: `预约 ${day} 16:00-17:00` })).toBeVisible();
    await expect(page.getByRole('button', { name: '预约所选时段（0）' })).toBeDisabled();
  });

  await test.step('全部预约 finds the two reservations by their subject and cancels one', async () => {
    await list.getByRole('textbox', { name: '主题、空间、预约人或企业' }).fill(subject);
    await list.getByRole('button', { name: label('搜索') }).click();
    await expect(list.getByRole('row').filter({ hasText: subject })).toHaveCount(2);
    await expect(listed(`${tomorrow} 14:00-16:00`)).toContainText(name);
    await expect(listed(`${tomorrow} 14:00-16:00`)).toContainText('已预约');
    await listed(`${tomorrow} 17:00-18:00`)
      .getByRole('button', { name: `取消预约 ${tomorrow} 17:00-18:00` })
      .click();
    await confirm(page, `确定取消 ${tomorrow} 17:00-18:00 的预约“${subject}”?`, '取消成功');
    await expect(listed(`${tomorrow} 17:00-18:00`)).toContainText('已取消');
    await expect(listed(`${tomorrow} 17:00-18:00`).getByRole('button')).toHaveCount(0);
    // The calendar above reads the same reservations: the slot is free again, the others stay taken.
    await expect(cell('17:00').getByRole('button', { name: `预约 ${day} 17:00-18:00` })).toBeVisible();
    await expect(cell('14:00')).toContainText('我的预约');
  });

  await test.step('in English the list reads its own labels', async () => {
    await switchToEnglish(page);
    await expect(list).toContainText('All reservations');
    await list.getByRole('textbox', { name: 'Subject, space, person or enterprise' }).fill(subject);
    await list.getByRole('button', { name: label('Search') }).click();
    await expect(listed(`${tomorrow} 17:00-18:00`)).toContainText('Cancelled');
    await expect(listed(`${tomorrow} 14:00-16:00`)).toContainText('Booked');
  });
});

/**
 * A space that asks for approval (issue 34.5): a company account books two slots of it, told they wait for approval,
 * and its calendar marks them 待审批; the park's administrator approves one under 全部预约 and rejects the other with
 * a reason; the company's calendar then shows the approved one 已通过, the rejected slot free again and, below the
 * week, the rejected reservation with its reason.
 */
test('a reservation needing approval is approved or rejected with a reason under 全部预约, and the company sees it', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const name = `E2E审批厅${stamp}`;
  const subject = `E2E路演${stamp}`;
  await loginAsAdmin(page, { at: '/property/public-space' });
  await callApi(page, 'blade-property/public-space/submit', {
    method: 'POST',
    data: { spaceName: name, spaceType: 2, location: 'E2E楼', capacity: 80, enabled: 1, needsApproval: 1 },
  });
  const { tomorrow, weekday, sameWeek } = parkTomorrow();
  const day = `${WEEKDAYS[weekday]} ${tomorrow.slice(5)}`;
  const cell = (start: string) => page.getByTestId(`slot-${tomorrow}-${start}`);
  const openCalendar = async () => {
    await openSpace(page, name);
    if (!sameWeek) await page.getByRole('button', { name: /^下一周/ }).click();
  };
  const asCompany = () =>
    startSession(
      page,
      { tenantId: '000000', username: 'xinghe', password: '123456' },
      { accountType: 'web', at: '/property/public-space' },
    );

  await test.step('the company books two slots: both wait for approval', async () => {
    await asCompany();
    await openCalendar();
    await cell('09:00')
      .getByRole('button', { name: `预约 ${day} 09:00-10:00` })
      .click();
    await cell('11:00')
      .getByRole('button', { name: `预约 ${day} 11:00-12:00` })
      .click();
    await page.getByRole('button', { name: '预约所选时段（2）' }).click();
    const dialog = await settled(page.getByRole('dialog', { name: `预约 ${name}` }));
    await dialog.getByLabel('预约主题').fill(subject);
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '预约已提交，待审批').first()).toBeVisible();
    for (const start of ['09:00', '11:00']) await expect(cell(start)).toContainText('待审批');
  });

  await test.step('全部预约: the administrator approves one and rejects the other with a reason', async () => {
    await loginAsAdmin(page, { at: '/property/public-space' });
    const list = page.locator('.ant-card').filter({ has: page.getByRole('search') });
    const listed = (when: string) => list.getByRole('row').filter({ hasText: when });
    await list.getByRole('textbox', { name: '主题、空间、预约人或企业' }).fill(subject);
    await list.getByRole('button', { name: label('搜索') }).click();
    await expect(list.getByRole('row').filter({ hasText: subject })).toHaveCount(2);
    await expect(listed(`${tomorrow} 09:00-10:00`)).toContainText('待审批');
    await listed(`${tomorrow} 09:00-10:00`)
      .getByRole('button', { name: `通过 ${tomorrow} 09:00-10:00` })
      .click();
    await confirm(page, `确定通过 ${tomorrow} 09:00-10:00 的预约“${subject}”?`, '已通过');
    await expect(listed(`${tomorrow} 09:00-10:00`)).toContainText('已通过');
    await expect(listed(`${tomorrow} 09:00-10:00`).getByRole('button', { name: /^通过/ })).toHaveCount(0);
    await listed(`${tomorrow} 11:00-12:00`)
      .getByRole('button', { name: `驳回 ${tomorrow} 11:00-12:00` })
      .click();
    const reject = await settled(page.getByRole('dialog', { name: `驳回预约：${tomorrow} 11:00-12:00` }));
    // The reason is asked for.
    await reject.getByRole('button', { name: label('确定') }).click();
    await expect(reject).toContainText('请输入驳回原因');
    await expectNoAxeViolations(page, 'the reject dialog');
    await reject.getByLabel('驳回原因').fill('当天场地检修');
    await reject.getByRole('button', { name: label('确定') }).click();
    await expect(reject).toBeHidden();
    await expect(listed(`${tomorrow} 11:00-12:00`)).toContainText('已驳回');
    await expect(listed(`${tomorrow} 11:00-12:00`)).toContainText('当天场地检修');
  });

  await test.step('the company sees the approved one, the rejected slot free and why it was rejected', async () => {
    await asCompany();
    await openCalendar();
    await expect(cell('09:00')).toContainText('已通过');
    await expect(cell('11:00').getByRole('button', { name: `预约 ${day} 11:00-12:00` })).toBeVisible();
    await expect(page.getByRole('region', { name: '已驳回的预约' })).toContainText('当天场地检修');
  });
});
