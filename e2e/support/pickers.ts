import { expect, type Locator, type Page } from '@playwright/test';
import { label, settled } from './console.ts';

/** Rows of the demo data and the seed that the picker tests pick from. */
export const XINGHE = '190000000000010100'; // 星河智能科技有限公司
export const COMPANY_ROLE = '1123598816738675204'; // 企业用户
export const BUSINESS_DEPT = '1123598813738675202'; // 招商部
export const PROPERTY_DEPT = '1123598813738675203'; // 物业部
export const CTO_POST = '1123598817738675204'; // 首席技术官
export const STAFF_POST = '1123598817738675208'; // 普通员工

/** The pickers' confirm button (Ant Design spaces a two-character label). */
export const confirmPick = (dialog: Locator) => dialog.getByRole('button', { name: label('确定') }).click();

/** Searches a picker dialog with what its form holds now. */
export const search = (dialog: Locator) => dialog.getByRole('button', { name: label('搜索') }).click();

/** Picks an option of a select (or a tree select) of a dialog, typing to find it first. */
export async function pickIn(page: Page, dialog: Locator, id: string, option: string) {
  const input = dialog.locator(`#${id}`);
  await input.click();
  await input.fill(option);
  // The drop-down offering the option: the one of the select picked before may still be closing.
  const dropdown = page
    .locator('.ant-select-dropdown:visible')
    .filter({ has: page.getByTitle(option, { exact: true }) });
  await (await settled(dropdown)).getByTitle(option, { exact: true }).click();
  // The pick shows in the select before a search is sent with it.
  await expect(dialog.locator('.ant-select').filter({ has: page.locator(`#${id}`) })).toContainText(option);
}
