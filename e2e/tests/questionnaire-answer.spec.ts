import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  ADMIN,
  type Credentials,
  label,
  loginAsAdmin,
  moveInApp,
  settled,
  switchToEnglish,
  toast,
} from '../support/console.ts';
import { loginAsCompany } from '../support/crm.ts';
import { callApi } from '../support/system.ts';

/** 星河智能's company account (demo data, password 123456). */
const COMPANY: Credentials = { tenantId: ADMIN.tenantId, username: 'xinghe', password: '123456' };
const ENTERPRISE = '星河智能科技有限公司';
/** The demo questionnaire 园区企业满意度调查 (server/src/seed/questionnaire-demo.ts), enabled at version 1. */
const DEMO_FORM = '190000000000320011';
const PHONE = { width: 390, height: 844 };

/** A time in the park's zone, `days` from now, as the server takes it. */
const at = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 19);

/**
 * As the administrator (the page's session): a survey of the demo form, one answer each, open since yesterday for
 * a week, asking 星河智能's company account only, enabled (which tells it). Answers its id.
 */
async function makeSurvey(page: Page, title: string): Promise<string> {
  const { records } = await callApi<{ records: { id: string }[] }>(page, 'blade-crm/enterprise/page', {
    params: { enterpriseName: ENTERPRISE },
  });
  const survey = await callApi<{ id: string }>(page, 'blade-questionnaire/survey/add', {
    method: 'POST',
    data: {
      title,
      formId: DEMO_FORM,
      startTime: at(-1),
      endTime: at(7),
      anonymous: 0,
      allowMultiple: 0,
      description: '请各企业如实填写。',
      scopes: [{ scopeType: 'company', val: records[0].id }],
    },
  });
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state);
  const enabled = await page.request.fetch('/api/blade-questionnaire/survey/enable', {
    method: 'PUT',
    params: { id: survey.id },
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Blade-Auth': `bearer ${session.accessToken}`,
      'Tenant-Id': session.tenantId,
    },
  });
  expect((await enabled.json()).code).toBe(200);
  return survey.id;
}

