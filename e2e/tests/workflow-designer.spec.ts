import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, moveInApp, settled, switchToEnglish, toast } from '../support/console.ts';
import { canvasOrder, dropAtEnd } from '../support/form-designer.ts';
import { untranslatedIn } from '../support/i18n.ts';
import { callApi, clickRowAction, rowWithCell } from '../support/system.ts';

/**
 * The BPMN designer (issue 30, /workflow/design/process/:id): a model made through the API is designed on its
 * empty canvas with the palette and the context pad (start → 部门审批 → exclusive gateway → 会签 → end, and
 * the gateway's default flow straight to the end, drawn with the global connect tool), its deploy refused while
 * the tasks have no assignee (every reason listed), then the drawer sets the process form (designed just before
 * on 流程表单: added, two kinds dragged onto its canvas, each given a label and a field name, saved as version 1),
 * the assignees (a role and the starter's leader), a field's right, the 会签 and a flow's condition; saved (the
 * model's XML read back names the form), the version is on the history page, and the deploy goes through, its XML
 * holding our extension elements and its forms the designed one's version 1. In English, a shorter round: the
 * palette, the context pad and the drawer speak English, a drawer change undoes and redoes whole, a timer is attached and timed, the replace menu offers our kinds only, Ctrl+S
 * saves, the XML downloads and imports again (its foreign process id set to the model key).
 */

const WORDS = {
  zh: {
    save: '保存',
    deploy: '部署',
    history: '历史版本',
    fit: '适应画布',
    refused: '部署未通过',
    saved: /保存成功，当前为第 \d+ 版/,
    deployed: /部署成功，部署版本 \d+/,
    name: '名称',
    processForm: '流程表单',
    addRule: '添加规则',
    role: '角色',
    starterLeader: '发起人的上级',
    assignees: '审批人',
    all: '会签（全部通过）',
    editable: '可编辑',
    condition: '条件表达式',
    defaultFlow: '默认连线',
    userTask: '用户任务',
    staffRole: '园区员工',
    flowTo: (id: string) => `至 ${id}`,
    unsaved: '有未保存的修改',
    stay: '留下',
    starter: '发起人',
    any: '或签（一人通过）',
    undo: '撤销',
    redo: '重做',
    timer: '定时边界事件',
    timerNonInterrupting: '定时边界事件（不中断）',
    serviceTask: '服务任务',
    duration: '定时时长',
    download: '下载',
    downloadXml: '下载 XML',
  },
  en: {
    save: 'Save',
    deploy: 'Deploy',
    history: 'History',
    fit: 'Fit to screen',
    refused: 'The deployment was refused',
    saved: /Saved as version \d+/,
    deployed: /Deployed as version \d+/,
    name: 'Name',
    processForm: 'Process form',
    addRule: 'Add a rule',
    role: 'Role',
    starterLeader: 'Starter’s leader',
    assignees: 'Assignees',
    all: 'All must approve',
    editable: 'Editable',
    condition: 'Condition',
    defaultFlow: 'Default flow',
    userTask: 'User task',
    staffRole: '园区员工',
    flowTo: (id: string) => `To ${id}`,
    unsaved: 'Unsaved changes',
    stay: 'Stay',
    starter: 'Starter',
    any: 'Any one approves',
    undo: 'Undo',
    redo: 'Redo',
    timer: 'Timer boundary event',
    timerNonInterrupting: 'Timer boundary event (non-interrupting)',
    serviceTask: 'Service task',
    duration: 'Timer duration',
    download: 'Download',
    downloadXml: 'Download XML',
  },
} as const;
type Lang = keyof typeof WORDS;

/**
 * Errors and warnings of the app while the walk runs, and the API calls that failed. Chromium's note on the
 * Permissions-Policy header is the browser's; a failed call's own console line is counted by its address instead,
 * since the walk expects one: the refused deploy. A Content-Security-Policy violation is a problem too.
 */
async function watchConsole(page: Page): Promise<{ problems: string[]; failedCalls: string[] }> {
  const problems: string[] = [];
  const failedCalls: string[] = [];
  // The server's Content-Security-Policy holds for bpmn-js too (shell-csp.spec.ts does the menu screens).
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Permissions-Policy|Failed to load resource/.test(text)) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) failedCalls.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return { problems, failedCalls };
}

