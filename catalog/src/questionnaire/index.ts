import { text, typed } from '../crm/fields.ts';
import { createTimeField, parentField, remarkField, sortField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * 问卷管理 (spec part 7 blade-questionnaire, issue 32): categories, forms (FormSchema JSON, the workflow's one
 * schema, @park/catalog/forms) with their versions, templates, research projects with their files, surveys made
 * from a form's main version or a template and sent to a scope, and the answer sheets. The rules (a save makes
 * the next version, who may answer when, one sheet per person, the counters behind the statistics) are the
 * server's (server/src/modules/questionnaire); the catalog declares the fields. The keys are the button codes
 * of the 问卷管理 menus (server/src/seed/menus.ts).
 */

const MODULE = 'questionnaire';
const API = 'blade-questionnaire';
export const QN_SCREENS = {
  form: '/questionnaire/form',
  category: '/questionnaire/category',
  research: '/questionnaire/research',
  survey: '/questionnaire/survey',
  surveyData: '/questionnaire/survey-data',
  surveyScope: '/questionnaire/survey-scope',
  template: '/questionnaire/template',
} as const;

/** qn_survey_data.status: a draft is saved to come back to; only submitted sheets count. */
export const SHEET_STATUS = { draft: 0, submitted: 1 } as const;

/** The common status (1 enabled, 0 disabled), shown and searched; enable and deactivate change it. */
const statusField = (initial: 0 | 1 = 1, form = true): FieldDef => ({
  name: 'status',
  type: 'int',
  label: { zh: '状态', en: 'Status' },
  dict: 'status',
  initial,
  search: true,
  form,
});

const categoryField = (): FieldDef => ({
  ...typed('categoryId', 'id', { zh: '问卷分类', en: 'Category' }),
  search: true,
  ref: { entity: 'questionnaire_category', nameField: 'name' },
});

const contentField = (label: Text = { zh: '问卷内容', en: 'Content' }): FieldDef => ({
  name: 'content',
  type: 'text',
  label,
  form: false,
  list: false,
});

const descriptionField: FieldDef = {
  name: 'description',
  type: 'text',
  label: { zh: '说明', en: 'Description' },
  maxLength: 1000,
  list: false,
  span: 24,
};

export const qnCategory: EntityDef = {
  key: 'questionnaire_category',
  module: MODULE,
  api: `${API}/category`,
  route: QN_SCREENS.category,
  table: 'qn_category',
  label: { zh: '问卷分类', en: 'Questionnaire categories' },
  tree: true,
  defaultSort: { field: 'sort', desc: false },
  fields: [
    text('name', { zh: '分类名称', en: 'Name' }, { required: true, search: true, max: 64 }),
    {
      ...text('code', { zh: '分类编号', en: 'Code' }, { required: true, search: true, max: 64 }),
      unique: { zh: '分类编号已存在', en: 'A category with this code already exists' },
    },
    { ...parentField({ zh: '上级分类', en: 'Parent' }), ref: { entity: 'questionnaire_category', nameField: 'name' } },
    { name: 'ancestors', type: 'string', label: { zh: '祖级列表', en: 'Ancestors' }, form: false, list: false },
    sortField({ zh: '请输入排序', en: 'Please enter the sort order' }),
    statusField(),
    remarkField,
    createTimeField,
  ],
};

export const qnForm: EntityDef = {
  key: 'questionnaire_form',
  module: MODULE,
  api: `${API}/form`,
  route: QN_SCREENS.form,
  table: 'qn_form',
  label: { zh: '问卷表单', en: 'Questionnaire forms' },
  // 问卷调查 makes a survey from an enabled form (and shows the version it took).
  readWith: [QN_SCREENS.survey],
  fields: [
    text('name', { zh: '问卷名称', en: 'Name' }, { required: true, search: true, max: 100 }),
    categoryField(),
    // The main version's FormSchema as JSON text; written by the designer's save, which makes a version.
    contentField(),
    { name: 'version', type: 'int', label: { zh: '主版本', en: 'Main version' }, form: false, sort: true },
    // Enabled forms are what new surveys are made from: `PUT enable` / `PUT deactivate`.
    statusField(1, false),
    descriptionField,
    createTimeField,
  ],
};

