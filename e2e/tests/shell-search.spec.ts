import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { loginAsAdmin } from '../support/console.ts';

/**
 * The top search box and the menu search dialog 菜单搜索: leaf menus by their own or their groups' names
 * (prefix or pinyin initials), each result shown with its trail.
 */
test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('the top search box finds the pages under 企业管理 by qy, shows their trail, and opens the one chosen', async ({
  page,
}) => {
  await page.getByRole('combobox', { name: '请输入搜索内容' }).fill('qy');
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toHaveText('企业管理 / 企业信息');
  // 知识产权 is found by its group's initials only (zscq).
  const option = options.filter({ hasText: '企业管理 / 知识产权' });
  await expect(option).toBeVisible();
  await expect(options.filter({ hasText: '参数管理' })).toHaveCount(0);
  await option.click();
  await expect(page).toHaveURL(/\/crm\/intellectual-property$/);
  await expect(page.getByRole('tab', { name: '知识产权' })).toHaveAttribute('aria-selected', 'true');
});

test('Enter in the top search box opens the first page it suggests, as the dialog does', async ({ page }) => {
  const box = page.getByRole('combobox', { name: '请输入搜索内容' });
  await box.fill('用户');
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toHaveText('系统管理 / 用户管理');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(page.getByRole('tab', { name: '用户管理' })).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveValue('');
});

test('the menu search dialog finds the pages under 企业管理 by qy and opens the one clicked', async ({ page }) => {
  await page.getByRole('button', { name: '菜单搜索' }).click();
  const dialog = page.getByRole('dialog', { name: '菜单搜索' });
  await dialog.getByRole('textbox').fill('qy');
  const results = dialog.getByTestId('menu-search-result');
  await expect(results.first()).toContainText('企业管理 / 企业信息');
  // The pages of the group, most by the group's name alone, and 企业概览 of 决策驾驶舱 by its own name.
  await expect(results.filter({ hasText: '企业管理 / 经济数据' })).toHaveCount(1);
  expect(await results.filter({ hasText: /^企业管理 \/ / }).count()).toBeGreaterThan(10);
  await expect(results.filter({ hasText: '决策驾驶舱 / 企业概览' })).toHaveCount(1);
  await expect(results.filter({ hasText: '参数管理' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'menu search dialog');
  await results.filter({ hasText: '企业管理 / 科研项目' }).click();
  await expect(page).toHaveURL(/\/crm\/project$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: '科研项目' })).toHaveAttribute('aria-selected', 'true');
});

test('the menu search dialog filters by name prefix, opens on Enter and closes on Esc', async ({ page }) => {
  await page.getByRole('button', { name: '菜单搜索' }).click();
  const dialog = page.getByRole('dialog', { name: '菜单搜索' });
  await dialog.getByRole('textbox').fill('参数');
  await expect(dialog.getByTestId('menu-search-result')).toHaveText([/^系统管理 \/ 参数管理/]);
  await dialog.getByRole('textbox').press('Enter');
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: '菜单搜索' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').fill('zzz');
  await expect(dialog.getByText('没有匹配的菜单')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the menu search dialog matches pinyin initials in any case, and a click on a result opens it', async ({
  page,
}) => {
  await page.getByRole('button', { name: '菜单搜索' }).click();
  const dialog = page.getByRole('dialog', { name: '菜单搜索' });
  const results = dialog.getByTestId('menu-search-result');
  await dialog.getByRole('textbox').fill('CSGL');
  await expect(results).toHaveText([/参数管理/]);
  await dialog.getByRole('textbox').fill('csgl');
  await expect(results).toHaveText([/参数管理/]);
  await dialog.getByRole('textbox').fill('YhGl');
  await expect(results).toHaveText([/用户管理/]);
  await results.first().click();
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: '用户管理' })).toHaveAttribute('aria-selected', 'true');
});

test('in English the dialog matches the English names in any case', async ({ page }) => {
  await page.getByRole('button', { name: '中文（语言）' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Menu search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu search' });
  await dialog.getByRole('textbox').fill('PARAM');
  await expect(dialog.getByTestId('menu-search-result')).toHaveText([/Parameters/]);
  await dialog.getByTestId('menu-search-result').first().click();
  await expect(page).toHaveURL(/\/system\/param$/);
});