interface Model {
  id: string;
  modelKey: string;
  xml: string;
}

/** A new model through the API (the list's dialog): its diagram is one start event. */
async function newModel(page: Page, key: string, name: string): Promise<Model> {
  await callApi(page, 'blade-workflow/design/model/submit', { method: 'POST', data: { modelKey: key, name } });
  const page1 = await callApi<{ records: Model[] }>(page, 'blade-workflow/design/model/list', {
    params: { modelKey_equal: key },
  });
  expect(page1.records).toHaveLength(1);
  return page1.records[0];
}

/**
 * A form designed on 流程表单 as a person designs it: added in the list's dialog, opened in 设计, a number and a long
 * text dragged from the palette onto the canvas, each given a label and a field name (a required 天数 `days`, a
 * 事由 `reason`), saved as version 1.
 */
async function designForm(page: Page, key: string, name: string) {
  await moveInApp(page, '/workflow/design/form');
  await page.getByRole('button', { name: label('新增') }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
  await dialog.locator('#formKey').fill(key);
  await dialog.locator('#name').fill(name);
  await dialog.getByRole('button', { name: label('保存') }).click();
  await expect(dialog).toBeHidden();
  await page.locator('#search_formKey').fill(key);
  await page.getByRole('button', { name: label('搜索') }).click();
  await clickRowAction(rowWithCell(page, key), '设计');

  const designer = page.getByRole('dialog', { name: `设计表单：${name}` });
  const canvas = designer.getByRole('region', { name: '画布' });
  await expect(canvas).toBeVisible();
  for (const kind of ['数字', '多行文本'])
    await dropAtEnd(page, designer.getByRole('button', { name: label(kind) }), canvas);
  await expect.poll(() => canvasOrder(canvas)).toEqual(['field_1', 'field_2']);
  for (const [field, text, fieldName] of [
    ['field_1', '天数', 'days'],
    ['field_2', '事由', 'reason'],
  ]) {
    await canvas.locator(`[data-field="${field}"]`).click();
    await designer.locator('#fieldProperties_label').fill(text);
    await designer.locator('#fieldProperties_name').fill(fieldName);
    await expect(canvas.locator(`[data-field="${fieldName}"]`)).toContainText(text);
  }
  await canvas.locator('[data-field="days"]').click();
  await designer.locator('#fieldProperties_required').click();
  await expect(canvas.locator('[data-field="days"]')).toContainText('* 天数');
  await designer.getByRole('button', { name: label('保存') }).click();
  await expect(toast(page, '已保存为版本 1').first()).toBeVisible();
  await designer.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(designer).toBeHidden();
}

const canvasOf = (page: Page) => page.getByTestId('bpmn-designer');
/** A diagram element's shape by its id (not its label). */
const shape = (page: Page, id: string) => canvasOf(page).locator(`.djs-element[data-element-id="${id}"]`).first();
/** The id of the one element selected now. */
async function selectedId(page: Page): Promise<string> {
  const selected = canvasOf(page).locator('.djs-element.selected');
  await expect(selected).toHaveCount(1);
  return (await selected.getAttribute('data-element-id')) as string;
}

/** Clicks an element's centre (a task's name sits there: the click still lands on the task). */
async function clickElement(page: Page, id: string) {
  const box = await shape(page, id).boundingBox();
  if (!box) throw new Error(`${id} is not drawn`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Selects an element (unless it is already: a second click on it soon after the first is a double click,
 * which edits its name on the canvas).
 */
async function select(page: Page, id: string) {
  const classes = (await shape(page, id).getAttribute('class')) ?? '';
  if (!classes.split(' ').includes('selected')) await clickElement(page, id);
  await expect(shape(page, id)).toHaveClass(/\bselected\b/);
}

/** Selects an element and picks an entry of its context pad; gives the id of what is selected then. */
async function pad(page: Page, id: string, action: string): Promise<string> {
  await select(page, id);
  await page.locator(`.djs-context-pad [data-action="${action}"]`).click();
  return selectedId(page);
}

/** Fits the diagram in the canvas (the toolbar's button), so that every element is in view for the next click. */
async function fit(page: Page, lang: Lang) {
  await page.getByRole('button', { name: WORDS[lang].fit }).click();
}

/** The drawer (properties panel). */
const drawer = (page: Page) => page.getByRole('complementary', { name: /属性|Properties/ });

async function setName(page: Page, lang: Lang, id: string, name: string) {
  await select(page, id);
  const input = drawer(page).getByLabel(WORDS[lang].name, { exact: true });
  await input.fill(name);
  await input.press('Enter');
  await expect(shape(page, id)).toContainText(name);
}

/** Picks an option of an antd Select in the drawer by its accessible name. */
async function pickOption(page: Page, select: Locator, option: string) {
  await select.click();
  await (await settled(page.locator('.ant-select-dropdown:visible'))).getByTitle(option, { exact: true }).click();
}

/** Adds an assignee rule of a kind (the drawer's 添加规则 menu). */
async function addRule(page: Page, lang: Lang, kind: string) {
  await drawer(page)
    .getByRole('group', { name: WORDS[lang].assignees })
    .getByRole('button', { name: new RegExp(WORDS[lang].addRule) })
    .click();
  await (await settled(page.locator('.ant-dropdown:visible')))
    .getByRole('menuitem', { name: kind, exact: true })
    .click();
}

async function designLeave(page: Page, lang: Lang, model: Model) {
  const words = WORDS[lang];
  await page.goto(`/workflow/design/process/${model.id}`);
  // The designer's chunk (bpmn-js) loads with this page: on a busy machine that takes a while.
  await expect(canvasOf(page).locator('.djs-element')).not.toHaveCount(0, { timeout: 30_000 });
  // The bpmn.io watermark stays as bpmn-js draws it (its licence).
  await expect(canvasOf(page).locator('.bjs-powered-by')).toBeVisible();
  const start = await canvasOf(page)
    .locator('.djs-shape[data-element-id]:not([data-element-id$="_label"])')
    .first()
    .getAttribute('data-element-id');
  expect(start).toBeTruthy();

  // The palette offers only what the engine runs.
  const palette = page.locator('.djs-palette [data-action^="create."]');
  await expect(palette).toHaveCount(7);
  await expect(page.locator('.djs-palette [data-action="create.user-task"]')).toHaveAccessibleName(words.userTask);

  const review = await pad(page, start as string, 'append.user-task');
  await setName(page, lang, review, '部门审批');
  const gateway = await pad(page, review, 'append.exclusive-gateway');
  await fit(page, lang);
  const countersign = await pad(page, gateway, 'append.user-task');
  await setName(page, lang, countersign, '财务会签');
  await fit(page, lang);

  // The end event from the palette, below the countersign, then flows into it: the context pad's connect and
  // the palette's global connect tool.
  const target = await shape(page, countersign).boundingBox();
  if (!target) throw new Error('the countersign is not drawn');
  const endAt = { x: target.x + target.width / 2, y: target.y + target.height + 110 };
  await page.locator('.djs-palette [data-action="create.end-event"]').click();
  await page.mouse.move(endAt.x - 20, endAt.y - 20);
  await page.mouse.move(endAt.x, endAt.y, { steps: 5 });
  await page.mouse.click(endAt.x, endAt.y);
  const end = await selectedId(page);
  await select(page, countersign);
  await page.locator('.djs-context-pad [data-action="connect"]').click();
  const endBox = await shape(page, end).boundingBox();
  if (!endBox) throw new Error('the end event is not drawn');
  await page.mouse.move(endBox.x + endBox.width / 2, endBox.y + endBox.height / 2, { steps: 5 });
  await page.mouse.click(endBox.x + endBox.width / 2, endBox.y + endBox.height / 2);
  await page.locator('.djs-palette [data-action="global-connect-tool"]').click();
  const gatewayBox = await shape(page, gateway).boundingBox();
  if (!gatewayBox) throw new Error('the gateway is not drawn');
  await page.mouse.move(gatewayBox.x + gatewayBox.width / 2, gatewayBox.y + gatewayBox.height / 2, { steps: 3 });
  await page.mouse.down();
  await page.mouse.move(endBox.x + endBox.width / 2, endBox.y + endBox.height / 2, { steps: 8 });
  await page.mouse.up();
  return { start: start as string, review, gateway, countersign, end };
}

test('a process is designed from an empty canvas, refused, fixed, saved, seen in the history and deployed', async ({
  page,
}) => {
  const { problems, failedCalls } = await watchConsole(page);
  const lang: Lang = 'zh';
  const words = WORDS[lang];
  const stamp = String(Date.now()).slice(-8);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await loginAsAdmin(page);
  // bpmn-js (its watermark's class marks it) comes with the designer's route only, not with the first screen.
  const holdingBpmnJs = async () => {
    const held: string[] = [];
    for (const url of scripts)
      if ((await (await page.request.get(url)).text()).includes('bjs-powered-by')) held.push(url);
    return held;
  };
  expect(await holdingBpmnJs()).toEqual([]);
  const model = await newModel(page, `e2e_leave_${stamp}`, `E2E请假${stamp}`);
  const formKey = `e2e_leave_form_${stamp}`;
  await test.step('the process form is designed on 流程表单 by drag and drop and saved', async () =>
    designForm(page, formKey, `E2E请假单${stamp}`));

  const ids = await test.step('the diagram is drawn with the palette and the context pad', async () =>
    designLeave(page, lang, model));
  expect(await holdingBpmnJs()).not.toEqual([]);

  await test.step('deployed without assignees: refused with every reason listed', async () => {
    await page.getByRole('button', { name: label(words.deploy) }).click();
    const refusal = page.getByTestId('deploy-refusal');
    await expect(refusal).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: words.refused })).toBeVisible();
    // Both tasks have no assignee, and neither flow out of the gateway has a condition or is the default.
    await expect(refusal.locator('li').filter({ hasText: '部门审批' })).not.toHaveCount(0);
    await expect(refusal.locator('li').filter({ hasText: '财务会签' })).not.toHaveCount(0);
    expect(await refusal.locator('li').count()).toBeGreaterThanOrEqual(3);
  });

  await test.step('the drawer sets the form, the assignees, a field right, the 会签 and the flows', async () => {
    await select(page, ids.start);
    await pickOption(page, drawer(page).getByLabel(words.processForm), `E2E请假单${stamp} (${formKey})`);

    await select(page, ids.review);
    await addRule(page, lang, words.role);
    await pickOption(page, drawer(page).getByLabel(`${words.assignees}规则 1 的值`), words.staffRole);
    await page.keyboard.press('Escape');
    await addRule(page, lang, words.starterLeader);
    await expect(drawer(page).locator('[data-rule]')).toHaveCount(2);
    const days = drawer(page).locator('[data-field="days"]');
    await days.getByText(words.editable, { exact: true }).click();
    await expect(days.getByRole('radio', { name: words.editable })).toBeChecked();

    await select(page, ids.countersign);
    await addRule(page, lang, words.role);
    await pickOption(page, drawer(page).getByLabel(`${words.assignees}规则 1 的值`), words.staffRole);
    await page.keyboard.press('Escape');
    await drawer(page).getByRole('radio', { name: words.all }).check();
    // The 会签 draws bpmn-js's parallel multi-instance marker on the task.
    await expect(shape(page, ids.countersign).locator('[data-marker="parallel"]')).toHaveCount(1);

    // Out of the gateway: the flow to the end is the default, the one to the countersign takes a condition.
    await select(page, ids.gateway);
    await pickOption(page, drawer(page).getByLabel(words.defaultFlow), words.flowTo(ids.end));
    await expect(drawer(page).getByLabel(words.defaultFlow)).toBeVisible();
    const from = await shape(page, ids.gateway).boundingBox();
    const to = await shape(page, ids.countersign).boundingBox();
    if (!from || !to) throw new Error('the gateway or the countersign is not drawn');
    // An empty spot first: the gateway's context pad lies over the flow.
    const canvas = await canvasOf(page).boundingBox();
    if (!canvas) throw new Error('the canvas is not drawn');
    await page.mouse.click(canvas.x + canvas.width - 60, canvas.y + 60);
    await expect(drawer(page).locator('[data-kind="process"]')).toBeVisible();
    await page.mouse.click((from.x + from.width + to.x) / 2, from.y + from.height / 2);
    await expect(drawer(page).locator('[data-kind="sequenceFlow"]')).toBeVisible();
    const condition = drawer(page).getByLabel(words.condition);
    // Checked as it is typed, with the server's own checker.
    await condition.fill('days >');
    await expect(drawer(page).locator('.ant-form-item-explain-error')).toBeVisible();
    await condition.fill('days > 3');
    await expect(drawer(page).locator('.ant-form-item-explain-error')).toHaveCount(0);
    await condition.press('Tab');
    await expectNoAxeViolations(page, 'the designer, a flow in the drawer', 'screen');
  });

  let version = '';
  await test.step('leaving with unsaved changes asks first; saved, the version is in the history', async () => {
    await page.getByRole('button', { name: label(words.history) }).click();
    const ask = await settled(page.getByRole('dialog').filter({ hasText: words.unsaved }));
    await ask.getByRole('button', { name: label(words.stay) }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/workflow/design/process/${model.id}$`));

    // The refused deploy saved a version first; its toast may still be up: the save's own names the next one.
    const detail = () =>
      callApi<{ xml: string; version: number }>(page, 'blade-workflow/design/model/detail', {
        params: { id: model.id },
      });
    const before = (await detail()).version;
    expect(before).toBeGreaterThanOrEqual(2);
    version = String(before + 1);
    await page.getByRole('button', { name: label(words.save) }).click();
    await expect(toast(page, `保存成功，当前为第 ${version} 版`)).toBeVisible();
    // The saved XML, read back: the start event names the form designed above.
    const stored = await detail();
    expect(stored.version).toBe(Number(version));
    expect(stored.xml).toMatch(new RegExp(`<bpmn:startEvent id="${ids.start}"[^>]*park:formKey="${formKey}"`));

    await page.getByRole('button', { name: label(words.history) }).click();
    await expect(page).toHaveURL(new RegExp(`/workflow/design/model/history/${model.id}$`));
    await expect(page.getByRole('row').filter({ hasText: `v${version}` })).toBeVisible();
    await page.goBack();
    await expect(canvasOf(page).locator(`.djs-element[data-element-id="${ids.countersign}"]`)).toBeVisible();
  });

  await test.step('deployed: the deployment exists and its XML holds our extension elements', async () => {
    await page.getByRole('button', { name: label(words.deploy) }).click();
    await expect(toast(page, '').filter({ hasText: words.deployed }).first()).toBeVisible();
    await expect(page.getByTestId('deploy-refusal')).toHaveCount(0);
    const deployments = await callApi<{
      records: { xml: string; forms: string; version: number; processKey: string }[];
    }>(page, 'blade-workflow/design/deployment/list', { params: { processKey_equal: model.modelKey } });
    expect(deployments.records).toHaveLength(1);
    const { xml, forms } = deployments.records[0];
    expect(xml).toContain(`park:formKey="${formKey}"`);
    // The designed form as it was deployed: its version 1, with the two fields named on its canvas.
    const deployed = JSON.parse(forms) as { formKey: string; version: number; content: string }[];
    expect(deployed.map((form) => [form.formKey, form.version])).toEqual([[formKey, 1]]);
    const fields = (JSON.parse(deployed[0].content) as { fields: { name: string; type: string }[] }).fields;
    expect(fields.map((field) => [field.name, field.type])).toEqual([
      ['days', 'number'],
      ['reason', 'textarea'],
    ]);
    expect(xml).toMatch(/<park:assignee type="role" value="\d+" text="园区员工"/);
    expect(xml).toContain('<park:assignee type="starterLeader"');
    expect(xml).toContain('<park:fieldAuth field="days" mode="editable"');
    expect(xml).toMatch(/<bpmn:multiInstanceLoopCharacteristics[^>]*park:signMode="all"/);
    expect(xml).toContain('days &gt; 3');
    expect(xml).toMatch(new RegExp(`<bpmn:exclusiveGateway id="${ids.gateway}"[^>]*default="Flow_`));
  });

  expect(problems).toEqual([]);
  expect(failedCalls).toEqual(['400 /api/blade-workflow/design/model/deploy']);
});

test('in English: the palette, the context pad and the drawer speak English, and Ctrl+S saves', async ({ page }) => {
  const { problems, failedCalls } = await watchConsole(page);
  const words = WORDS.en;
  const stamp = String(Date.now()).slice(-8);
  await loginAsAdmin(page);
  await switchToEnglish(page);
  const model = await newModel(page, `e2e_en_${stamp}`, `E2E leave ${stamp}`);
  await page.goto(`/workflow/design/process/${model.id}`);
  await expect(canvasOf(page).locator('.djs-element')).not.toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.djs-palette [data-action="create.user-task"]')).toHaveAccessibleName(words.userTask);
  const start = (await canvasOf(page)
    .locator('.djs-shape[data-element-id]:not([data-element-id$="_label"])')
    .first()
    .getAttribute('data-element-id')) as string;

  await select(page, start);
  await expect(page.locator('.djs-context-pad [data-action="append.user-task"]')).toHaveAttribute(
    'title',
    'Append a user task',
  );
  const task = await pad(page, start, 'append.user-task');
  await expect(drawer(page).getByRole('heading', { name: words.userTask })).toBeVisible();
  await setName(page, 'en', task, 'Review');
  await addRule(page, 'en', words.starter);
  await drawer(page).getByRole('radio', { name: words.any }).check();
  expect(await untranslatedIn(page, '#wfd_panel')).toEqual([]);
  expect(await untranslatedIn(page, '[role="toolbar"]')).toEqual([]);

  // A drawer change is one command: undo takes it back whole, redo brings it again.
  await page.getByRole('button', { name: words.undo }).click();
  await expect(drawer(page).getByRole('radio', { name: words.any })).not.toBeChecked();
  await page.getByRole('button', { name: words.redo }).click();
  await expect(drawer(page).getByRole('radio', { name: words.any })).toBeChecked();

  // A timer on the task from its context pad, its duration set in the drawer; the replace menu offers our kinds only.
  const timer = await pad(page, task, 'attach.timer-boundary');
  await expect(drawer(page).getByRole('heading', { name: words.timer })).toBeVisible();
  await drawer(page).getByLabel(words.duration, { exact: true }).fill('2');
  await drawer(page).getByLabel(words.duration, { exact: true }).press('Enter');
  await page.locator('.djs-context-pad [data-action="replace"]').click();
  const replace = page.locator('.djs-popup');
  await expect(replace.locator('.entry')).toHaveText([words.timerNonInterrupting]);
  await page.keyboard.press('Escape');
  await select(page, task);
  await page.locator('.djs-context-pad [data-action="replace"]').click();
  await expect(replace.locator('.entry')).toHaveText([words.serviceTask]);
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+s');
  await expect(toast(page, '').filter({ hasText: words.saved }).first()).toBeVisible();

  // The XML downloads with everything in it, and imports again (a process id other than the model key is set right).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: new RegExp(words.download) })
      .click()
      .then(async () => (await settled(page.locator('.ant-dropdown:visible'))).getByText(words.downloadXml).click()),
  ]);
  expect(download.suggestedFilename()).toBe(`${model.modelKey}.bpmn`);
  const xml = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  expect(xml).toContain('<park:assignee type="starter"');
  expect(xml).toMatch(new RegExp(`<bpmn:boundaryEvent id="${timer}"[^>]*attachedToRef="${task}"`));
  expect(xml).toContain('<bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT2H</bpmn:timeDuration>');
  await page.getByTestId('bpmn-import').setInputFiles({
    name: 'other.bpmn',
    mimeType: 'application/xml',
    buffer: Buffer.from(xml.replaceAll(model.modelKey, 'someone_else').replace('Review', 'Reviewed')),
  });
  await expect(toast(page, `The process id was changed to the model key ${model.modelKey}`)).toBeVisible();
  await expect(shape(page, task)).toContainText('Reviewed');
  const unsaved = page.getByRole('toolbar').getByText(words.unsaved);
  await expect(unsaved).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(unsaved).toBeHidden();

  await page.reload();
  await expect(shape(page, task)).toContainText('Reviewed', { timeout: 30_000 });
  await select(page, task);
  await expect(drawer(page).locator('[data-rule="starter"]')).toHaveCount(1);
  await expect(drawer(page).getByRole('radio', { name: words.any })).toBeChecked();

  expect(problems).toEqual([]);
  expect(failedCalls).toEqual([]);
});
