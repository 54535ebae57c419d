import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, moveInApp, settled, switchToEnglish, toast } from '../support/console.ts';
import { dataRows } from '../support/crm.ts';
import { callApi, pickInTree, rowWithCell, selectRow } from '../support/system.ts';

/**
 * 模型设计, its history, 部署管理 and a model's start scope (issue 30), in Chinese and in English: a model added in the
 * list is refused deploy with the reasons listed (its diagram is one start event), a seeded demo model is deployed
 * and its new version is suspended and activated again in 部署管理, a role is set as the new model's scope and is
 * there again after a reload, its icon and category change, its version 1 is made main again in its history once
 * there is a version 2 (the model's detail and the list then say 1), and a demo model's history draws the diagram.
 * The browser's console stays clean throughout.
 */

type Lang = 'zh' | 'en';

// Each walk deploys, suspends and reloads through four screens: beside the PostgreSQL server tests on the 2-core CI
// machine it took near the default 60 s (49 s with nothing else running), as the runtime walks do.
test.describe.configure({ timeout: 180_000 });

/** The screens' words in each language (web/src/i18n/<lang>/workflow.ts, crud.ts, common.ts). */
const WORDS = {
  zh: {
    add: '新增',
    addDialog: '新增',
    save: '保存',
    added: '新增成功',
    ok: '确定',
    cancel: '取消',
    close: '关闭',
    search: '搜索',
    more: '更多',
    deploy: '部署',
    deployQuestion: (name: string) => `确定部署模型“${name}”的主版本?`,
    refused: (name: string) => `模型“${name}”不能部署`,
    noEnd: '流程没有结束事件',
    deployed: /部署成功，版本 v(\d+)/,
    suspend: '挂起',
    activate: '激活',
    tagActive: '激活',
    tagSuspended: '挂起',
    suspended: '已挂起',
    activated: '已激活',
    scope: '范围',
    scopeTitle: (name: string) => `发起范围：${name}`,
    addLine: '添加范围',
    lineType: '第 1 行的类型',
    lineValues: '第 1 行的范围',
    role: '角色',
    saveScope: '保存范围',
    scopeSaved: '范围已保存',
    icon: '图标',
    expenseIcon: '报销',
    iconChanged: '图标已更换',
    changeCategory: '变更分类',
    categoryChanged: '分类已变更',
    history: '历史',
    mainTag: '主版本',
    setMain: '设为主版本',
    setMainQuestion: (version: number) => `确定将版本 v${version} 设为主版本?`,
    mainSet: '已设为主版本',
    back: '返回',
    view: '查看',
    deploymentTitle: (name: string, version: string) => `部署详情：${name} v${version}`,
  },
  en: {
    add: 'Add',
    addDialog: 'Add',
    save: 'Save',
    added: 'Added',
    ok: 'OK',
    cancel: 'Cancel',
    close: 'Close',
    search: 'Search',
    more: 'More',
    deploy: 'Deploy',
    deployQuestion: (name: string) => `Deploy the main version of the model "${name}"?`,
    refused: (name: string) => `The model "${name}" cannot be deployed`,
    noEnd: 'The process has no end event',
    deployed: /Deployed as version v(\d+)/,
    suspend: 'Suspend',
    activate: 'Activate',
    tagActive: 'Active',
    tagSuspended: 'Suspended',
    suspended: 'Suspended',
    activated: 'Activated',
    scope: 'Scope',
    scopeTitle: (name: string) => `Who may start: ${name}`,
    addLine: 'Add scope',
    lineType: 'Type of line 1',
    lineValues: 'Scope of line 1',
    role: 'Roles',
    saveScope: 'Save scope',
    scopeSaved: 'Scope saved',
    icon: 'Icon',
    expenseIcon: 'Expense',
    iconChanged: 'Icon changed',
    changeCategory: 'Change category',
    categoryChanged: 'Category changed',
    history: 'History',
    mainTag: 'Main',
    setMain: 'Set as main',
    setMainQuestion: (version: number) => `Make version v${version} the main version?`,
    mainSet: 'Main version set',
    back: 'Back',
    view: 'View',
    deploymentTitle: (name: string, version: string) => `Deployment: ${name} v${version}`,
  },
} as const;

