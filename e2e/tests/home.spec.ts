import { expect, type Page, test } from '@playwright/test';
import { ADMIN, loginAsAdmin, switchToEnglish } from '../support/console.ts';
import { loginAsCompany } from '../support/crm.ts';

/**
 * The home page (/wel/index): the work and the figures with the numbers the summary call answers (read through the
 * API and compared), a card opening its screen, the role by its name, a notice opened in full; as a company account
 * its own figures; English once.
 */
interface Item {
  key: string;
  value: number;
  path: string;
  unit?: 'yuan' | 'percent';
}
interface Summary {
  roles: string[];
  company: boolean;
  work: Item[];
  figures: Item[];
}

/** The summary as the signed-in page's session reads it. */
function summaryOf(page: Page): Promise<Summary> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('park.session') ?? '{}').state;
    const response = await fetch('/api/blade-desk/home/summary', {
      headers: {
        Authorization: `Basic ${btoa('saber:saber_secret')}`,
        'Blade-Auth': `bearer ${session.accessToken}`,
        'Tenant-Id': session.tenantId,
      },
    });
    return (await response.json()).data;
  });
}

/** A number as the home page writes it: grouped thousands, the unit's decimals. */
function shown(item: Item): string {
  const digits = item.unit === 'yuan' ? 2 : item.unit === 'percent' ? 1 : 0;
  return item.value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

async function expectCards(page: Page, items: Item[]) {
  for (const item of items) {
    await expect(page.locator(`a[data-key="${item.key}"]`).first(), item.key).toContainText(shown(item));
  }
}

test('the operator sees the work and the figures, a card and a notice open', async ({ page }) => {
  await loginAsAdmin(page);
  const summary = await summaryOf(page);
  expect(summary.company).toBe(false);
  // The demo data has repairs waiting, an overdue rent period, a chemical over its limit and an overdue report.
  const figures = Object.fromEntries(summary.figures.map((f) => [f.key, f.value]));
  expect(figures.openRepairs).toBeGreaterThan(0);
  expect(figures.chemicalsOverLimit).toBeGreaterThan(0);
  expect(figures.reportsOverdue).toBeGreaterThan(0);
  expect(figures.rentOverdue).toBeGreaterThan(0);

  const welcome = page.locator('.ant-descriptions');
  await expect(welcome).toContainText(summary.roles.join('、'));
  await expect(welcome).not.toContainText('administrator');
  await expect(page.getByRole('region', { name: '今日概况' })).toBeVisible();
  await expectCards(page, [...summary.work, ...summary.figures]);

  // A notice opens in full, in a drawer.
  const notices = page.getByRole('region', { name: '通知公告' });
  const first = notices.getByRole('listitem').first().getByRole('link');
  const title = (await first.textContent()) ?? '';
  await first.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText(title);
  await drawer.getByRole('button', { name: /close|关闭/i }).click();
  await expect(drawer).toBeHidden();

  // A card opens the screen that lists what it counts.
  const repairs = summary.figures.find((f) => f.key === 'openRepairs') as Item;
  await page.locator('a[data-key="openRepairs"]').click();
  await expect(page).toHaveURL(new RegExp(`${repairs.path}$`));

  await page.goto('/wel/index');
  await switchToEnglish(page);
  await expect(page.getByRole('region', { name: "Today's figures" })).toBeVisible();
  await expect(page.locator('a[data-key="openRepairs"]')).toContainText('Open repairs');
});

test("a company account sees its own enterprise's figures", async ({ page }) => {
  await loginAsCompany(page, { tenantId: ADMIN.tenantId, username: 'xinghe', password: '123456' });
  const summary = await summaryOf(page);
  expect(summary.company).toBe(true);
  expect(summary.figures.map((f) => f.key)).not.toContain('chemicalsOverLimit');
  if (summary.figures.length) await expect(page.getByRole('region', { name: '本企业概况' })).toBeVisible();
  await expect(page.getByRole('region', { name: '今日概况' })).toHaveCount(0);
  await expectCards(page, [...summary.work, ...summary.figures]);
  await expect(page.locator('.ant-descriptions')).toContainText(summary.roles.join('、'));
});
