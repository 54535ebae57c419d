import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, type Credentials, label, loginAsAdmin, settled, switchToEnglish, toast } from '../support/console.ts';
import { dataRows, loginAsCompany } from '../support/crm.ts';
import { untranslatedIn } from '../support/i18n.ts';
import { callApi, clickRowAction, rowWithCell } from '../support/system.ts';

/**
 * 问卷调查 (issue 32): a survey made on /questionnaire/survey/create from the demo satisfaction form for one demo
 * enterprise, 保存并发布 (the server says how many it told), open in the list, found by the enterprise's company
 * account among the surveys that ask it, then deactivated; and 问卷范围 showing a survey's scope and replacing it.
 */

/** 星河智能's company account (demo data, password 123456). */
const COMPANY: Credentials = { tenantId: ADMIN.tenantId, username: 'xinghe', password: '123456' };
const ENTERPRISE = '星河智能科技有限公司';
/** The demo questionnaire 园区企业满意度调查 (server/src/seed/questionnaire-demo.ts), enabled at version 1. */
const DEMO_FORM = '190000000000320011';
/** A role every tenant 000000 has (server/src/seed/workflow-demo.ts). */
const DIRECTOR = '园区主任';

const SURVEYS = '/questionnaire/survey';
const SCOPES = '/questionnaire/survey-scope';

const stamp = () => String(Date.now()).slice(-8);

/** A time in the park's zone, `days` from now, as the server takes it. */
const at = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 19);

interface SurveyPage {
  records: { id: string; title: string; status: number; answerCount: number }[];
}

/** The surveys whose title holds `title`, as the signed-in user lists them. */
const surveysTitled = (page: Page, title: string) =>
  callApi<SurveyPage>(page, 'blade-questionnaire/survey/page', { params: { title } });

/** The company line's picked enterprises, shown by name in the picker's input. */
const companyValues = (page: Page) => page.getByRole('group', { name: '第 1 行的范围' }).getByRole('textbox');

