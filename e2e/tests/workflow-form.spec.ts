import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, settled, switchToEnglish, toast } from '../support/console.ts';
import { canvasOrder, dragTo, dropAtEnd } from '../support/form-designer.ts';
import { rowWithCell } from '../support/system.ts';

/**
 * 表单设计 (issue 30), in Chinese and in English: a form added on the list, designed by dragging three field kinds from
 * the palette onto the canvas with the mouse and reordering one, a label, required and a show-if set; the preview
 * says the required fields' messages (the show-if'd one once it shows); saved as version 1, changed and saved as
 * version 2; its history lists both, version 1 made the main one again, and the list shows version 1. The browser
 * console stays clean throughout.
 */

/** What each language shows: the screen's words and the server's. */
const WORDS = {
  zh: {
    add: '新增',
    save: '保存',
    added: '新增成功',
    search: '搜索',
    design: '设计',
    history: '历史',
    canvas: '画布',
    kinds: ['单行文本', '数字', '多行文本'],
    days: '天数',
    reason: '事由',
    title: '标题',
    preview: '预览',
    designTab: '设计',
    designTitle: (form: string) => `设计表单：${form}`,
    more: '更多',
    validate: '校验',
    required: (name: string) => `请填写${name}`,
    saved: (v: number) => `已保存为版本 ${v}`,
    close: '关闭',
    version: (v: number) => `版本 ${v}`,
    main: '主版本',
    setMain: '设为主版本',
    setMainQuestion: '确定将版本 1 设为主版本吗？',
    ok: '确定',
    setMainDone: '已将版本 1 设为主版本',
    back: '返回列表',
  },
  en: {
    add: 'Add',
    save: 'Save',
    added: 'Added',
    search: 'Search',
    design: 'Design',
    history: 'History',
    canvas: 'Canvas',
    kinds: ['Text', 'Number', 'Long text'],
    days: 'Days',
    reason: 'Reason',
    title: 'Title',
    preview: 'Preview',
    designTab: 'Design',
    designTitle: (form: string) => `Design form: ${form}`,
    more: 'More',
    validate: 'Validate',
    required: (name: string) => `${name} is required`,
    saved: (v: number) => `Saved as version ${v}`,
    close: 'Close',
    version: (v: number) => `Version ${v}`,
    main: 'Main version',
    setMain: 'Set as main version',
    setMainQuestion: 'Make version 1 the main version?',
    ok: 'OK',
    setMainDone: 'Version 1 is now the main version',
    back: 'Back to the list',
  },
} as const;

/**
 * Errors and warnings the page logs, and errors it throws: the walk ends with none. Chromium's note on a feature of
 * the server's Permissions-Policy header it does not know (bluetooth) is the browser's, not the app's.
 */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/^Error with Permissions-Policy header/.test(text)) return;
    if (message.type() === 'error' || message.type() === 'warning') seen.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => seen.push(`thrown: ${error.message}`));
  return seen;
}

/** Clicks a row's button, side by side or under its 更多 (More), in the console's language. */
async function rowAction(row: Locator, more: string, name: string) {
  const inline = row.getByRole('button', { name: label(name) });
  if ((await inline.count()) > 0) {
    await inline.click();
    return;
  }
  await row.getByRole('button', { name: label(more) }).click();
  const list = await settled(row.page().locator('.ant-dropdown:visible'));
  await list.getByRole('button', { name: label(name) }).click();
  await expect(list).toHaveCount(0);
}

