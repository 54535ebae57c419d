import { type EntityDef, entityByRoute, type FieldDef, type Text } from '@park/catalog';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { showEveryColumn } from '../support/catalog.ts';
import { label, loginAsAdmin, switchToEnglish } from '../support/console.ts';
import { dataRows } from '../support/crm.ts';

/**
 * The generic list's columns and controls (issue #14, points 2 and 3). At 1024, 1440 and 1920 px in both languages,
 * on lists with credit codes, phones, dates and money, no such value breaks over lines and no column lies under the
 * fixed selection or actions column: the table scrolls within its card instead. Then refresh, the column settings
 * (kept over a reload), density, the folded search form and a selection across pages.
 */

const WIDTHS = [1024, 1440, 1920];
const LISTS = ['/crm/enterprise', '/system/user', '/dhm/dhm/order-meal'].map((route) => {
  const entity = entityByRoute(route) as EntityDef;
  return { route, entity };
});

/** The values that must never break: codes, phone numbers, dates, datetimes and money. */
function unbroken(field: FieldDef): boolean {
  if (field.list === false || field.dict) return false;
  return (
    ['date', 'datetime', 'money'].includes(field.type) || ['mobile', 'phone', 'creditCode'].includes(field.format ?? '')
  );
}

/**
 * What is wrong with the list on screen: a cell of the named columns whose text takes more than one line, a column
 * that starts under the fixed selection column with the table scrolled to its start or ends under the fixed actions
 * with it scrolled to its end, a column wider than the room between them, or a page wider than the window.
 */
async function layoutProblems(page: Page, titles: string[]): Promise<string[]> {
  return list(page)
    .locator('.ant-table')
    .first()
    .evaluate((table, titles) => {
      const problems: string[] = [];
      const holder = table.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
      const headers = Array.from(table.querySelectorAll<HTMLElement>('.ant-table-thead th'));
      const lines = (cell: Element) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
        }
        return tops.size;
      };
      for (const title of titles) {
        const index = headers.findIndex((th) => th.textContent?.trim() === title);
        // Hidden for the screen's width (catalog-walk.spec.ts checks that the key columns never are).
        if (index < 0) continue;
        for (const row of Array.from(table.querySelectorAll('.ant-table-tbody tr.ant-table-row'))) {
          const cell = row.children[index];
          if (cell && lines(cell) > 1) problems.push(`${title}: "${cell.textContent}" takes ${lines(cell)} lines`);
        }
      }
      const fixedStart = headers.filter((th) => /-fix-start\b/.test(th.className));
      const fixedEnd = headers.filter((th) => /-fix-end\b/.test(th.className));
      const moving = headers.filter((th) => !fixedStart.includes(th) && !fixedEnd.includes(th));
      for (const scroll of [0, holder.scrollWidth]) {
        holder.scrollLeft = scroll;
        const from = Math.max(...fixedStart.map((th) => th.getBoundingClientRect().right));
        const to = Math.min(...fixedEnd.map((th) => th.getBoundingClientRect().left));
        const first = moving[0].getBoundingClientRect();
        const last = moving[moving.length - 1].getBoundingClientRect();
        if (scroll === 0 && first.left < from - 1) problems.push(`${moving[0].textContent} under the selection`);
        if (scroll > 0 && last.right > to + 1)
          problems.push(`${moving[moving.length - 1].textContent} under the actions`);
        for (const th of moving) {
          if (th.getBoundingClientRect().width > to - from + 1) problems.push(`${th.textContent} wider than its room`);
        }
      }
      holder.scrollLeft = 0;
      if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
      return problems;
    }, titles);
}

/** Opens a list within the app, as its menu entry does (a page load takes seconds). */
async function openList(page: Page, route: string, lang: keyof Text = 'zh') {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  // The page before stays until this one's code has loaded: its list is the one on screen once its first column is.
  const first = (entityByRoute(route) as EntityDef).fields.find((field) => field.list !== false) as FieldDef;
  await expect(
    list(page)
      .locator('.ant-table-thead th')
      .filter({ hasText: new RegExp(`^${first.label[lang].replace(/[()]/g, '\\$&')}$`) }),
  ).toBeVisible();
  await expect(dataRows(list(page)).first()).toBeVisible();
}

/** The card of the list on screen (the tags keep other pages' lists, hidden). */
function list(page: Page): Locator {
  return page
    .locator('.ant-card:visible')
    .filter({ has: page.locator('.ant-table-thead') })
    .first();
}

