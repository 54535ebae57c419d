import { type CockpitLayout, DEFAULT_COCKPIT_LAYOUT } from '@park/catalog';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, settled, switchToEnglish, toast } from '../support/console.ts';
import { callApi } from '../support/system.ts';

const API = 'blade-decision/cockpit';
const panel = (page: Page, i: string) => page.locator(`[data-cockpit-item="${i}"]`);

async function savedLayout(page: Page): Promise<CockpitLayout> {
  const { configureJson } = await callApi<{ configureJson: string }>(page, `${API}/getConfigure`);
  return JSON.parse(configureJson);
}

const cell = (layout: CockpitLayout, i: string) => {
  const item = layout.items.find((one) => one.i === i);
  return item && { x: item.x, y: item.y, w: item.w, h: item.h };
};

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found as NonNullable<typeof found>;
}

/**
 * 驾驶舱 (/decision/cockpit) as the administrator over the demo park, from the default layout (saved first, so a
 * re-run starts alike): every panel draws; in 编辑布局 a panel removed, another dragged by the mouse into its
 * place, a widget added from the registry, saved; after a reload the layout is the saved one on the server and on
 * the screen; the default restored after its confirmation; the screen in English passes axe.
 */
test('驾驶舱 draws its panels, and a layout arranged by drag and drop is saved, kept and restored', async ({
  page,
}) => {
  await loginAsAdmin(page, { at: '/decision/cockpit' });
  await callApi(page, `${API}/saveConfigure`, {
    method: 'POST',
    data: { configureJson: JSON.stringify(DEFAULT_COCKPIT_LAYOUT) },
  });
  await page.reload();
  for (const { i } of DEFAULT_COCKPIT_LAYOUT.items) await expect(panel(page, i).locator('canvas'), i).toBeVisible();

  await page.getByRole('button', { name: label('编辑布局') }).click();
  // 企业规模分布 (0,14) removed: its place is free.
  await page.getByRole('button', { name: '移除：企业规模分布' }).click();
  await expect(panel(page, 'scale')).toHaveCount(0);

  // 企业行业分布 (0,4) dragged by its title down 10 rows, into that place.
  const stage = page.getByTestId('cockpit-stage');
  const scale = Number(await stage.getAttribute('data-scale'));
  const rowPx = DEFAULT_COCKPIT_LAYOUT.rowHeight * scale;
  const title = await box(panel(page, 'industry').locator('h2'));
  await page.mouse.move(title.x + 20, title.y + title.height / 2);
  await page.mouse.down();
  await page.mouse.move(title.x + 20, title.y + title.height / 2 + 5 * rowPx, { steps: 8 });
  await page.mouse.move(title.x + 20, title.y + title.height / 2 + 10 * rowPx, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => Math.round((await box(panel(page, 'industry'))).y - (await box(panel(page, 'ip'))).y))
    .toBe(0);

  // A widget from the registry: 人员排行 goes to the first free place, where 企业行业分布 stood.
  await page.getByRole('button', { name: label('添加部件') }).click();
  const picker = await settled(page.getByRole('dialog', { name: '添加部件' }));
  await picker.getByRole('button', { name: '添加：人员排行' }).click();
  await expect(picker).toBeHidden();
  await expect(panel(page, 'rank-staff').locator('canvas')).toBeVisible();

  const saving = page.waitForResponse((r) => r.url().includes(`${API}/saveConfigure`));
  await page.getByRole('button', { name: label('保存') }).click();
  expect((await (await saving).json()).code).toBe(200);
  await expect(page.getByRole('button', { name: label('编辑布局') })).toBeVisible();

  const saved = await savedLayout(page);
  expect(saved.items.map((item) => item.i).sort()).toEqual(
    ['total', 'industry', 'rank', 'trend', 'ip', 'certificate', 'rank-staff'].sort(),
  );
  expect(cell(saved, 'industry')).toEqual({ x: 0, y: 14, w: 8, h: 10 });
  expect(cell(saved, 'rank-staff')).toEqual({ x: 0, y: 4, w: 8, h: 10 });
  for (const i of ['total', 'rank', 'trend', 'ip', 'certificate']) {
    expect(cell(saved, i), i).toEqual(cell(DEFAULT_COCKPIT_LAYOUT, i));
  }

  // After a reload the screen draws what the server keeps: 人员排行 beside 企业排行, 企业行业分布 beside 知识产权排行.
  await page.reload();
  await expect(panel(page, 'rank-staff').locator('canvas')).toBeVisible();
  await expect(panel(page, 'scale')).toHaveCount(0);
  const [staff, rank, industry, ip, total] = await Promise.all(
    ['rank-staff', 'rank', 'industry', 'ip', 'total'].map((i) => box(panel(page, i))),
  );
  expect(Math.abs(staff.y - rank.y)).toBeLessThan(2);
  expect(Math.abs(staff.x - total.x)).toBeLessThan(2);
  expect(Math.abs(industry.y - ip.y)).toBeLessThan(2);
  expect(Math.abs(industry.x - total.x)).toBeLessThan(2);
  expect(industry.y).toBeGreaterThan(staff.y + staff.height);

  // 恢复默认, confirmed: the server keeps the default again, and the screen shows it.
  await page.getByRole('button', { name: label('编辑布局') }).click();
  await page.getByRole('button', { name: label('恢复默认') }).click();
  const confirm = await settled(page.locator('.ant-popconfirm'));
  await confirm.getByRole('button', { name: label('确定') }).click();
  await expect(toast(page, '已恢复默认布局')).toBeVisible();
  expect(await savedLayout(page)).toEqual(DEFAULT_COCKPIT_LAYOUT);
  await expect(panel(page, 'scale').locator('canvas')).toBeVisible();
  await expect(panel(page, 'rank-staff')).toHaveCount(0);

  await switchToEnglish(page);
  await expect(page.locator('[data-chart-card="The park at a glance"] canvas')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Park cockpit' })).toBeVisible();
  await expectNoAxeViolations(page, '/decision/cockpit en', 'screen');
});