/**
 * A version of a questionnaire form, never edited: a save of the form with content makes the next one
 * (form/history). Its calls are the form screen's (/questionnaire/form/history/:id opens from it), so it has
 * no screen of its own and is not among the catalog's `entities`; its answers carry `main`.
 */
export const qnFormHistory: EntityDef = {
  key: 'questionnaire_form_history',
  module: MODULE,
  api: `${API}/form/history`,
  route: `${QN_SCREENS.form}/history`,
  table: 'qn_form_history',
  label: { zh: '问卷表单历史', en: 'Questionnaire form history' },
  defaultSort: { field: 'version', desc: true },
  fields: [
    {
      ...typed('formId', 'id', { zh: '问卷表单', en: 'Form' }),
      search: true,
      ref: { entity: 'questionnaire_form', nameField: 'name' },
    },
    { ...text('name', { zh: '问卷名称', en: 'Name' }, { max: 100 }), form: false },
    contentField(),
    { name: 'version', type: 'int', label: { zh: '版本', en: 'Version' }, form: false, sort: true },
    remarkField,
    { ...createTimeField, list: true },
    {
      name: 'createUser',
      type: 'id',
      label: { zh: '保存人', en: 'Saved by' },
      form: false,
      ref: { entity: 'user', nameField: 'realName', as: 'createUserName' },
    },
  ],
};

export const qnTemplate: EntityDef = {
  key: 'questionnaire_template',
  module: MODULE,
  api: `${API}/template`,
  route: QN_SCREENS.template,
  table: 'qn_template',
  label: { zh: '问卷模板', en: 'Questionnaire templates' },
  // 问卷调查 makes a survey from a template too.
  readWith: [QN_SCREENS.survey],
  defaultSort: { field: 'sort', desc: false },
  fields: [
    text('name', { zh: '模板名称', en: 'Name' }, { required: true, search: true, max: 100 }),
    categoryField(),
    // A ready questionnaire (FormSchema JSON text): sent as `content`, copied from `formId`'s main version, or empty.
    { ...contentField({ zh: '模板内容', en: 'Content' }), form: true, span: 24 },
    {
      ...typed('formId', 'id', { zh: '来源表单', en: 'From form' }),
      list: false,
      // A template copies the form's main version: a form never saved has none to give.
      ref: { entity: 'questionnaire_form', nameField: 'name', offer: { version_gt: 0 } },
    },
    sortField(),
    statusField(),
    descriptionField,
    createTimeField,
  ],
};

export const qnResearch: EntityDef = {
  key: 'research',
  module: MODULE,
  api: `${API}/research`,
  route: QN_SCREENS.research,
  table: 'qn_research',
  label: { zh: '调研管理', en: 'Research projects' },
  fields: [
    text('name', { zh: '调研名称', en: 'Name' }, { required: true, search: true, max: 100 }),
    categoryField(),
    text('leader', { zh: '负责人', en: 'Leader' }, { search: true, max: 50 }),
    typed('startDate', 'date', { zh: '开始日期', en: 'Start date' }, { required: true }),
    typed('endDate', 'date', { zh: '结束日期', en: 'End date' }, { notBefore: 'startDate' }),
    { ...descriptionField, label: { zh: '调研内容', en: 'Content' }, maxLength: 4000 },
    statusField(),
    remarkField,
    createTimeField,
  ],
};

/** 问卷调查: not among `entities` (see `questionnaireEntities`). */
export const qnSurvey: EntityDef = {
  key: 'survey',
  module: MODULE,
  api: `${API}/survey`,
  route: QN_SCREENS.survey,
  table: 'qn_survey',
  label: { zh: '问卷调查', en: 'Surveys' },
  // 问卷数据 and 问卷范围 pick the survey whose rows they show.
  readWith: [QN_SCREENS.surveyData, QN_SCREENS.surveyScope],
  fields: [
    text('title', { zh: '问卷标题', en: 'Title' }, { required: true, search: true, max: 100 }),
    {
      // Made from a form's main version (kept: answers keep it) or from a template (`templateId`).
      ...typed('formId', 'id', { zh: '问卷表单', en: 'Form' }),
      search: true,
      ref: { entity: 'questionnaire_form', nameField: 'name' },
    },
    { name: 'formVersion', type: 'int', label: { zh: '表单版本', en: 'Form version' }, form: false },
    {
      ...typed('templateId', 'id', { zh: '问卷模板', en: 'Template' }),
      list: false,
      ref: { entity: 'questionnaire_template', nameField: 'name' },
    },
    { ...typed('startTime', 'datetime', { zh: '开始时间', en: 'Starts' }, { required: true }), sort: true },
    { ...typed('endTime', 'datetime', { zh: '结束时间', en: 'Ends' }, { required: true }), sort: true },
    {
      name: 'anonymous',
      type: 'int',
      label: { zh: '匿名', en: 'Anonymous' },
      dict: 'yes_no',
      initial: 0,
    },
    {
      name: 'allowMultiple',
      type: 'int',
      label: { zh: '允许多次填写', en: 'Several answers per person' },
      dict: 'yes_no',
      initial: 0,
    },
    descriptionField,
    // 1 enabled (sent to its scope), 0 not (new, or deactivated): `PUT enable` / `PUT deactivate`.
    statusField(0, false),
    { name: 'publishTime', type: 'datetime', label: { zh: '发布时间', en: 'Published' }, form: false, sort: true },
    createTimeField,
  ],
};