for (const lang of ['zh', 'en'] as const) {
  test(`a form is designed by drag and drop, previewed, saved twice, and its first version made main again (${lang})`, async ({
    page,
  }) => {
    const w = WORDS[lang];
    const problems = watchConsole(page);
    const formKey = `e2e_form_${lang}_${String(Date.now()).slice(-7)}`;
    const name = `E2E表单${lang}${String(Date.now()).slice(-5)}`;
    await loginAsAdmin(page, { at: '/workflow/design/form' });
    if (lang === 'en') await switchToEnglish(page);

    await test.step('the form is added on the list', async () => {
      await page.getByRole('button', { name: label(w.add) }).click();
      const dialog = await settled(page.getByRole('dialog', { name: w.add }));
      await dialog.locator('#formKey').fill(formKey);
      await dialog.locator('#name').fill(name);
      await dialog.getByRole('button', { name: label(w.save) }).click();
      await expect(toast(page, w.added).first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await page.locator('#search_formKey').fill(formKey);
      await page.getByRole('button', { name: label(w.search) }).click();
      await expect(rowWithCell(page, formKey)).toBeVisible();
    });

    const drawer = page.getByRole('dialog', { name: w.designTitle(name) });
    const canvas = drawer.getByRole('region', { name: w.canvas });
    await test.step('three kinds are dragged from the palette onto the canvas, and one is moved to the top', async () => {
      await rowAction(rowWithCell(page, formKey), w.more, w.design);
      await expect(canvas).toBeVisible();
      for (const kind of w.kinds) await dropAtEnd(page, drawer.getByRole('button', { name: label(kind) }), canvas);
      await expect.poll(() => canvasOrder(canvas)).toEqual(['field_1', 'field_2', 'field_3']);
      // The long text, dropped on the upper half of the first field, takes its place.
      const first = await canvas.locator('[data-field="field_1"]').boundingBox();
      if (!first) throw new Error('no first field');
      await dragTo(page, canvas.locator('[data-field="field_3"]'), { x: first.x + first.width / 2, y: first.y + 8 });
      await expect.poll(() => canvasOrder(canvas)).toEqual(['field_3', 'field_1', 'field_2']);
    });

    await test.step('the number becomes a required 天数, the long text a required 事由 shown when 天数 > 3', async () => {
      await canvas.locator('[data-field="field_2"]').click();
      await drawer.locator('#fieldProperties_label').fill(w.days);
      await drawer.locator('#fieldProperties_required').click();
      await expect(canvas.locator('[data-field="field_2"]')).toContainText(`* ${w.days}`);

      await canvas.locator('[data-field="field_3"]').click();
      await drawer.locator('#fieldProperties_label').fill(w.reason);
      await drawer.locator('#fieldProperties_required').click();
      await drawer.locator('#fieldProperties_showIf').fill('field_2 > 3');
      await expect(canvas.locator('[data-field="field_3"]')).toContainText(`* ${w.reason}`);
      if (lang === 'zh') await expectNoAxeViolations(page, 'the form designer with three fields');
    });

    await test.step('the preview says the required messages, the show-if field’s once it shows', async () => {
      await drawer.getByRole('tab', { name: w.preview }).click();
      await drawer.getByRole('button', { name: label(w.validate) }).click();
      await expect(drawer.getByText(w.required(w.days))).toBeVisible();
      await expect(drawer.locator('#preview_field_3')).toHaveCount(0);
      await drawer.locator('#preview_field_2').fill('5');
      await expect(drawer.locator('#preview_field_3')).toBeVisible();
      await drawer.getByRole('button', { name: label(w.validate) }).click();
      await expect(drawer.getByText(w.required(w.reason))).toBeVisible();
    });

    await test.step('saved as version 1; a change saved as version 2', async () => {
      await drawer.getByRole('button', { name: label(w.save) }).click();
      await expect(toast(page, w.saved(1)).first()).toBeVisible();
      await drawer.getByRole('tab', { name: w.designTab }).click();
      await canvas.locator('[data-field="field_1"]').click();
      await drawer.locator('#fieldProperties_label').fill(w.title);
      await drawer.getByRole('button', { name: label(w.save) }).click();
      await expect(toast(page, w.saved(2)).first()).toBeVisible();
      await drawer.getByRole('button', { name: w.close, exact: true }).click();
      await expect(drawer).toBeHidden();
      await expect(rowWithCell(page, formKey).getByRole('cell', { name: '2', exact: true })).toBeVisible();
    });

    await test.step('the history lists both versions; version 1 is made main, and the list shows it', async () => {
      await rowAction(rowWithCell(page, formKey), w.more, w.history);
      await expect(page).toHaveURL(/\/workflow\/design\/form\/history\/\d+$/);
      const versions = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect(versions).toHaveCount(2);
      const first = versions.filter({ hasText: w.version(1) });
      await expect(versions.filter({ hasText: w.version(2) }).locator('.ant-tag')).toHaveText(w.main);
      // The main version is previewed: its fields as the form shows them.
      await expect(page.getByText(w.title, { exact: true })).toBeVisible();
      if (lang === 'zh') await expectNoAxeViolations(page, 'the form history');
      await first.getByRole('button', { name: label(w.setMain) }).click();
      const question = await settled(page.getByRole('dialog').filter({ hasText: w.setMainQuestion }));
      await question.getByRole('button', { name: label(w.ok) }).click();
      await expect(toast(page, w.setMainDone).first()).toBeVisible();
      await expect(first.locator('.ant-tag')).toHaveText(w.main);
      await page.getByRole('button', { name: label(w.back) }).click();
      await expect(rowWithCell(page, formKey).getByRole('cell', { name: '1', exact: true })).toBeVisible();
    });

    expect(problems).toEqual([]);
  });
}