/** Each list (from `from` on) at each width, in the language in use. */
async function checkLayouts(page: Page, lang: keyof Text, from = 0) {
  for (const { route, entity } of LISTS.slice(from)) {
    await openList(page, route, lang);
    const titles = entity.fields.filter(unbroken).map((field) => field.label[lang]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await layoutProblems(page, titles), `${route} at ${width} px (${lang})`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const headerTexts = (page: Page) => list(page).locator('.ant-table-thead th').allTextContents();

test('lists keep codes, phones, dates and money on one line, clear of the fixed columns; the table controls work and are kept', async ({
  page,
}) => {
  await loginAsAdmin(page, { at: '/crm/enterprise' });
  await expect(dataRows(list(page)).first()).toBeVisible();
  await checkLayouts(page, 'zh');

  // A long name is cut on one line, whole in its tooltip.
  await openList(page, '/crm/enterprise');
  const name = dataRows(list(page)).first().locator('td').nth(1).locator('div[title]');
  await expect(name).toHaveAttribute('title', /\S/);
  expect(await name.evaluate((div) => getComputedStyle(div).textOverflow)).toBe('ellipsis');

  // Refresh reads the page again.
  const reread = page.waitForResponse((response) => response.url().includes('/blade-crm/enterprise/page'));
  await page.getByRole('button', { name: '刷新' }).click();
  await reread;

  // The column settings, by keyboard: opened with Enter, the panel takes the focus; Esc gives it back.
  const settings = page.getByRole('button', { name: '列设置' });
  await settings.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('group', { name: '列设置' });
  await expect(panel.getByRole('checkbox', { name: '列展示' })).toBeFocused();
  // Every column shown, those the screen is too narrow for too (the table then scrolls), but 所属行业.
  await showEveryColumn(panel);
  await panel.getByRole('checkbox', { name: '所属行业' }).press('Space');
  await panel.getByRole('button', { name: '上移 企业状态' }).press('Enter');
  await expectNoAxeViolations(page, 'list with its column settings open');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(settings).toBeFocused();
  const arranged = [
    '企业名称',
    '统一社会信用代码',
    '注册资本(元)',
    '办公室号',
    '联系人',
    '联系电话',
    '企业账号',
    '入驻日期',
    '企业状态',
    '到期日期',
  ];
  expect((await headerTexts(page)).filter(Boolean)).toEqual([...arranged, '操作']);

  // Density and the folded search form.
  await page.getByRole('button', { name: '密度' }).click();
  await page.getByRole('menuitem', { name: '紧凑' }).click();
  await expect(list(page).locator('.ant-table')).toHaveClass(/ant-table-small/);
  const fold = page.getByRole('button', { name: label('收起') });
  await fold.click();
  await expect(list(page).locator('#search_createTimeRange')).toBeHidden();
  await expect(list(page).locator('#search_enterpriseName')).toBeVisible();
  await expect(page.getByRole('button', { name: label('展开') })).toHaveAttribute('aria-expanded', 'false');

  // All of it is kept over a reload.
  await page.reload();
  await expect(dataRows(list(page)).first()).toBeVisible();
  expect((await headerTexts(page)).filter(Boolean)).toEqual([...arranged, '操作']);
  await expect(list(page).locator('.ant-table')).toHaveClass(/ant-table-small/);
  await expect(list(page).locator('#search_createTimeRange')).toBeHidden();
  await page.getByRole('button', { name: label('展开') }).click();
  await expect(list(page).locator('#search_createTimeRange')).toBeVisible();

  // A row picked on page 1 stays picked while one is picked on page 2.
  await openList(page, '/monitor/log/api');
  await dataRows(list(page)).first().getByRole('checkbox').check();
  await expect(list(page).getByText('已选择 1 项')).toBeVisible();
  const firstPage = await dataRows(list(page)).first().textContent();
  await list(page).locator('.ant-pagination-next').click();
  await expect(dataRows(list(page)).first()).not.toHaveText(firstPage ?? '');
  await dataRows(list(page)).first().getByRole('checkbox').check();
  await expect(list(page).getByText('已选择 2 项')).toBeVisible();

  // The same in English: the controls are named in it.
  await switchToEnglish(page);
  await expect(page.getByRole('button', { name: 'Column settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await checkLayouts(page, 'en');
});