const MODELS = '/workflow/design/model';
const DEPLOYMENTS = '/workflow/design/deployment';
const SCOPES = '/workflow/design/model-scope';
/** The demo's park director role (server/src/seed/workflow-demo.ts), a scope every tenant 000000 has. */
const DIRECTOR = '园区主任';

/**
 * Errors and warnings the browser reports while the walk runs, but two that are no fault of the screens: Chromium's
 * note on a feature of the server's Permissions-Policy header it does not know, and the refused deploy's 400,
 * which the walk asks for (Chromium logs every failed answer).
 */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (/^Error with Permissions-Policy header/.test(text)) return;
    if (/status of 400/.test(text) && message.location().url.includes('/design/model/deploy')) return;
    problems.push(`${text} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

/** Answers the confirmation that asks `question` with its OK, and waits for the `done` toast. */
async function confirmWith(page: Page, lang: Lang, question: string, done: string | RegExp) {
  const dialog = await settled(page.getByRole('dialog').filter({ hasText: question }));
  await dialog.getByRole('button', { name: label(WORDS[lang].ok) }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-message').getByText(done).first()).toBeVisible();
}

/** Clicks a row's button by its name, side by side in the row or under its 更多 (More). */
async function clickRowAction(row: Locator, lang: Lang, name: string) {
  await expect(row).toBeVisible();
  const inline = row.getByRole('button', { name: label(name) });
  if ((await inline.count()) > 0) {
    await inline.click();
    return;
  }
  await row.getByRole('button', { name: label(WORDS[lang].more) }).click();
  const more = await settled(row.page().locator('.ant-dropdown:visible'));
  await more.getByRole('button', { name: label(name) }).click();
  await expect(more).toBeHidden();
}

/** Searches a list by one text field of its search form. */
async function searchBy(page: Page, lang: Lang, field: string, value: string) {
  await page.locator(`#search_${field}`).fill(value);
  await page.getByRole('button', { name: label(WORDS[lang].search) }).click();
}

/** A model of the list by its key (the list searched for it first). */
async function modelRow(page: Page, lang: Lang, key: string): Promise<Locator> {
  await searchBy(page, lang, 'modelKey', key);
  const row = rowWithCell(page, key);
  await expect(row).toHaveCount(1);
  return row;
}

