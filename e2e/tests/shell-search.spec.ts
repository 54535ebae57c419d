import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/console.ts';

/** The top search box and the menu search dialog 菜单搜索: leaf menus by name prefix or pinyin initials. */
test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('the top search box finds menus by pinyin initials and opens the one chosen', async ({ page }) => {
  await page.getByRole('combobox', { name: '请输入搜索内容' }).fill('qy');
  const option = page.locator('.ant-select-item-option', { hasText: '企业信息' });
  await expect(option).toBeVisible();
  await expect(page.locator('.ant-select-item-option', { hasText: '参数管理' })).toHaveCount(0);
  await option.click();
  await expect(page).toHaveURL(/\/crm\/enterprise$/);
});

test('the menu search dialog filters by name prefix, opens on Enter and closes on Esc', async ({ page }) => {
  await page.getByRole('button', { name: '菜单搜索' }).click();
  const dialog = page.getByRole('dialog', { name: '菜单搜索' });
  await dialog.getByRole('textbox').fill('参数');
  await expect(dialog.getByTestId('menu-search-result')).toHaveText([/参数管理/]);
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
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Menu search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu search' });
  await dialog.getByRole('textbox').fill('PARAM');
  await expect(dialog.getByTestId('menu-search-result')).toHaveText([/Parameters/]);
  await dialog.getByTestId('menu-search-result').first().click();
  await expect(page).toHaveURL(/\/system\/param$/);
});