/** The page does not scroll sideways: everything fits the phone's width. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('a company account answers a survey on a phone: a draft kept across a reload, then submitted once', async ({
  page,
}) => {
  const title = `E2E填写问卷${String(Date.now()).slice(-8)}`;
  await loginAsAdmin(page);
  const id = await makeSurvey(page, title);
  const answer = page.getByTestId('survey-answer');
  const save = answer.getByRole('button', { name: label('暂存') });
  const submit = answer.getByRole('button', { name: label('提交') });

  await test.step('the survey opens at a phone-sized viewport: its head, the questions in one column', async () => {
    await loginAsCompany(page, COMPANY);
    await page.setViewportSize(PHONE);
    await page.goto(`/questionnaire/survey/detail/answer?id=${id}`);
    await expect(answer.getByRole('heading', { name: title })).toBeVisible();
    await expect(answer).toContainText('请各企业如实填写。');
    await expect(answer).toContainText('本问卷实名填写');
    await expect(answer).toContainText('每人限提交一次');
    // The matrix stacks its rows on a phone: each row a group of its choices.
    await expect(answer.getByRole('group', { name: '园区设施评价' })).toBeVisible();
    await expect(answer.getByRole('radio', { name: '环境卫生：满意' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The bar of 暂存 and 提交 stays at the bottom of the screen, whatever the scroll.
    await expect(save).toBeInViewport();
    await expect(submit).toBeInViewport();
    await expectNoAxeViolations(page, 'the answer screen on a phone', 'screen');
  });

  await test.step('提交 with required questions unanswered says so by the fields', async () => {
    await submit.click();
    await expect(page.getByTestId('answer-problem')).toContainText('需要填写或修改');
    await expect(answer.locator('.ant-form-item-explain-error').first()).toBeVisible();
  });

  await test.step('a few answers, 暂存, and after a reload the draft is back', async () => {
    await answer.getByRole('radio', { name: '满意', exact: true }).check();
    await answer.getByRole('radio', { name: '4星' }).click();
    // The NPS scale's buttons: the radio inside each is drawn by its button.
    await answer.locator('.ant-radio-button-wrapper').filter({ hasText: /^9$/ }).click();
    await answer.getByRole('radio', { name: '停车：一般' }).check();
    await save.click();
    await expect(toast(page, '草稿已暂存，可稍后继续填写').first()).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('answer-draft')).toContainText('暂存的草稿');
    await expect(answer.getByRole('radio', { name: '满意', exact: true })).toBeChecked();
    await expect(answer.getByRole('radio', { name: '9', exact: true })).toBeChecked();
    await expect(answer.getByRole('radio', { name: '停车：一般' })).toBeChecked();
    await expect(answer.getByRole('radio', { name: '4星' })).toHaveAttribute('aria-checked', 'true');
  });

  await test.step('提交 asks first, then thanks', async () => {
    await answer.getByRole('textbox', { name: '意见与建议' }).fill('希望增加共享会议室');
    await submit.click();
    const question = await settled(page.getByRole('dialog').filter({ hasText: '确定提交这份答卷吗？' }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(answer.getByText('提交成功，感谢您的参与！')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step('opened again, the survey says it was answered instead of showing the form', async () => {
    await page.reload();
    await expect(page.getByTestId('answer-reason')).toHaveText('您已提交过该问卷，不能重复提交');
    await expect(submit).toHaveCount(0);
  });
});

test('问卷数据 shows a survey’s sheets, kept while another tab is open; 查看 reads one; a bad id is not found', async ({
  page,
}) => {
  const title = `E2E问卷数据${String(Date.now()).slice(-8)}`;
  await loginAsAdmin(page);
  const id = await makeSurvey(page, title);
  // 星河智能 answers through the API: the screen, not the answering, is the subject here.
  await loginAsCompany(page, COMPANY);
  await callApi(page, 'blade-questionnaire/survey-data/add', {
    method: 'POST',
    data: {
      surveyId: id,
      draft: false,
      data: { overall: '2', property: 4, recommend: 9, facilities: { parking: '2' }, advice: '希望增加共享会议室' },
    },
  });

  await loginAsAdmin(page, { at: `/questionnaire/survey-data/${id}` });
  const facts = page.getByTestId('survey-facts');
  const sheets = page.getByTestId('survey-sheets');
  const row = sheets.locator('.ant-table-tbody tr.ant-table-row');

  await test.step('the survey’s head and figures, then its one sheet', async () => {
    await expect(facts.getByRole('heading', { name: title })).toBeVisible();
    await expect(facts).toContainText('进行中');
    await expect(facts).toContainText('答卷数1');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ENTERPRISE);
    await expect(row).toContainText('V1');
    await expect(row).toContainText('已提交');
    await expectNoAxeViolations(page, '/questionnaire/survey-data/:surveyId', 'screen');
  });

  await test.step('a search by status stays when another tab was open meanwhile (kept alive)', async () => {
    await page.locator('#surveySheets_status').click();
    await (await settled(page.locator('.ant-select-dropdown:visible'))).getByTitle('草稿', { exact: true }).click();
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(sheets).toContainText('暂无答卷');
    // Another menu page (the home page is outside the menus' screens, which it unmounts, kept ones too).
    await moveInApp(page, '/system/param');
    await moveInApp(page, `/questionnaire/survey-data/${id}`);
    await expect(page.locator('.ant-select').filter({ has: page.locator('#surveySheets_status') })).toContainText(
      '草稿',
    );
    await expect(sheets).toContainText('暂无答卷');
    await page.getByRole('button', { name: label('清空') }).click();
    await expect(row).toHaveCount(1);
  });

  await test.step('查看 draws the answers read-only', async () => {
    await row.getByRole('button', { name: label('查看') }).click();
    const sheet = await settled(page.getByRole('dialog').filter({ hasText: `答卷详情：${title}` }));
    await expect(sheet.getByTestId('sheet-detail')).toContainText('希望增加共享会议室');
    await expect(sheet).toContainText('您对园区的总体满意度');
    await expect(sheet).toContainText('4/5星');
    await expect(sheet).toContainText('停车：一般');
    await expect(sheet.getByRole('radio')).toHaveCount(0);
    await expectNoAxeViolations(page, 'a sheet read on 问卷数据');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  await test.step('a survey id that is not a number is a page not found', async () => {
    await moveInApp(page, '/questionnaire/survey-data/abc');
    await expect(page.getByText('“abc”不是有效的问卷编号')).toBeVisible();
    await expect(page.getByRole('button', { name: label('返回问卷数据') })).toBeVisible();
    await switchToEnglish(page);
    await expect(page.getByText('“abc” is not a survey number')).toBeVisible();
  });
});