async function walk(page: Page, lang: Lang) {
  const w = WORDS[lang];
  const problems = watchConsole(page);
  const stamp = String(Date.now()).slice(-8);
  const key = `e2e_${lang}_${stamp}`;
  const name = `E2E模型${stamp}`;
  const categories = [`E2E分类${stamp}a`, `E2E分类${stamp}b`];

  await loginAsAdmin(page, { at: MODELS });
  // Two categories of the walk's own: the model is filed under the first, then moved to the second.
  for (const [i, category] of categories.entries()) {
    await callApi(page, 'blade-workflow/design/category/submit', {
      method: 'POST',
      data: { name: category, code: `e2e${lang}${stamp}${i}`, parentId: '0', sort: 90 },
    });
  }
  if (lang === 'en') await switchToEnglish(page);

  await test.step('a model is added in the list: name, key, category, description', async () => {
    await page.getByRole('button', { name: label(w.add) }).click();
    const dialog = await settled(page.getByRole('dialog', { name: w.addDialog }));
    await dialog.locator('#modelKey').fill(key);
    await dialog.locator('#name').fill(name);
    await pickInTree(page, dialog, 'categoryId', [categories[0]]);
    await dialog.locator('#description').fill('E2E');
    await dialog.getByRole('button', { name: label(w.save) }).click();
    await expect(toast(page, w.added).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = await modelRow(page, lang, key);
    await expect(row).toContainText(categories[0]);
    await expectNoAxeViolations(page, `${MODELS} (${lang})`, 'screen');
  });

  await test.step('its deploy is refused, every reason listed', async () => {
    await clickRowAction(rowWithCell(page, key), lang, w.deploy);
    const dialog = await settled(page.getByRole('dialog').filter({ hasText: w.deployQuestion(name) }));
    await dialog.getByRole('button', { name: label(w.ok) }).click();
    const refusal = await settled(page.getByRole('dialog').filter({ hasText: w.refused(name) }));
    await expect(refusal.getByRole('listitem')).toContainText([w.noEnd]);
    await expectNoAxeViolations(page, `deploy refused (${lang})`);
    await refusal.getByRole('button', { name: label(w.close) }).click();
    await expect(refusal).toBeHidden();
  });

  await test.step('the scope: a role, there again after a reload', async () => {
    await clickRowAction(rowWithCell(page, key), lang, w.scope);
    let dialog = await settled(page.getByRole('dialog', { name: w.scopeTitle(name) }));
    await dialog.getByRole('button', { name: label(w.addLine) }).click();
    await dialog.getByRole('combobox', { name: w.lineType }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(w.role, { exact: true }).click();
    await dialog.getByRole('combobox', { name: w.lineValues }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(DIRECTOR, { exact: true }).click();
    // The picked role shows in the select; a click on the title closes its drop-down (Esc would close the dialog).
    await dialog.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await expectNoAxeViolations(page, `scope dialog (${lang})`);
    await dialog.getByRole('button', { name: label(w.saveScope) }).click();
    await expect(toast(page, w.scopeSaved).first()).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    await clickRowAction(await modelRow(page, lang, key), lang, w.scope);
    dialog = await settled(page.getByRole('dialog', { name: w.scopeTitle(name) }));
    await expect(dialog.locator('[data-scope-line="role"]')).toContainText(DIRECTOR);
    await dialog.getByRole('button', { name: label(w.cancel) }).click();
    await expect(dialog).toBeHidden();

    // 模型范围 edits the same scope with the same editor: the model picked by its name shows the role.
    await moveInApp(page, SCOPES);
    const picker = page.locator('#scopeModel');
    await picker.click();
    await picker.fill(name);
    await page.locator('.ant-select-dropdown:visible').getByTitle(`${name} (${key})`, { exact: true }).click();
    await expect(page.locator('[data-scope-line="role"]')).toContainText(DIRECTOR);
    await expectNoAxeViolations(page, `${SCOPES} (${lang})`, 'screen');
    await moveInApp(page, MODELS);
  });

  await test.step('the icon and the category change', async () => {
    const row = await modelRow(page, lang, key);
    await clickRowAction(row, lang, w.icon);
    const icons = await settled(page.getByRole('dialog').filter({ has: page.getByRole('radiogroup') }));
    await icons.getByRole('radio', { name: w.expenseIcon }).click();
    await expect(icons.getByRole('radio', { name: w.expenseIcon })).toHaveAttribute('aria-checked', 'true');
    await icons.getByRole('button', { name: label(w.ok) }).click();
    await expect(toast(page, w.iconChanged).first()).toBeVisible();
    await expect(row.locator('.anticon-account-book')).toBeVisible();

    await selectRow(row);
    await page.getByRole('button', { name: label(w.changeCategory) }).click();
    const dialog = await settled(page.getByRole('dialog').filter({ has: page.locator('#changeCategory_categoryId') }));
    await pickInTree(page, dialog, 'changeCategory_categoryId', [categories[1]]);
    await dialog.getByRole('button', { name: label(w.ok) }).click();
    await expect(toast(page, w.categoryChanged).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(categories[1]);
  });

  await test.step('a second version; the first made main again in the history, and the list shows it', async () => {
    // Version 2 as the designer's save makes it (the model's own diagram, a version more).
    const [{ id }] = (
      await callApi<{ records: { id: string }[] }>(page, 'blade-workflow/design/model/list', {
        params: { modelKey_equal: key },
      })
    ).records;
    const model = await callApi<{ id: string; xml: string }>(page, 'blade-workflow/design/model/detail', {
      params: { id },
    });
    await callApi(page, 'blade-workflow/design/model/history/submit', {
      method: 'POST',
      data: { modelId: model.id, xml: model.xml },
    });
    await clickRowAction(await modelRow(page, lang, key), lang, w.history);
    await expect(page).toHaveURL(new RegExp(`/workflow/design/model/history/${model.id}$`));
    const versions = dataRows(page.locator('.ant-layout-content'));
    await expect(versions).toHaveCount(2);
    const first = versions.filter({ has: page.getByRole('button', { name: 'v1', exact: true }) });
    // The main one's tag (the other's 设为主版本 says 主版本 too).
    await expect(versions.filter({ has: page.locator('.ant-tag') })).toContainText('v2');
    await first.getByRole('button', { name: label(w.setMain) }).click();
    await confirmWith(page, lang, w.setMainQuestion(1), w.mainSet);
    await expect(first.locator('.ant-tag')).toHaveText(w.mainTag);
    await expect(versions.filter({ has: page.locator('.ant-tag') })).toHaveCount(1);
    const detail = await callApi<{ version: number }>(page, 'blade-workflow/design/model/detail', {
      params: { id: model.id },
    });
    expect(detail.version).toBe(1);
    await page.getByRole('button', { name: label(w.back) }).click();
    await expect(page).toHaveURL(new RegExp(`${MODELS}$`));
    await expect((await modelRow(page, lang, key)).getByRole('cell', { name: '1', exact: true })).toBeVisible();
  });

  // The demo's processes (server/src/seed/workflow-demo.ts): each language deploys its own.
  const demo =
    lang === 'zh'
      ? {
          key: 'leave',
          name: '请假流程',
          task: 'directorApprove',
          taskName: '园区主任审批',
          form: 'leave',
          formName: '请假单',
        }
      : {
          key: 'expense',
          name: '报销流程',
          task: 'financeSign',
          taskName: '财务会签',
          form: 'expense',
          formName: '报销单',
        };
  let version = '';
  await test.step('a demo model is deployed: a new version of it', async () => {
    await clickRowAction(await modelRow(page, lang, demo.key), lang, w.deploy);
    const question = await settled(page.getByRole('dialog').filter({ hasText: w.deployQuestion(demo.name) }));
    await question.getByRole('button', { name: label(w.ok) }).click();
    const done = page.locator('.ant-message').getByText(w.deployed).first();
    await expect(done).toBeVisible();
    version = ((await done.textContent()) ?? '').match(w.deployed)?.[1] ?? '';
    expect(version).not.toBe('');
    await expect(rowWithCell(page, demo.key)).toContainText(`v${version}`);
  });

  await test.step('部署管理 lists it; it is suspended and activated again', async () => {
    await moveInApp(page, DEPLOYMENTS);
    await searchBy(page, lang, 'processKey', demo.key);
    const row = dataRows(page).filter({ has: page.getByRole('cell', { name: `v${version}`, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.locator('.ant-tag').last()).toHaveText(w.tagActive);
    await expectNoAxeViolations(page, `${DEPLOYMENTS} (${lang})`, 'screen');

    await clickRowAction(row, lang, w.suspend);
    await confirmWith(page, lang, `v${version}`, w.suspended);
    await expect(row.locator('.ant-tag').last()).toHaveText(w.tagSuspended);
    await clickRowAction(row, lang, w.activate);
    await confirmWith(page, lang, `v${version}`, w.activated);
    await expect(row.locator('.ant-tag').last()).toHaveText(w.tagActive);

    // 查看: the diagram as deployed, and the form version it uses.
    await clickRowAction(row, lang, w.view);
    const view = await settled(page.getByRole('dialog', { name: w.deploymentTitle(demo.name, version) }));
    await expect(view.getByTestId('bpmn-viewer').locator(`[data-element-id="${demo.task}"]`)).toBeVisible();
    await expect(rowWithCell(page, demo.form).filter({ hasText: demo.formName })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  });

  await test.step("a demo model's history: its versions and its diagram", async () => {
    await moveInApp(page, MODELS);
    await clickRowAction(await modelRow(page, lang, demo.key), lang, w.history);
    await expect(page).toHaveURL(/\/workflow\/design\/model\/history\/\d+$/);
    const screen = page.locator('.ant-layout-content');
    const versions = dataRows(screen);
    await expect(versions.first()).toBeVisible();
    await expect(versions.filter({ has: page.locator('.ant-tag') })).toHaveCount(1);
    const task = screen.getByTestId('bpmn-viewer').locator(`[data-element-id="${demo.task}"]`);
    await expect(task).toBeVisible();
    await expect(task).toContainText(demo.taskName);
    await expect(page.locator('.bjs-powered-by')).toBeVisible();
    await expectNoAxeViolations(page, `model history (${lang})`, 'screen');
  });

  expect(problems, 'the browser console').toEqual([]);
}

test('模型设计, history, 部署管理 and scope in Chinese', async ({ page }) => {
  await walk(page, 'zh');
});

test('models, history, deployments and scope in English', async ({ page }) => {
  await walk(page, 'en');
});
