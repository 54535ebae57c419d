import { type Browser, expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { pickFirstRow } from '../support/catalog.ts';
import { ADMIN, label, settled, startSession, toast } from '../support/console.ts';
import { callApi, rowWithCell } from '../support/system.ts';

/**
 * The workflow runtime (issue 31) walked by the demo people, each in a browser of their own signed in from the API:
 * 赵师傅 (zhao_wx, 物业部) starts, his department's head 刘主管 (liu_wy) decides first, the park director 张主任
 * (zhang_zr, offered 园区主任审批 through his role) after a leave of more than 3 days, the finance clerks 李会计 and
 * 王出纳 sign an expense claim together (会签).
 * - 请假 (zh): started on 发起事务 through the form; 驳回 with a reason; back at 发起 in the starter's 待办, changed and
 *   sent again; 同意; the director 签收 it in 待签事务 and 退回 it to 部门负责人审批; 同意 again; he 签收 it on the
 *   detail this time and 同意: 办结事务 lists it, its 流转记录 each step in order and its 流程图 the passed elements
 *   marked; the starter's inbox got the approval messages (type 3) of it.
 * - 报销 (zh): started from the API; 同意 by the head; in the 财务会签 李会计 adds 张主任 as a signer (加签) and agrees,
 *   王出纳 and 张主任 agree: it is finished.
 * - In English, a leave of 2 days: My work (OA) lists it under its OA category as the leader's to do, then done once
 *   he approved it there; the starter finds it in Done.
 * - 流程监控 (the administrator): a running instance's node panel, 指派 of its task to another user, 挂起 and 激活.
 * No console error or warning, nor a failed call, in any of these browsers.
 */

type Lang = 'zh' | 'en';

// A walk hands one request between several people's browsers: on the 2-core CI machine the longest took over a
// minute (stop 45's run), past the default 60 s.
test.describe.configure({ timeout: 180_000 });

const DEMO_PASSWORD = '123456';
/** The demo people (server/src/seed/workflow-demo.ts) by account, with their names. */
const NAMES = {
  zhao_wx: '赵师傅',
  liu_wy: '刘主管',
  zhang_zr: '张主任',
  li_kj: '李会计',
  wang_cn: '王出纳',
} as const;
type Account = keyof typeof NAMES;

const WORDS = {
  zh: {
    home: '流程管理',
    startCard: (name: string) => `发起 ${name}`,
    searchProcess: '流程名称',
    submit: '提交',
    started: /已提交，流水号 (\S+)/,
    handle: '办理',
    view: '查看',
    claim: '签收',
    ok: '确定',
    done: '操作成功',
    claimed: '已签收',
    finished: '已办结',
    history: '流转记录',
    diagram: '流程图',
  },
  en: {
    home: 'Workflow',
    startCard: (name: string) => `Start ${name}`,
    searchProcess: 'Process name',
    submit: 'Submit',
    started: /Submitted, serial number (\S+)/,
    handle: 'Handle',
    view: 'View',
    claim: 'Claim',
    ok: 'OK',
    done: 'Done',
    claimed: 'Claimed',
    finished: 'Finished',
    history: 'History',
    diagram: 'Diagram',
  },
} as const;

/** One person's browser: their own context, signed in, with what went wrong in it. */
interface Desk {
  page: Page;
  lang: Lang;
  problems: string[];
}

/**
 * Errors and warnings the browser reports, and calls the server refused: none is expected. Chromium's note on a
 * Permissions-Policy feature it does not know is the browser's own.
 */
function watch(page: Page, problems: string[]) {
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (/Permissions-Policy/.test(text)) return;
    problems.push(`${message.type()}: ${text} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
}

/** Opens a browser of each person the walk names as they come, and closes them at its end. */
function desks(browser: Browser, testInfo: TestInfo) {
  const open = new Map<string, Desk>();
  const { baseURL, locale, timezoneId, viewport, contextOptions } = testInfo.project.use;
  return {
    async of(account: Account | 'admin', lang: Lang = 'zh'): Promise<Desk> {
      const known = open.get(account);
      if (known) return known;
      const context = await browser.newContext({ ...contextOptions, baseURL, locale, timezoneId, viewport });
      await context.addInitScript((language) => localStorage.setItem('park.language', language), lang);
      const page = await context.newPage();
      const problems: string[] = [];
      watch(page, problems);
      const credentials =
        account === 'admin' ? ADMIN : { tenantId: '000000', username: account, password: DEMO_PASSWORD };
      await startSession(page, credentials, { home: account === 'admin' ? undefined : WORDS[lang].home });
      const desk = { page, lang, problems };
      open.set(account, desk);
      return desk;
    },
    /** Every browser's problems, then the browsers closed. */
    async close() {
      const problems = [...open].flatMap(([account, desk]) => desk.problems.map((p) => `${account}: ${p}`));
      for (const desk of open.values()) await desk.page.context().close();
      return problems;
    },
  };
}

/** What shows of a screen: a kept-alive one stays in the page, hidden, after the move to another. */
const shown = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/** A list's row of the process with this serial number, once the list shows it. */
async function listRow(desk: Desk, path: string, testId: string, serial: string): Promise<Locator> {
  await desk.page.goto(path);
  const row = shown(desk.page, testId).locator(rowWithCell(desk.page, serial));
  await expect(row).toBeVisible();
  return row;
}

/** Opens the detail from the row's 办理 (or 查看), and waits for it to show the process. */
async function openDetail(desk: Desk, row: Locator, serial: string, button: 'handle' | 'view' = 'handle') {
  await row.getByRole('button', { name: label(WORDS[desk.lang][button]) }).click();
  const detail = shown(desk.page, 'process-detail');
  await expect(detail.getByTestId('process-header')).toContainText(serial);
  return detail;
}

/**
 * Clicks a button of the detail's action bar, fills its dialog (titled `title`) and confirms it: the dialog closes
 * with the operation's toast.
 */
async function operate(
  desk: Desk,
  detail: Locator,
  action: string,
  title: string,
  fill: (dialog: Locator) => Promise<void> = async () => {},
  done: string = WORDS[desk.lang].done,
) {
  await detail.getByTestId('task-actions').locator(`[data-action="${action}"]`).click();
  const dialog = await settled(desk.page.getByRole('dialog', { name: title }));
  await fill(dialog);
  await dialog.getByRole('button', { name: label(WORDS[desk.lang].ok) }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(desk.page, done).first()).toBeVisible();
}

/** Types the dialog's comment. */
const comment = (text: string) => async (dialog: Locator) => {
  await dialog.locator('#wfOperation_comment').fill(text);
};

/** An Ant Design select by its input's id. */
const select = (page: Page, scope: Locator, id: string) =>
  scope.locator('.ant-select').filter({ has: page.locator(`#${id}`) });

/** Picks an option of an Ant Design select. */
async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await (await settled(page.locator('.ant-select-dropdown:visible'))).getByTitle(option, { exact: true }).click();
  await expect(field).toContainText(option);
}

/** Types a date into a date picker (yyyy-MM-dd) and takes it. */
async function typeDate(scope: Locator, id: string, date: string) {
  const input = scope.locator(`#${id}`);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}

/** yyyy-MM-dd, `offset` days from today in the park's time zone. */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 10);

/**
 * 发起事务 as a person uses it: the process found by its name or in the category tree beside the cards, the card's link
 * to its start form, the leave filled in and submitted. Gives the serial number the toast tells.
 */
async function startLeave(desk: Desk, days: number, reason: string): Promise<string> {
  const { page, lang } = desk;
  const words = WORDS[lang];
  await page.goto('/workflow/process/start');
  await expect(shown(page, 'start-categories')).toBeVisible();
  // Found by its name in Chinese, by its category in English (the designer's walk may deploy others beside it).
  if (lang === 'zh') await page.getByLabel(words.searchProcess).fill('请假流程');
  else await shown(page, 'start-categories').getByText('行政办公', { exact: true }).click();
  const card = page.getByRole('link', { name: words.startCard('请假流程') });
  await expect(card).toHaveCount(1);
  await card.click();
  const form = shown(page, 'start-form');
  await choose(page, select(page, form, 'wfStart_leaveType'), '事假');
  await form.locator('#wfStart_days').fill(String(days));
  await typeDate(form, 'wfStart_startDate', day(3));
  await typeDate(form, 'wfStart_endDate', day(3 + days - 1));
  await form.locator('#wfStart_reason').fill(reason);
  await shown(page, 'start-actions')
    .getByRole('button', { name: label(words.submit) })
    .click();
  const started = page.locator('.ant-message').getByText(words.started);
  await expect(started).toBeVisible();
  const serial = ((await started.textContent()) ?? '').match(words.started)?.[1] ?? '';
  expect(serial).not.toBe('');
  await expect(page).toHaveURL(/\/workflow\/process\/send$/);
  await expect(shown(page, 'task-list-send').locator(rowWithCell(page, serial))).toBeVisible();
  return serial;
}

test('请假: rejected, sent again, claimed, sent back and approved by the director, finished with its trail and diagram', async ({
  browser,
}, testInfo) => {
  const people = desks(browser, testInfo);
  const stamp = String(Date.now()).slice(-8);
  const zhao = await people.of('zhao_wx');
  let serial = '';

  await test.step('赵师傅 starts a leave of 5 days on 发起事务', async () => {
    serial = await startLeave(zhao, 5, `E2E请假${stamp}：家中有事`);
  });

  const liu = await people.of('liu_wy');
  await test.step('刘主管 finds it in 待办事务 and 驳回 it with the reason', async () => {
    const row = await listRow(liu, '/workflow/process/todo', 'task-list-todo', serial);
    await expect(row).toContainText('部门负责人审批');
    const detail = await openDetail(liu, row, serial);
    // Read-only at his step: the value as text, no input.
    await expect(detail.getByTestId('process-form').locator('#wfTask_days')).toHaveText('5');
    await expect(detail.getByTestId('process-form').locator('input#wfTask_days')).toHaveCount(0);
    await operate(liu, detail, 'wf_reject', '驳回', comment('请先和班组协调好排班'));
    await expect(liu.page).toHaveURL(/\/workflow\/process\/todo$/);
  });

  await test.step('赵师傅 has it back at 发起 in 待办: changes the days and sends it again', async () => {
    const row = await listRow(zhao, '/workflow/process/todo', 'task-list-todo', serial);
    await expect(row).toContainText('发起');
    const detail = await openDetail(zhao, row, serial);
    const days = detail.getByTestId('process-form').locator('#wfTask_days');
    await expect(days).toHaveValue('5.0');
    await days.fill('4');
    await operate(zhao, detail, 'wf_pass', '同意', comment('已协调好排班，改为4天'));
  });

  await test.step('刘主管 agrees', async () => {
    const row = await listRow(liu, '/workflow/process/todo', 'task-list-todo', serial);
    const detail = await openDetail(liu, row, serial);
    await expect(detail.getByTestId('process-form').locator('#wfTask_days')).toHaveText('4');
    await operate(liu, detail, 'wf_pass', '同意', comment('同意'));
  });

  const zhang = await people.of('zhang_zr');
  await test.step('张主任 签收 it in 待签事务, then 退回 it to 部门负责人审批', async () => {
    const offered = await listRow(zhang, '/workflow/process/claim', 'task-list-claim', serial);
    await expect(offered).toContainText('园区主任审批');
    await offered.getByRole('button', { name: label('签收') }).click();
    const question = await settled(zhang.page.getByRole('dialog').filter({ hasText: '确定签收' }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(toast(zhang.page, '已签收').first()).toBeVisible();
    await expect(offered).toHaveCount(0);

    const row = await listRow(zhang, '/workflow/process/todo', 'task-list-todo', serial);
    const detail = await openDetail(zhang, row, serial);
    await operate(zhang, detail, 'wf_rollback', '退回', async (dialog) => {
      await choose(zhang.page, select(zhang.page, dialog, 'wfOperation_nodeId'), '部门负责人审批');
      await dialog.locator('#wfOperation_comment').fill('请部门负责人再核实一下请假天数');
    });
  });

  await test.step('刘主管 agrees again', async () => {
    const row = await listRow(liu, '/workflow/process/todo', 'task-list-todo', serial);
    const detail = await openDetail(liu, row, serial);
    await operate(liu, detail, 'wf_pass', '同意', comment('已核实，4天'));
  });

  await test.step('张主任 签收 it on its detail this time, and agrees: it is finished', async () => {
    const row = await listRow(zhang, '/workflow/process/claim', 'task-list-claim', serial);
    const detail = await openDetail(zhang, row, serial, 'view');
    const actions = detail.getByTestId('task-actions');
    await expect(actions.locator('[data-action="wf_pass"]')).toHaveCount(0);
    await actions.locator('[data-action="claim"]').click();
    const question = await settled(zhang.page.getByRole('dialog').filter({ hasText: '确定签收' }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(toast(zhang.page, '已签收').first()).toBeVisible();
    await operate(zhang, detail, 'wf_pass', '同意', comment('同意，注意交接工作'));
  });

  await test.step('赵师傅 finds it in 办结事务: every step in 流转记录, the way it went on 流程图', async () => {
    const row = await listRow(zhao, '/workflow/process/done', 'task-list-done', serial);
    await expect(row).toContainText('已办结');
    const detail = await openDetail(zhao, row, serial, 'view');
    await expect(detail.getByTestId('process-header')).toContainText(NAMES.zhao_wx);
    await expect(detail.getByTestId('task-actions')).toHaveCount(0);

    await detail.getByRole('tab', { name: '流转记录' }).click();
    const entries = detail.getByTestId('process-history').getByTestId('history-entry');
    const steps: [string, string, string][] = [
      ['start', NAMES.zhao_wx, '发起'],
      ['reject', NAMES.liu_wy, '部门负责人审批'],
      ['resubmit', NAMES.zhao_wx, '发起'],
      ['pass', NAMES.liu_wy, '部门负责人审批'],
      ['claim', NAMES.zhang_zr, '园区主任审批'],
      ['rollback', NAMES.zhang_zr, '园区主任审批'],
      ['pass', NAMES.liu_wy, '部门负责人审批'],
      ['claim', NAMES.zhang_zr, '园区主任审批'],
      ['pass', NAMES.zhang_zr, '园区主任审批'],
      ['end', NAMES.zhang_zr, '结束'],
    ];
    await expect(entries).toHaveCount(steps.length);
    for (const [i, [action, who, where]] of steps.entries()) {
      await expect(entries.nth(i)).toHaveAttribute('data-action', action);
      await expect(entries.nth(i)).toContainText(`${who}`);
      await expect(entries.nth(i)).toContainText(where);
    }
    await expect(entries.nth(1)).toContainText('请先和班组协调好排班');
    await expect(entries.nth(5)).toContainText('请部门负责人再核实一下请假天数');

    await detail.getByRole('tab', { name: '流程图' }).click();
    const diagram = detail.getByTestId('process-diagram').getByTestId('bpmn-viewer');
    const element = (id: string) => diagram.locator(`[data-element-id="${id}"]`).first();
    for (const id of ['start', 'leaderApprove', 'daysGateway', 'longLeave', 'directorApprove', 'end']) {
      await expect(element(id)).toHaveClass(/park-bpmn-done/);
    }
    await expect(element('shortLeave')).not.toHaveClass(/park-bpmn-done/);
    await expect(diagram.locator('.park-bpmn-active')).toHaveCount(0);
  });

  await test.step('赵师傅 was told of it: approval messages (type 3) in his inbox', async () => {
    const { records } = await callApi<{ records: { title: string; content: string; type: number }[] }>(
      zhao.page,
      'blade-message/message/my/list',
      { params: { current: '1', size: '50', title: '请假流程' } },
    );
    const about = records.filter((m) => m.content.includes(serial));
    expect(about.map((m) => m.type)).toEqual(about.map(() => 3));
    const titles = about.map((m) => m.title);
    for (const title of [
      '【已驳回】请假流程',
      '【待重新提交】请假流程 · 发起',
      '【已退回】请假流程',
      '【已办结】请假流程',
    ]) {
      expect(titles, `a message 「${title}」`).toContain(title);
    }
  });

  expect(await people.close()).toEqual([]);
});

test('报销: the head agrees, a finance clerk adds the director to the 会签 and all three agree: finished', async ({
  browser,
}, testInfo) => {
  const people = desks(browser, testInfo);
  const zhao = await people.of('zhao_wx');
  let serial = '';
  let processInstanceId = '';

  await test.step('赵师傅 claims his expenses (from the API)', async () => {
    const { records } = await callApi<{ records: { id: string; processDefinitionKey: string }[] }>(
      zhao.page,
      'blade-workflow/process/processList',
      { params: { current: '1', size: '50' } },
    );
    const expense = records.find((r) => r.processDefinitionKey === 'expense');
    expect(expense, 'the expense claim may be started').toBeDefined();
    const started = await callApi<{ processInstanceId: string; serialNumber: string }>(
      zhao.page,
      'blade-workflow/process/startProcess',
      {
        method: 'POST',
        data: {
          processDefinitionId: expense?.id,
          formData: {
            title: '配电房巡检耗材',
            items: [{ item: '绝缘胶带', spentOn: day(-2), amount: 86 }],
            total: 86,
          },
        },
      },
    );
    ({ serialNumber: serial, processInstanceId } = started);
  });

  await test.step('刘主管 agrees', async () => {
    const liu = await people.of('liu_wy');
    const row = await listRow(liu, '/workflow/process/todo', 'task-list-todo', serial);
    const detail = await openDetail(liu, row, serial);
    await operate(liu, detail, 'wf_pass', '同意');
  });

  await test.step('李会计 adds 张主任 to the 财务会签 (加签), then agrees', async () => {
    const li = await people.of('li_kj');
    const row = await listRow(li, '/workflow/process/todo', 'task-list-todo', serial);
    await expect(row).toContainText('财务会签');
    const detail = await openDetail(li, row, serial);
    const signers = detail.getByTestId('signers');
    await expect(signers).toContainText(`${NAMES.li_kj} · 待办`);
    await expect(signers).toContainText(`${NAMES.wang_cn} · 待办`);
    await operate(li, detail, 'wf_add_instance', '加签', async (dialog) => {
      await pickFirstRow(li.page, dialog, 'wfOperation_assignee', {
        input: 'personPicker_realName',
        text: NAMES.zhang_zr,
      });
    });
    await expect(signers).toContainText(`${NAMES.zhang_zr} · 待办`);
    await operate(li, detail, 'wf_pass', '同意', comment('票据齐全'));
  });

  for (const account of ['wang_cn', 'zhang_zr'] as const) {
    await test.step(`${NAMES[account]} agrees`, async () => {
      const desk = await people.of(account);
      const row = await listRow(desk, '/workflow/process/todo', 'task-list-todo', serial);
      await expect(row).toContainText('财务会签');
      const detail = await openDetail(desk, row, serial);
      await expect(detail.getByTestId('signers')).toContainText(`${NAMES.li_kj} · 同意`);
      await operate(desk, detail, 'wf_pass', '同意');
    });
  }

  await test.step('the claim is finished', async () => {
    const detail = await callApi<{ process: { status: string }; history: { action: string; userName: string }[] }>(
      zhao.page,
      'blade-workflow/process/detail',
      { params: { processInstanceId } },
    );
    expect(detail.process.status).toBe('finished');
    expect(detail.history.map((h) => `${h.action} ${h.userName ?? ''}`.trim())).toEqual([
      `start ${NAMES.zhao_wx}`,
      `pass ${NAMES.liu_wy}`,
      `addSigner ${NAMES.li_kj}`,
      `pass ${NAMES.li_kj}`,
      `pass ${NAMES.wang_cn}`,
      `pass ${NAMES.zhang_zr}`,
      `end ${NAMES.zhang_zr}`,
    ]);
  });

  expect(await people.close()).toEqual([]);
});

test('in English, a leave of 2 days: the leader approves it from My work (OA) and the starter sees it done', async ({
  browser,
}, testInfo) => {
  const people = desks(browser, testInfo);
  const stamp = String(Date.now()).slice(-8);
  const zhao = await people.of('zhao_wx', 'en');
  const serial = await startLeave(zhao, 2, `E2E leave ${stamp}`);

  const liu = await people.of('liu_wy', 'en');
  await test.step('My work lists it as the leader’s to do, under its OA category', async () => {
    await liu.page.goto('/oa/work');
    const row = rowWithCell(liu.page, serial);
    await expect(shown(liu.page, 'my-work-todo').locator(row)).toBeVisible();
    const category = liu.page.locator('.ant-select').filter({
      has: liu.page.getByRole('combobox', { name: 'OA category' }),
    });
    await choose(liu.page, category, '行政事务');
    await expect(shown(liu.page, 'my-work-todo').locator(row)).toBeVisible();
    await choose(liu.page, category, '费用报销');
    await expect(shown(liu.page, 'my-work-todo').locator(row)).toHaveCount(0);
  });

  await test.step('he opens it there and approves it', async () => {
    await liu.page.goto('/oa/work');
    const row = shown(liu.page, 'my-work-todo').locator(rowWithCell(liu.page, serial));
    const detail = await openDetail(liu, row, serial);
    await operate(liu, detail, 'wf_pass', 'Approve', comment('Approved, enjoy'));
    await liu.page.goto('/oa/work');
    await liu.page.getByRole('tab', { name: 'Done' }).click();
    await expect(shown(liu.page, 'my-work-done').locator(rowWithCell(liu.page, serial))).toContainText('Finished');
    await liu.page.getByRole('tab', { name: 'To do' }).click();
    await expect(shown(liu.page, 'my-work-todo').locator(rowWithCell(liu.page, serial))).toHaveCount(0);
  });

  await test.step('the starter finds it in Done, finished', async () => {
    const row = await listRow(zhao, '/workflow/process/done', 'task-list-done', serial);
    await expect(row).toContainText('Finished');
  });

  expect(await people.close()).toEqual([]);
});

test('流程监控: a running leave’s nodes, its task assigned to another user, suspended and activated', async ({
  browser,
}, testInfo) => {
  const people = desks(browser, testInfo);
  const admin = await people.of('admin');
  const { page } = admin;
  const stamp = String(Date.now()).slice(-8);

  // The administrator's own leave (his department's head is 张主任): running at 部门负责人审批.
  const { records } = await callApi<{ records: { id: string; processDefinitionKey: string }[] }>(
    page,
    'blade-workflow/process/processList',
    { params: { current: '1', size: '50' } },
  );
  const leave = records.find((r) => r.processDefinitionKey === 'leave');
  const { serialNumber: serial } = await callApi<{ serialNumber: string }>(
    page,
    'blade-workflow/process/startProcess',
    {
      method: 'POST',
      data: {
        processDefinitionId: leave?.id,
        formData: { leaveType: '3', days: 1, startDate: day(5), endDate: day(5), reason: `E2E监控${stamp}` },
      },
    },
  );

  const row = await listRow(admin, '/workflow/ops', 'ops-list-running', serial);
  await test.step('节点: where it stands', async () => {
    await expect(row).toContainText('部门负责人审批');
    await expect(row).toContainText(NAMES.zhang_zr);
    await row.getByRole('button', { name: label('节点') }).click();
    const drawer = await settled(page.getByRole('dialog', { name: /^节点：/ }));
    const nodes = drawer.getByTestId('ops-nodes').getByRole('listitem');
    await expect(nodes.filter({ hasText: '发起' })).toHaveAttribute('data-state', 'finished');
    await expect(nodes.filter({ hasText: '部门负责人审批' })).toHaveAttribute('data-state', 'current');
    await expect(nodes.filter({ hasText: '部门负责人审批' })).toContainText(NAMES.zhang_zr);
    await expect(nodes.filter({ hasText: '园区主任审批' })).toHaveAttribute('data-state', 'untouched');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('指派: the task to 刘主管', async () => {
    await row.getByRole('button', { name: label('指派') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '指派' }));
    await expect(dialog.locator('.ant-select').filter({ has: page.locator('#wfOperation_taskId') })).toContainText(
      '部门负责人审批',
    );
    await pickFirstRow(page, dialog, 'wfOperation_assignee', { input: 'personPicker_realName', text: NAMES.liu_wy });
    await dialog.locator('#wfOperation_comment').fill('主任出差，由刘主管代为审批');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, '操作成功').first()).toBeVisible();
    await expect(row).toContainText(NAMES.liu_wy);
  });

  await test.step('挂起, then 激活', async () => {
    await row.getByRole('button', { name: label('挂起') }).click();
    let question = await settled(page.getByRole('dialog').filter({ hasText: '确定挂起' }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '已挂起').first()).toBeVisible();
    await expect(row).toContainText('已挂起');
    await row.getByRole('button', { name: label('激活') }).click();
    question = await settled(page.getByRole('dialog').filter({ hasText: '确定激活' }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '已激活').first()).toBeVisible();
    await expect(row).toContainText('审批中');
    await expect(row.getByRole('button', { name: label('挂起') })).toBeVisible();
  });

  expect(await people.close()).toEqual([]);
});
