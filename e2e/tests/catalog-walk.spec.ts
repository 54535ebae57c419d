import { type EntityDef, entityByRoute, type FieldDef } from '@park/catalog';
import { type Browser, test as base, expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  expectKeyColumns,
  fillField,
  GENERIC_ENTITIES,
  menuTrail,
  openTrail,
  rowShowing,
  SCREENS,
  uniqueText,
} from '../support/catalog.ts';
import { label, loginAsAdmin, moveInApp, settled, switchToEnglish, toast } from '../support/console.ts';
import { dataRows } from '../support/crm.ts';
import { untranslatedIn } from '../support/i18n.ts';
import { callApi, clickRowAction, confirm } from '../support/system.ts';

/**
 * Every generic list screen, walked from its catalog declaration alone: a new entity with a menu entry and
 * no screen of its own is walked here without a line of test code. Each walk adds a row (after the empty
 * form named every required field), finds it with the search form, edits, views and exports it, and deletes it;
 * axe checks each add form with its problems against WCAG 2.1 A and AA. The lists around them are one component,
 * checked by axe on the fixed-row screens here, on /system/post in English, and in the a11y walks.
 *
 * One browser page per worker, opened and signed in once: each walk reaches its screen through the sidebar,
 * as a person moves between screens, so a walk costs its own clicks and not a fresh start of the console.
 * The rows a walk adds for an enterprise belong to the worker's own new one, which no other walk touches.
 *
 * Each list, as it opens, is measured at 1440×900 and 1024×768 (and in English at 1024×768): its key columns (the
 * first, amounts, states, flags) and its actions show whole without a sideways scroll. The window is resized on the
 * open page, read by one evaluate per size: no page is loaded for it.
 */
const test = base.extend<{ page: Page; enterpriseName: string }, { walker: { page: Page; enterpriseName: string } }>({
  walker: [
    async ({ browser }: { browser: Browser }, use, workerInfo) => {
      const { baseURL, locale, timezoneId, viewport, contextOptions } = workerInfo.project.use;
      const context = await browser.newContext({ ...contextOptions, baseURL, locale, timezoneId, viewport });
      const page = await context.newPage();
      await loginAsAdmin(page);
      const stamp = `${Date.now()}${workerInfo.workerIndex}`;
      const enterpriseName = `走查企业${stamp}`;
      await callApi(page, 'blade-crm/enterprise/create-enterprise', {
        method: 'POST',
        data: {
          enterpriseName,
          creditCode: `9${stamp}`.slice(0, 15),
          agentName: '走查联系人',
          agentPhone: '13900001234',
          account: `walk_${stamp}`,
          password: 'Secret-123',
        },
      });
      await use({ page, enterpriseName });
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ walker }, use) => use(walker.page),
  enterpriseName: async ({ walker }, use) => use(walker.enterpriseName),
});

test.describe.configure({ mode: 'parallel' });

/** Required fields a new row's form leaves empty: a field with a starting value, or one required only sometimes, is left out. */
const requiredEmpty = (entity: EntityDef) =>
  entity.fields.filter((f) => f.required && f.form !== false && f.initial === undefined && !f.requiredUnless);

const typed = (f: FieldDef) => f.form !== false && !f.dict && !f.picker && !f.ref && !f.format && !f.image;

/** A 1x1 PNG, for the image fields (a dish's picture): uploaded to the file store and shown from there. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * How the walk tells its row from the others: by a text the search form finds; else by a text or an amount
 * the list shows; else (nothing of the row is its own) it is the newest row, the list's first.
 */
interface Marker {
  field: FieldDef;
  /** What is typed, then what the edit types instead. */
  values: [string, string];
  /** What the list shows for each. */
  shown?: [string, string];
  searchable: boolean;
}

