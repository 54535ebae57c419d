import fs from 'node:fs';
import path from 'node:path';
import { type EntityDef, entities, type FieldDef } from '@park/catalog';
import { expect, type Locator, type Page } from '@playwright/test';
import { label, settled } from './console.ts';
import { dataRows } from './crm.ts';
import { callApi, today } from './system.ts';

/**
 * What the catalog-driven walk needs to drive any generic list screen from its catalog declaration alone:
 * which screens are generic, how to reach one through the sidebar, and how to fill each type of field.
 */

const VIEWS = path.resolve(import.meta.dirname, '../../web/src/views');

/** Whether a menu path has a screen of its own (web/src/router/views.ts), rather than the generic one. */
export function hasCustomView(route: string): boolean {
  return fs.existsSync(path.join(VIEWS, route, 'index.tsx'));
}

/** Every catalog entity served by the generic list screen at its menu path: append-only logs have screens of their own. */
export const GENERIC_ENTITIES: EntityDef[] = entities.filter((e) => e.audit !== false && !hasCustomView(e.route));

/** Whether a menu path opens a working screen (its own, or a catalog entity's list). */
export function hasScreen(route: string): boolean {
  return hasCustomView(route) || entities.some((e) => e.route === route);
}

/** Every page of the signed-in user's sidebar that opens a working screen, in menu order. */
export async function workingMenuPages(page: Page): Promise<string[]> {
  const leaves = (nodes: MenuNode[]): string[] =>
    nodes.flatMap((node) => (node.children?.length ? leaves(node.children) : [node.path]));
  return leaves(await callApi<MenuNode[]>(page, 'blade-system/menu/routes')).filter(
    (route) => route.startsWith('/') && hasScreen(route),
  );
}

interface MenuNode {
  name: string;
  path: string;
  children?: MenuNode[];
}

/** The pages of the signed-in user's sidebar that have no screen (they would open the 404 page). */
export async function screenlessPages(page: Page): Promise<string[]> {
  const leaves = (nodes: MenuNode[]): string[] =>
    nodes.flatMap((node) => (node.children?.length ? leaves(node.children) : [node.path]));
  const home = '/wel/index';
  return leaves(await callApi<MenuNode[]>(page, 'blade-system/menu/routes')).filter(
    (route) => route.startsWith('/') && route !== home && !hasScreen(route),
  );
}

/** The names from the sidebar's top folder down to the page at `route`, from the signed-in user's menu tree. */
export async function menuTrail(page: Page, route: string): Promise<string[]> {
  const find = (nodes: MenuNode[], trail: string[]): string[] | undefined => {
    for (const node of nodes) {
      const here = [...trail, node.name];
      if (node.path === route) return here;
      const below = find(node.children ?? [], here);
      if (below) return below;
    }
    return undefined;
  };
  const trail = find(await callApi<MenuNode[]>(page, 'blade-system/menu/routes'), []);
  expect(trail, `the menu holds ${route}`).toBeDefined();
  return trail as string[];
}

