import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { showEveryColumn } from '../support/catalog.ts';
import { loginAsAdmin } from '../support/console.ts';

/**
 * The generic list fits the screen: at 1440 px every column of the widest lists, once shown, lies beside the fixed
 * actions, the table scrolling within its card to it (more than three row buttons fold under 更多), and at
 * 1024 px the search form wraps instead of widening the page. crud-table.spec.ts checks every width and language.
 */

/** The header, scrolled to the middle of its table, is on screen and nothing (the fixed 操作 column) lies over its middle. */
async function expectUncovered(header: Locator) {
  await expect(header).toBeVisible();
  const uncovered = await header.evaluate((cell) => {
    const holder = cell.closest('.ant-table-content, .ant-table-header, .ant-table-body') as HTMLElement;
    const seen = holder.getBoundingClientRect();
    const at = cell.getBoundingClientRect();
    holder.scrollLeft += at.left + at.width / 2 - (seen.left + seen.width / 2);
    const box = cell.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && cell.contains(hit);
  });
  expect(uncovered, (await header.textContent()) ?? '').toBe(true);
}

/** How many lines a cell's text takes: the distinct tops of its text's line boxes. */
const linesOf = (cell: Locator) =>
  cell.evaluate((element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });

/**
 * A fresh load of the console and the screen, on the server the exclusive walks share with the PostgreSQL tests. CI
 * failed the dictionaries' walk twice running with the usual 10 s (its cause not seen); with the browser's CPU slowed
 * four times, their first rows took longer than that.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
}

/**
 * Every column shown, those the screen is too narrow for too (a list hides its least important columns for the
 * width, issue 34.3; catalog-walk.spec.ts checks its key columns never are): the table then scrolls within its card.
 */
async function showAllColumns(page: Page) {
  await page.getByRole('button', { name: '列设置' }).click();
  await showEveryColumn(page.getByRole('group', { name: '列设置' }));
  await page.keyboard.press('Escape');
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every column of 企业信息 and 用户管理 shows beside the actions, the extra row buttons under 更多', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await open(page, '/crm/enterprise');
    await showAllColumns(page);
    const headers = page.locator('.ant-table-thead th');
    for (const name of ['企业名称', '统一社会信用代码', '联系电话', '企业账号', '入驻日期', '到期日期', '企业状态']) {
      await expectUncovered(headers.filter({ hasText: name }));
    }
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(row.getByRole('button')).toHaveText([/查看/, /编辑/, /更多/]);
    await row.getByRole('button', { name: /更多/ }).click();
    // The row's own work first, the destructive 删除 last (issue 34.2).
    await expect(page.locator('.ant-dropdown:visible').getByRole('button')).toHaveText([/迁出|恢复/, /删除/]);
    await page.keyboard.press('Escape');

    await open(page, '/system/user');
    await showAllColumns(page);
    for (const name of ['登录账号', '手机号码', '所属角色', '所属部门']) {
      await expectUncovered(page.locator('.ant-table-thead th').filter({ hasText: name }));
    }
  });

  test('字典管理(横向) gives the dictionaries room for every column, names and codes on one line', async ({ page }) => {
    await loginAsAdmin(page);
    await open(page, '/dict-horizontal/index');
    await showAllColumns(page);
    for (const name of ['字典编号', '字典名称', '字典排序', '封存']) {
      await expectUncovered(page.locator('.ant-table-thead th').filter({ hasText: name }).first());
    }
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'menu_category' });
    expect(await linesOf(row.locator('td').filter({ hasText: 'menu_category' }))).toBe(1);
    expect(await linesOf(row.locator('td').filter({ hasText: '菜单类型' }))).toBe(1);
    await expectNoAxeViolations(page, 'dictionaries (horizontal)');
  });
});

test.describe('at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  test("用户管理's search form wraps within its card and the page does not scroll sideways", async ({ page }) => {
    await loginAsAdmin(page);
    await open(page, '/system/user');
    const range = page
      .locator('#search_createTimeRange')
      // The range's box: antd's picker, or the stand-in drawn until the range is first reached (TimeRangeInput.tsx).
      .locator('xpath=ancestor::div[contains(@class,"ant-picker") or @data-stand-in][1]');
    const card = page
      .locator('.ant-card')
      .filter({ has: page.locator('#search_createTimeRange') })
      .first();
    const [rangeBox, cardBox] = [await range.boundingBox(), await card.boundingBox()];
    expect(rangeBox!.x + rangeBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
  });
});