function markerOf(entity: EntityDef, stamp: string): Marker {
  // A formatted text (a code, an email) would not take the edit's 改.
  const text = (f: FieldDef) => typed(f) && !f.format && (f.type === 'string' || f.type === 'text');
  const field =
    entity.fields.find((f) => text(f) && f.search && f.list !== false) ??
    entity.fields.find((f) => text(f) && f.list !== false);
  if (field) {
    const value = uniqueText(field, stamp);
    const edited = `${value.slice(0, field.maxLength ? field.maxLength - 1 : undefined)}改`;
    return { field, values: [value, edited], shown: [value, edited], searchable: Boolean(field.search) };
  }
  const amount = entity.fields.find(
    (f) => typed(f) && (f.type === 'money' || f.type === 'decimal') && f.list !== false,
  );
  if (amount && amount.max === undefined) {
    const n = 100_000 + (Number.parseInt(stamp.slice(-5), 36) % 800_000);
    const money = (x: number) => x.toLocaleString('en-US', { minimumFractionDigits: 2 });
    return {
      field: amount,
      values: [`${n}.25`, `${n + 1}.25`],
      shown: [money(n + 0.25), money(n + 1.25)],
      searchable: false,
    };
  }
  const hidden = entity.fields.find((f) => text(f));
  if (!hidden) throw new Error(`${entity.key} has no field a walk can tell its row by`);
  const value = uniqueText(hidden, stamp);
  return { field: hidden, values: [value, `${value}改`], searchable: false };
}

/** Saves the record dialog: the success toast, or the server's refusal as the failure's message. */
async function save(page: Page, dialog: Locator, done: '新增成功' | '更新成功') {
  await dialog.getByRole('button', { name: label('保存') }).click();
  const refusal = page.locator('.ant-message-error');
  await expect(toast(page, done).first().or(refusal.first())).toBeVisible();
  expect(await refusal.allInnerTexts(), 'the server refused the save').toEqual([]);
  await expect(dialog).toBeHidden();
}

/** The generic screen also checked in English: one is enough, as every generic list is the same component. */
const IN_ENGLISH = GENERIC_ENTITIES.find((entity) => entity.route === '/system/post') ?? GENERIC_ENTITIES[0];