/** Opens a page through the sidebar, folder by folder (in the app: no page load). */
export async function openTrail(page: Page, trail: string[]) {
  const sidebar = page.getByRole('complementary');
  const entry = (name: string) => sidebar.getByRole('menuitem', { name: label(name) }).first();
  const target = entry(trail[trail.length - 1]);
  // As openMenu (console.ts): a folder that closed again, or a click that landed while it unfolded, is retried.
  await expect(async () => {
    if (!(await target.isVisible())) {
      for (const folder of trail.slice(0, -1)) {
        const item = entry(folder);
        if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click({ timeout: 3_000 });
      }
    }
    await target.click({ timeout: 3_000 });
    await expect(target).toHaveClass(/ant-menu-item-selected/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** How the rows that walks add begin: a pick passes them over, another walk may delete them at any moment. */
const WALK_ROW = /E2E[0-9a-z]{6}/;

/** A value for a text field, unique to the walk and within the field's length. */
export function uniqueText(field: FieldDef, stamp: string): string {
  const text = `E2E${stamp}`;
  return field.maxLength ? text.slice(-field.maxLength) : text;
}

/** A value that the field's type and rules accept, typed as a person types it. */
export function sampleValue(field: FieldDef, stamp: string): string {
  switch (field.format) {
    case 'mobile':
    case 'phone':
      return '13800138000';
    case 'email':
      return `e2e${stamp}@example.com`;
    case 'creditCode':
      return '91350100M000100Y43';
    case 'cron':
      return '0 0 2 * * ?';
    case 'time':
      // An end after its start.
      return /end/i.test(field.name) ? '13:00' : '11:30';
    case 'code':
      return `e2e${stamp}`.slice(0, field.maxLength);
  }
  switch (field.type) {
    case 'int': {
      const wanted = /year/i.test(field.name) ? 2025 : 1;
      return String(Math.min(Math.max(wanted, field.min ?? wanted), field.max ?? wanted));
    }
    case 'decimal':
    case 'money':
      return String(Math.min(12.5, field.max ?? 12.5));
    case 'date':
      return today();
    case 'datetime':
      return `${today()} 10:30:00`;
    default:
      return uniqueText(field, stamp);
  }
}

/** The dialog on top (a picker opened from the record form). */
function topDialog(page: Page): Locator {
  return page.locator('.ant-modal-wrap:visible .ant-modal').last();
}

/** Picks the first option of a select (a dictionary, a row of another list) and gives its text. */
export async function pickFirstOption(page: Page, scope: Locator, id: string): Promise<string> {
  await scope.locator(`#${id}`).click();
  // A node of a tree (an industry, a floor) is picked from a tree select: its nodes are no options.
  const treeSelect = scope.locator('.ant-tree-select').filter({ has: page.locator(`#${id}`) });
  if ((await treeSelect.count()) > 0) {
    const tree = await settled(page.locator('.ant-tree-select-dropdown:visible'));
    const node = tree.locator('.ant-select-tree-node-content-wrapper').filter({ hasNotText: WALK_ROW }).first();
    const text = (await node.getAttribute('title')) ?? (await node.textContent()) ?? '';
    await node.click();
    await expect(scope.locator('.ant-select').filter({ has: page.locator(`#${id}`) })).toContainText(text);
    return text;
  }
  const dropdown = page.locator('.ant-select-dropdown:visible').filter({ has: page.locator(`[id="${id}_list"]`) });
  // Not a row another walk added: it may be gone by the time this one is saved.
  const option = (await settled(dropdown)).locator('.ant-select-item-option').filter({ hasNotText: WALK_ROW }).first();
  const text = (await option.getAttribute('title')) ?? (await option.textContent()) ?? '';
  await option.click();
  await expect(scope.locator('.ant-select').filter({ has: page.locator(`#${id}`) })).toContainText(text);
  return text;
}

/**
 * Picks a row in a picker's dialog (a radio or a checkbox) and confirms it: the first one, or the first
 * that the dialog's search finds by `search` (its input's id and the text).
 */
export async function pickFirstRow(page: Page, scope: Locator, id: string, search?: { input: string; text: string }) {
  await scope.locator(`#${id}`).click();
  const dialog = await settled(topDialog(page));
  if (search) {
    await dialog.locator(`#${search.input}`).fill(search.text);
    await dialog.getByRole('button', { name: label('搜索') }).click();
    await expect(dataRows(dialog)).toHaveCount(1);
  }
  const row = dataRows(dialog).filter({ hasNotText: WALK_ROW }).first();
  await row.locator('.ant-radio-input, .ant-checkbox-input').first().check();
  await dialog.getByRole('button', { name: label('确定') }).click();
  await expect(scope.locator(`#${id}`)).not.toHaveValue('');
}

/**
 * Fills one field of a record form with a value its rules accept, as a person does: types text and numbers,
 * picks dates, dictionary entries and other lists' rows. Gives what the list then shows for it, when that is known.
 */
export async function fillField(
  page: Page,
  form: Locator,
  field: FieldDef,
  stamp: string,
  enterpriseName?: string,
): Promise<string | undefined> {
  if (field.picker === 'enterprise' && enterpriseName) {
    await pickFirstRow(page, form, field.name, { input: 'enterpriseSelector_enterpriseName', text: enterpriseName });
    return enterpriseName;
  }
  if (field.ref?.entity === 'user' && field.ref.as) {
    // The administrator: other walks add and remove accounts all the time.
    await pickFirstRow(page, form, field.name, { input: 'personPicker_realName', text: '管理员' });
    return '管理员';
  }
  if (field.picker) {
    await pickFirstRow(page, form, field.name);
    return undefined;
  }
  if (field.ref || field.dict) return pickFirstOption(page, form, field.name);
  const value = sampleValue(field, stamp);
  const input = form.locator(`#${field.name}`);
  if (field.type === 'date' || field.type === 'datetime') {
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await expect(input).toHaveValue(value);
    return value;
  }
  await input.fill(value);
  return value;
}

/** The field a walk finds its row by: the first text field of the search form that is typed, not picked. */
export function markerField(entity: EntityDef): FieldDef | undefined {
  return entity.fields.find(
    (f) =>
      f.search &&
      f.list !== false &&
      f.form !== false &&
      (f.type === 'string' || f.type === 'text') &&
      !f.dict &&
      !f.picker &&
      !f.ref &&
      !f.format,
  );
}

/**
 * Every column of the list shown by the user's own choice (which holds whatever the width), in the open column
 * settings' `panel`. 列展示 is toggled off and on again: checked already, it may only mean that the list had not yet
 * measured its room when the panel opened, and the columns hidden for the width would go once it has.
 */
export async function showEveryColumn(panel: Locator) {
  const all = panel.getByRole('checkbox', { name: '列展示' });
  if (await all.isChecked()) {
    await all.press('Space');
    await expect(all).not.toBeChecked();
  }
  await all.press('Space');
  await expect(all).toBeChecked();
}

/** A row of the list by a cell's text. */
export function rowShowing(page: Page, text: string): Locator {
  return dataRows(page).filter({ hasText: text });
}

/**
 * The columns a list shows at any screen size without a sideways scroll (issue 34, point 3): its first column
 * (what names the row), its amounts, its states and its yes/no flags, and whatever the catalog marks `key`.
 */
export function keyColumns(entity: EntityDef): FieldDef[] {
  const decides = (f: FieldDef) =>
    f.type === 'money' || (f.dict !== undefined && (/(status|state)$/i.test(f.name) || f.dict === 'yes_no'));
  return entity.fields
    .filter((f) => f.list !== false)
    .filter((f, index) => index === 0 || f.listPriority === 'key' || (f.listPriority !== 'low' && decides(f)));
}

/**
 * What keeps the list on screen from showing its key columns, read in one go in the page as it is drawn (no
 * scrolling): a column of those titles missing, or not wholly between the fixed selection and the fixed actions
 * within the window; the actions column not wholly within the window; a cut text cut short of its column's own
 * width; a value shown whole that does not fit its column; the page scrolling sideways.
 */
export function keyColumnProblems(page: Page, titles: string[]): Promise<string[]> {
  return page.evaluate((titles) => {
    const problems: string[] = [];
    // The list on screen: the tags keep other pages' lists, hidden.
    const table = Array.from(document.querySelectorAll<HTMLElement>('.ant-layout-content .ant-table')).find(
      (element) => element.offsetParent !== null && element.querySelector('.ant-table-thead'),
    );
    if (!table) return ['no list on screen'];
    const holder = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ?? table;
    const seen = holder.getBoundingClientRect();
    const headers = Array.from(table.querySelectorAll<HTMLElement>('.ant-table-thead > tr:first-child > th'));
    const right = Math.min(seen.right, window.innerWidth);
    const fixedStart = headers.filter((th) => /-fix-start\b/.test(th.className));
    const fixedEnd = headers.filter((th) => /-fix-end\b/.test(th.className));
    const from = Math.max(seen.left, ...fixedStart.map((th) => th.getBoundingClientRect().right));
    const to = Math.min(right, ...fixedEnd.map((th) => th.getBoundingClientRect().left));
    for (const title of titles) {
      const th = headers.find((cell) => cell.textContent?.trim() === title);
      if (!th) {
        problems.push(`no column ${title}`);
        continue;
      }
      const box = th.getBoundingClientRect();
      if (box.left < from - 1 || box.right > to + 1) {
        problems.push(
          `${title} at ${Math.round(box.left)}–${Math.round(box.right)}, room ${Math.round(from)}–${Math.round(to)}`,
        );
      }
    }
    for (const th of fixedEnd) {
      if (th.getBoundingClientRect().right > right + 1) problems.push(`${th.textContent} beyond the window`);
    }
    for (const cut of Array.from(table.querySelectorAll<HTMLElement>('.ant-table-tbody [data-cut]'))) {
      // Its end at the cell's (a tree's first cell starts it after the row's indent and its expand button).
      const cell = cut.closest('td') as HTMLElement;
      const end = cell.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(cell).paddingRight);
      if (cut.getBoundingClientRect().right < end - 2) problems.push(`"${cut.textContent}" cut short of its column`);
    }
    // A value that is shown whole (a date, an amount, a dictionary label) fits its column: never "Quarte".
    for (const cell of Array.from(table.querySelectorAll<HTMLElement>('.ant-table-tbody > tr > td'))) {
      if (cell.querySelector('[data-cut], button, .ant-checkbox, .ant-radio, .ant-switch, img')) continue;
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`"${cell.textContent}" does not fit its column`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
    return problems;
  }, titles);
}

/** The screen sizes every list is checked at (issue 34, point 3). */
export const SCREENS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

/**
 * Checks the list on screen at each size (the window resized, the page not loaded again), the key columns named in
 * `lang`; the window is left at the last size. `soft`: a failure is recorded and the walk goes on (to the next list).
 */
export async function expectKeyColumns(
  page: Page,
  entity: EntityDef,
  lang: 'zh' | 'en',
  sizes: readonly { width: number; height: number }[] = SCREENS,
  { soft = false }: { soft?: boolean } = {},
) {
  const titles = keyColumns(entity).map((f) => f.label[lang]);
  for (const size of sizes) {
    await page.setViewportSize(size);
    // The list hides what does not fit as it sees its new width: asked again until it has settled.
    await expect
      .configure({ soft })
      .poll(() => keyColumnProblems(page, titles), {
        message: `${entity.route} at ${size.width}×${size.height} (${lang})`,
        intervals: [100, 250, 500],
        timeout: 5_000,
      })
      .toEqual([]);
  }
}