/** Who a survey's scope names: users, roles, departments, posts, or enterprises (their company accounts). */
export const qnSurveyScope: EntityDef = {
  key: 'survey_scope',
  module: MODULE,
  api: `${API}/survey-scope`,
  route: QN_SCREENS.surveyScope,
  table: 'qn_survey_scope',
  label: { zh: '问卷范围', en: 'Survey scopes' },
  // A survey's scope is set where the survey is made (问卷调查's create screen).
  readWith: [QN_SCREENS.survey],
  defaultSort: { field: 'id', desc: false },
  fields: [
    {
      ...typed('surveyId', 'id', { zh: '问卷调查', en: 'Survey' }, { required: true }),
      search: true,
      ref: { entity: 'survey', nameField: 'title' },
    },
    {
      name: 'scopeType',
      type: 'string',
      label: { zh: '范围类型', en: 'Scope type' },
      dict: 'wf_scope_type',
      maxLength: 16,
      search: true,
      required: { zh: '请选择范围类型', en: 'Please select the scope type' },
    },
    // Ids, comma-joined: users, roles, departments, posts, or enterprises (company; none: every company account).
    { name: 'val', type: 'string', label: { zh: '范围值', en: 'Values' }, maxLength: 4000, list: false },
    // Their names, comma-joined, as the server read them.
    { name: 'text', type: 'string', label: { zh: '范围', en: 'Scope' }, maxLength: 4000, form: false },
    createTimeField,
  ],
};

/**
 * An answer sheet (问卷数据): one respondent's answers to a survey (jsonb, read with `detail`), on the form
 * version the survey was given; a draft until submitted. Who answered is the server's to say (never for an
 * anonymous survey), so it is no field here.
 */
export const qnSurveyData: EntityDef = {
  key: 'survey_data',
  module: MODULE,
  api: `${API}/survey-data`,
  route: QN_SCREENS.surveyData,
  table: 'qn_survey_data',
  label: { zh: '问卷数据', en: 'Survey answers' },
  // A respondent answers on 问卷调查's answer screen (survey/detail/answer).
  readWith: [QN_SCREENS.survey],
  defaultSort: { field: 'submitTime', desc: true },
  fields: [
    {
      ...typed('surveyId', 'id', { zh: '问卷调查', en: 'Survey' }, { required: true }),
      search: true,
      ref: { entity: 'survey', nameField: 'title' },
    },
    { name: 'formVersion', type: 'int', label: { zh: '表单版本', en: 'Form version' }, form: false },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态（0草稿 1已提交）', en: 'Status (0 draft, 1 submitted)' },
      form: false,
      search: true,
    },
    { name: 'score', type: 'decimal', label: { zh: '得分', en: 'Score' }, form: false, sort: true },
    { name: 'submitTime', type: 'datetime', label: { zh: '提交时间', en: 'Submitted' }, form: false, sort: true },
    createTimeField,
  ],
};

/**
 * The questionnaire entities a generic screen serves (the form history is the form screen's). Surveys, their
 * scopes and their answers are declared for the server's engine but are not among the catalog's `entities`: their
 * screens are the module's own (a survey is made, sent, answered and counted, never added as a bare row), so the
 * generic screen and its walk do not take them, and route-access places their calls by path.
 */
export const questionnaireEntities: EntityDef[] = [qnCategory, qnForm, qnTemplate, qnResearch];