test(`in English: ${IN_ENGLISH.route} and its add dialog pass axe`, async ({ page }) => {
  await openTrail(page, await menuTrail(page, IN_ENGLISH.route));
  await switchToEnglish(page);
  try {
    await expect(page.getByRole('button', { name: label('Add') })).toBeVisible();
    await expectNoAxeViolations(page, `${IN_ENGLISH.route} (en)`);
    await page.getByRole('button', { name: label('Add') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: 'Add' }));
    await dialog.getByRole('button', { name: label('Save') }).click();
    await expect(dialog.getByRole('alert').first()).toBeVisible();
    await expectNoAxeViolations(page, `${IN_ENGLISH.route}, Add with its problems (en)`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  } finally {
    // The worker's page goes on in Chinese, which the other walks read.
    await page.getByRole('button', { name: 'English (Language)' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(page.getByRole('button', { name: '中文（语言）' })).toBeVisible();
  }
});

test('in English: every generic list, its search form and its add form carry no Chinese label', async ({ page }) => {
  // Every generic screen in one test: the default minute passed at about forty screens on a loaded 2-core machine.
  test.setTimeout(GENERIC_ENTITIES.length * 5_000);
  await switchToEnglish(page);
  const before = page.viewportSize();
  try {
    for (const entity of GENERIC_ENTITIES)
      await test.step(entity.route, async () => {
        // Moved by the router (as a link does), not by a fresh load: the sweep costs the screens, not the console's start.
        await moveInApp(page, entity.route);
        await expect(page.getByRole('button', { name: label('Export') })).toBeVisible();
        expect(await untranslatedIn(page, '.ant-layout-content'), `${entity.route} in English`).toEqual([]);
        // English titles are the longer: the narrow screen is the one to check.
        await expectKeyColumns(page, entity, 'en', [SCREENS[1]]);
        // A fixed set of rows (the process buttons) has no Add, nor an add form to check.
        const add = page.getByRole('button', { name: label('Add') });
        if (entity.editPages || (await add.count()) === 0) return;
        await add.click();
        const dialog = await settled(page.getByRole('dialog', { name: 'Add' }));
        expect(await untranslatedIn(page, '.ant-modal'), `${entity.route}, Add in English`).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });
  } finally {
    if (before) await page.setViewportSize(before);
    await page.getByRole('button', { name: 'English (Language)' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(page.getByRole('button', { name: '中文（语言）' })).toBeVisible();
  }
});

/** Lists with screens of their own and many columns, on the generic list: measured as the generic ones are. */
const WIDE_LISTS = [
  '/property/lease-contract-cost',
  '/property/room-contract',
  '/property/repair',
  '/property/work-order',
  '/prod/report',
  '/crm/enterprise',
  '/dhm/dhm/order-meal',
];

test('lists of their own with many columns show their key columns whole at 1440×900 and 1024×768', async ({ page }) => {
  const before = page.viewportSize();
  try {
    for (const route of WIDE_LISTS)
      await test.step(route, async () => {
        const entity = entityByRoute(route) as EntityDef;
        await moveInApp(page, route);
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        // Every list's problems in one report.
        await expectKeyColumns(page, entity, 'zh', SCREENS, { soft: true });
        if (before) await page.setViewportSize(before);
      });
  } finally {
    if (before) await page.setViewportSize(before);
  }
});

for (const entity of GENERIC_ENTITIES) {
  test(`${entity.label.zh} (${entity.route}): add, search, edit, view, export, delete`, async ({
    page,
    enterpriseName,
  }) => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
    const marker = markerOf(entity, stamp);
    const dialogOf = (name: string) => page.getByRole('dialog', { name });
    // An entity with `editPages` adds and edits on a page of its own (RecordPage), a region named as a dialog would be.
    const formOf = (mode: '新增' | '编辑') =>
      entity.editPages ? page.getByRole('region', { name: `${mode}${entity.label.zh}` }) : dialogOf(mode);
    const rowOf = (i: 0 | 1) => (marker.shown ? rowShowing(page, marker.shown[i]) : dataRows(page).first());
    const search = async (i: 0 | 1) => {
      if (!marker.searchable) return;
      await page.locator(`#search_${marker.field.name}`).fill(marker.values[i]);
      await page.getByRole('button', { name: label('搜索') }).click();
      await expect(rowOf(i)).toHaveCount(1);
    };

    await openTrail(page, await menuTrail(page, entity.route));
    await expect(page).toHaveURL(new RegExp(`${entity.route}$`));
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(dataRows(page).first()).toBeVisible();
    await test.step('its key columns and actions show whole at 1440×900 and 1024×768', async () => {
      const before = page.viewportSize();
      try {
        await expectKeyColumns(page, entity, 'zh');
      } finally {
        if (before) await page.setViewportSize(before);
      }
    });

    // A fixed set of rows (the engine's twelve process buttons): its menu grants edit and view only, so the walk
    // edits the first row, finds, views and exports it, and puts its value back.
    if ((await page.getByRole('button', { name: label('新增') }).count()) === 0) {
      const first = dataRows(page).first();
      const key = await first.getAttribute('data-row-key');
      const row = page.locator(`tr[data-row-key="${key}"]`);
      await expectNoAxeViolations(page, entity.route, 'screen');
      await expect(row.getByRole('button', { name: label('删除') })).toHaveCount(0);
      await clickRowAction(row, '编辑');
      let dialog = await settled(formOf('编辑'));
      const before = await dialog.locator(`#${marker.field.name}`).inputValue();
      await dialog.locator(`#${marker.field.name}`).fill(marker.values[0]);
      await save(page, dialog, '更新成功');
      await search(0);
      await clickRowAction(row, '查看');
      const view = await settled(dialogOf('查看'));
      await expect(view.getByRole('button', { name: label('保存') })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(view).toBeHidden();
      await clickRowAction(row, '编辑');
      dialog = await settled(formOf('编辑'));
      await dialog.locator(`#${marker.field.name}`).fill(before);
      await save(page, dialog, '更新成功');
      return;
    }

    const shown = new Map<string, string>();
    await test.step('the empty form names every required field; the filled one is saved', async () => {
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.getByRole('button', { name: label('新增') }).click();
      const dialog = await settled(formOf('新增'));
      await dialog.getByRole('button', { name: label('保存') }).click();
      await expect(dialog.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page, `${entity.route}, 新增 with its problems`);
      for (const field of requiredEmpty(entity)) {
        await expect(dialog.getByText(field.required?.zh ?? '', { exact: true }).first()).toBeVisible();
      }
      // The row's owner (the enterprise of a CRM row, the project of a matter) is picked even where the
      // form does not mark it: the server asks for it. A row under another row (a project's history) takes
      // its enterprise from that one.
      const parents = entity.fields.filter((f) => (f.picker || f.ref) && f.picker !== 'enterprise' && f.form !== false);
      const owners = parents.length > 0 ? parents : entity.fields.filter((f) => f.picker === 'enterprise');
      for (const field of new Set([...owners, ...requiredEmpty(entity)])) {
        // A picture (a required one too, as a carousel's) is uploaded below.
        if (field === marker.field || field.image) continue;
        const text = await fillField(page, dialog, field, stamp, enterpriseName);
        if (text !== undefined && field.list !== false) shown.set(field.name, text);
      }
      await dialog.locator(`#${marker.field.name}`).fill(marker.values[0]);
      for (const field of entity.fields.filter((f) => f.image && f.form !== false)) {
        const item = dialog.locator('.ant-form-item').filter({ has: page.locator(`#${field.name}`) });
        await item.locator('input[type=file]').setInputFiles({ name: 'e2e.png', mimeType: 'image/png', buffer: PNG });
        // The picture as the store serves it, named by the field.
        await expect(item.getByRole('img', { name: field.label.zh })).toHaveJSProperty('naturalWidth', 1);
      }
      await save(page, dialog, '新增成功');
    });

    await test.step('the search form finds it, the list shows what was typed and picked', async () => {
      await search(0);
      for (const [name, text] of shown) {
        // A column the screen is too narrow for is hidden (issue 34.3): the row shows the others.
        const title = entity.fields.find((f) => f.name === name)?.label.zh ?? name;
        const column = page.locator('.ant-table-thead th').getByText(title, { exact: true });
        if ((await column.count()) > 0) await expect(rowOf(0)).toContainText(text);
      }
      // Its checkbox is named by the row, in the language (antd's own name is English and says "row N").
      await expect(rowOf(0).getByRole('checkbox', { name: /^选择 \S/ })).toHaveCount(1);
      // antd's select-all box too (its own name is English).
      await expect(page.getByRole('checkbox', { name: '全选本页' })).toHaveCount(1);
    });

    await test.step('it is edited', async () => {
      await clickRowAction(rowOf(0), '编辑');
      const dialog = await settled(formOf('编辑'));
      await expect(dialog.locator(`#${marker.field.name}`)).toHaveValue(marker.values[0]);
      await dialog.locator(`#${marker.field.name}`).fill(marker.values[1]);
      await save(page, dialog, '更新成功');
      await search(1);
      await expect(rowOf(1)).toHaveCount(1);
    });

    await test.step('查看 shows it without a way to change it', async () => {
      await clickRowAction(rowOf(1), '查看');
      const dialog = await settled(dialogOf('查看'));
      // A description list shows the value as the list does (money with its separators).
      const value = marker.shown?.[1] ?? marker.values[1];
      // A form shown read-only, or a description list.
      await expect(async () => {
        const input = dialog.locator(`#${marker.field.name}`);
        if ((await input.count()) > 0) await expect(input).toHaveValue(value, { timeout: 1_000 });
        else await expect(dialog.getByText(value, { exact: true })).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await expect(dialog.getByRole('button', { name: label('保存') })).toHaveCount(0);
      for (const field of entity.fields.filter((f) => f.image && f.form !== false)) {
        await expect(dialog.getByRole('img', { name: field.label.zh })).toHaveJSProperty('naturalWidth', 1);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('导出 writes the list as it is searched into a workbook', async () => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: label('导出') }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${entity.label.zh}.xlsx`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await file.path());
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      for (const field of entity.fields.filter((f) => f.list !== false)) expect(header).toContain(field.label.zh);
      if (marker.field.list === false) return;
      const cells = sheet
        .getColumn(header.indexOf(marker.field.label.zh) + 1)
        .values.slice(2)
        .map(String);
      if (marker.searchable) expect(cells).toEqual([marker.values[1]]);
      else expect(cells).toContain(marker.values[1]);
    });

    await test.step('it is deleted after the confirmation', async () => {
      const row = rowOf(1);
      // The newest row: the one to delete is told by its own id, before the list changes under it.
      const key = await row.getAttribute('data-row-key');
      await clickRowAction(row, '删除');
      await confirm(page, '确定将选择数据删除?', '删除成功');
      await expect(page.locator(`tr[data-row-key="${key}"]`)).toHaveCount(0);
    });
  });
}