test('a survey of the demo form for one enterprise: published, open with the count told, asked of its account, deactivated', async ({
  page,
}) => {
  const title = `E2E问卷调查${stamp()}`;
  await loginAsAdmin(page, { at: `${SURVEYS}/create` });
  const survey = page.locator('form#survey');

  await test.step('the demo form picked: its main version and questions previewed, its name the title at first', async () => {
    const formSelect = survey.locator('#survey_formId');
    await formSelect.click();
    await formSelect.fill('园区企业满意度');
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle('园区企业满意度调查（主版本 v1）', { exact: true })
      .click();
    await expect(survey.locator('#survey_title')).toHaveValue('园区企业满意度调查');
    await survey.locator('#survey_title').fill(title);
    const preview = page.getByTestId('survey-preview');
    await expect(preview).toContainText('主版本 v1');
    await expect(preview).toContainText('您对园区的总体满意度');
    // Read-only: the questions are drawn but cannot be answered here.
    await expect(preview.getByRole('radio', { name: '非常满意' })).toBeDisabled();
  });

  await test.step('the scope: one enterprise, picked in the enterprise selector', async () => {
    await expect(page.getByText('未设置范围：发布前请至少添加一行')).toBeVisible();
    await page.getByRole('button', { name: label('添加范围') }).click();
    await page.getByRole('combobox', { name: '第 1 行的类型' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('企业', { exact: true }).click();
    await companyValues(page).click();
    const dialog = await settled(page.getByRole('dialog', { name: '选择企业' }));
    await dialog.locator('#enterpriseSelector_enterpriseName').fill(ENTERPRISE);
    await dialog.getByRole('button', { name: label('搜索') }).click();
    await expect(dataRows(dialog)).toHaveCount(1);
    await dataRows(dialog).first().locator('.ant-checkbox-input').check();
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect(dialog).toBeHidden();
    await expect(companyValues(page)).toHaveValue(ENTERPRISE);
    await expectNoAxeViolations(page, 'survey create', 'screen');
  });

  let told = 0;
  await test.step('保存并发布: saved, enabled, and the server says how many it told', async () => {
    await page.getByRole('button', { name: label('保存并发布') }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    const message = page.locator('.ant-message').getByText(/^问卷已启用，已通知 \d+ 人$/);
    await expect(message).toBeVisible();
    told = Number(/(\d+) 人/.exec((await message.textContent()) ?? '')?.[1]);
    await expect(page).toHaveURL(new RegExp(`${SURVEYS}$`));
    // Everyone the scope names (the enterprise's company accounts) was told: none had answered.
    const [made] = (await surveysTitled(page, title)).records;
    const report = await callApi<{ facts: { members: number } }>(page, 'blade-questionnaire/survey/report', {
      params: { id: made.id },
    });
    expect(told).toBeGreaterThan(0);
    expect(told).toBe(report.facts.members);
  });

  const row = rowWithCell(page, title);
  await test.step('the list finds it by its title: 进行中, its form and version, no answers yet', async () => {
    await page.locator('#surveySearch_title').fill(title);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(row).toContainText('进行中');
    await expect(row).toContainText('园区企业满意度调查');
    await expect(row).toContainText('v1');
    await expectNoAxeViolations(page, 'survey list', 'screen');
  });

  await test.step('the enterprise’s company account finds it among the surveys that ask it, unanswered', async () => {
    await loginAsCompany(page, COMPANY, { at: SURVEYS });
    const mine = rowWithCell(page, title);
    await expect(mine).toContainText('未填写');
    await expect(mine.getByRole('button', { name: label('填写') })).toBeVisible();
    await expect(page.getByRole('button', { name: label('新增') })).toHaveCount(0);
  });

  await test.step('停用 asks first; the survey is then deactivated and asks no one', async () => {
    await loginAsAdmin(page, { at: SURVEYS });
    await page.locator('#surveySearch_title').fill(title);
    await page.getByRole('button', { name: label('搜索') }).click();
    await clickRowAction(row, '停用');
    const question = await settled(page.getByRole('dialog').filter({ hasText: `确定停用问卷“${title}”吗？` }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '问卷已停用').first()).toBeVisible();
    await expect(row).toContainText('已停用');
    await expect(row.getByRole('button', { name: label('启用') })).toBeVisible();
  });

  await test.step('编辑 opens it with its form version and scope; a new title is saved', async () => {
    await clickRowAction(row, '编辑');
    await expect(page).toHaveURL(/\/questionnaire\/survey\/create\?id=\d+$/);
    await expect(survey.locator('#survey_title')).toHaveValue(title);
    await expect(page.getByTestId('survey-preview')).toContainText('问卷使用版本 v1');
    await expect(companyValues(page)).toHaveValue(ENTERPRISE);
    await survey.locator('#survey_title').fill(`${title}改`);
    await page
      .getByTestId('survey-actions')
      .getByRole('button', { name: label('保存') })
      .click();
    await expect(toast(page, '更新成功').first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${SURVEYS}$`));
    await expect(rowWithCell(page, `${title}改`)).toContainText('已停用');
  });
});

test('the demo survey, answered and published, opens for editing with its form and answer options fixed', async ({
  page,
}) => {
  // 2025年第二季度园区企业满意度调查 (server/src/seed/questionnaire-demo.ts): enabled, three dozen answers.
  await loginAsAdmin(page, { at: `${SURVEYS}/create?id=190000000000320041` });
  const survey = page.locator('form#survey');
  await expect(page.getByText('问卷已有答卷，不能再更换表单、匿名方式或是否允许多次填写')).toBeVisible();
  await expect(survey.locator('#survey_title')).toHaveValue('2025年第二季度园区企业满意度调查');
  // Made from a template: the template stays, fixed like the anonymity and the several answers.
  await expect(survey.getByRole('radio', { name: '问卷模板' })).toBeChecked();
  await expect(survey.getByRole('radio', { name: '问卷模板' })).toBeDisabled();
  await expect(survey.locator('#survey_templateId')).toBeDisabled();
  await expect(survey.locator('#survey_anonymous')).toBeDisabled();
  await expect(survey.locator('#survey_allowMultiple')).toBeDisabled();
  await expect(survey.locator('#survey_allowMultiple')).toBeChecked();
  await expect(page.getByTestId('survey-preview')).toContainText('问卷使用版本 v1');
  // Asked of every company account: a company line without enterprises.
  await expect(page.locator('[data-scope-line="company"]')).toHaveCount(1);
  await expect(companyValues(page)).toHaveValue('');
  // Published already: saving is all there is.
  await expect(page.getByRole('button', { name: label('保存并发布') })).toHaveCount(0);
  await expectNoAxeViolations(page, 'survey edit', 'screen');

  // In English, the screen's own words (the questions previewed are the questionnaire's, in its language).
  await switchToEnglish(page);
  await expect(page.getByText('The survey has answers: its form, anonymity', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: label('Save') })).toBeVisible();
  expect(
    await untranslatedIn(
      page,
      'form#survey, section[aria-labelledby="surveyScopeTitle"], [data-testid="survey-actions"]',
    ),
  ).toEqual([]);
});

test('问卷范围 shows a survey’s scope and replaces it, in Chinese and in English', async ({ page }) => {
  const title = `E2E问卷范围${stamp()}`;
  await loginAsAdmin(page);
  const { records } = await callApi<{ records: { id: string }[] }>(page, 'blade-crm/enterprise/page', {
    params: { enterpriseName: ENTERPRISE },
  });
  const made = await callApi<{ id: string }>(page, 'blade-questionnaire/survey/add', {
    method: 'POST',
    data: {
      title,
      formId: DEMO_FORM,
      startTime: at(-1),
      endTime: at(7),
      anonymous: 0,
      allowMultiple: 0,
      scopes: [{ scopeType: 'company', val: records[0].id }],
    },
  });
  await page.goto(SCOPES);
  await expect(page.getByText('请先选择一个问卷')).toBeVisible();

  await test.step('the survey picked by its title shows its enterprise', async () => {
    const picker = page.locator('#scopeSurvey');
    await picker.click();
    await picker.fill(title);
    await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click();
    await expect(page.getByText('未发布', { exact: true })).toBeVisible();
    await expect(page.locator('[data-scope-line="company"]')).toHaveCount(1);
    await expect(companyValues(page)).toHaveValue(ENTERPRISE);
  });

  await test.step('the enterprise replaced by a role, saved as a whole', async () => {
    await page.getByRole('button', { name: label('删除第 1 行') }).click();
    await expect(page.getByText('未设置范围：此问卷不会发给任何人')).toBeVisible();
    await page.getByRole('button', { name: label('添加范围') }).click();
    await page.getByRole('combobox', { name: '第 1 行的类型' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('角色', { exact: true }).click();
    await page.getByRole('combobox', { name: '第 1 行的范围' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(DIRECTOR, { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await expectNoAxeViolations(page, SCOPES, 'screen');
    await page.getByRole('button', { name: label('保存范围') }).click();
    await expect(toast(page, '范围已保存').first()).toBeVisible();
    const saved = await callApi<{ records: { scopeType: string; text: string }[] }>(
      page,
      'blade-questionnaire/survey-scope/list',
      { params: { surveyId: made.id } },
    );
    expect(saved.records.map((r) => [r.scopeType, r.text])).toEqual([['role', DIRECTOR]]);
  });

  await test.step('after a reload the role is its scope, and the screen speaks English', async () => {
    await page.reload();
    await switchToEnglish(page);
    const picker = page.locator('#scopeSurvey');
    await picker.click();
    await picker.fill(title);
    await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click();
    await expect(page.locator('[data-scope-line="role"]')).toContainText(DIRECTOR);
    await expect(page.getByRole('button', { name: label('Save scope') })).toBeVisible();
    expect(await untranslatedIn(page, '.ant-layout-content')).toEqual([]);
  });
});
