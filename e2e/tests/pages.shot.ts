import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { atRest, loginAsAdmin, openMenu, switchToEnglish } from '../support/console.ts';

/** A list and a detail, in Chinese and in English (npm run screenshots): 企业信息 and one enterprise's page. */
const screenshots = path.resolve(import.meta.dirname, '../../docs/screenshots');
const ENTERPRISE = '星河智能科技有限公司';

/** The detail at rest: its data in, nothing loading, no popup, the pointer off the frame. */
async function detailAtRest(page: Page) {
  await page.mouse.move(1300, 860);
  await expect(page.locator('.ant-spin-spinning, .ant-spin-blur')).toHaveCount(0);
  await expect(page.locator('.ant-dropdown:visible, .ant-popover:visible, .ant-tooltip:visible')).toHaveCount(0);
  await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);
}

for (const lang of ['zh', 'en'] as const) {
  test(`a list and a detail, ${lang}`, async ({ page }) => {
    await loginAsAdmin(page);
    if (lang === 'en') await switchToEnglish(page);
    await openMenu(
      page,
      lang === 'en' ? 'Enterprises' : '企业管理',
      lang === 'en' ? 'Enterprise profiles' : '企业信息',
    );
    const name = page.getByRole('link', { name: ENTERPRISE, exact: true });
    await expect(name).toBeVisible();
    await atRest(page, lang === 'en' ? 'Enterprise profiles' : '企业信息');
    await page.screenshot({ path: path.join(screenshots, `list-${lang}.png`) });

    // The name opens the enterprise's detail page, with its 16 tabs.
    await name.click();
    await expect(page).toHaveURL(/\/crm\/enterprise\/detail\?id=/);
    await expect(page.locator('.ant-card').getByRole('tab')).toHaveCount(16);
    await expect(page.getByRole('tabpanel').locator('.ant-descriptions, .ant-table').first()).toBeVisible();
    await detailAtRest(page);
    await page.screenshot({ path: path.join(screenshots, `detail-${lang}.png`) });
  });
}
