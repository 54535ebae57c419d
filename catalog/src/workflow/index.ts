import { text, typed } from '../crm/fields.ts';
import { createTimeField, parentField, remarkField, sortField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * The workflow design studio (spec part 7 blade-workflow design/*, issue 30): process categories, forms and
 * their versions, default values, models (BPMN 2.0 XML) and their versions, who may start a model (scope),
 * reusable conditions, the task buttons and the deployments. The rules (a save makes the next version, deploy
 * validation, the scope's ids) are the server's (server/src/modules/workflow); the catalog declares the fields.
 * The BPMN extension itself is ./moddle.ts (`@park/catalog/workflow`).
 */

/** A form's key: a letter, then letters, digits, `_` or `-` (64 at the most); unique in a tenant. */
export const FORM_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** A model's key, which is its BPMN process id: an XML NCName (64 at the most); unique in a tenant. */
export const MODEL_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** wf_deployment.status: a suspended deployment starts no new instance. */
export const DEPLOYMENT_STATUS = { active: 1, suspended: 2 } as const;

/** Who a model's scope names (design/model/scope): `company` is enterprises, whose company accounts may start it. */
export const SCOPE_TYPES = ['user', 'role', 'dept', 'post', 'company'] as const;
export type ScopeType = (typeof SCOPE_TYPES)[number];

const WORKFLOW = 'workflow';
const DESIGN = '/workflow/design';
const MODEL_SCREEN = `${DESIGN}/model`;
const FORM_SCREEN = `${DESIGN}/form`;

const category = (label: Text = { zh: '流程分类', en: 'Category' }): FieldDef => ({
  ...typed('categoryId', 'id', label),
  search: true,
  ref: { entity: 'wf_category', nameField: 'name' },
});

/** The common status (1 enabled, 0 disabled), shown and searched. */
const statusField: FieldDef = {
  name: 'status',
  type: 'int',
  label: { zh: '状态', en: 'Status' },
  dict: 'status',
  initial: 1,
  search: true,
};

const versionField = (label: Text = { zh: '主版本', en: 'Main version' }): FieldDef => ({
  name: 'version',
  type: 'int',
  label,
  form: false,
  sort: true,
});

export const wfCategory: EntityDef = {
  key: 'wf_category',
  module: WORKFLOW,
  api: 'blade-workflow/design/category',
  route: `${DESIGN}/category`,
  table: 'wf_category',
  label: { zh: '流程分类', en: 'Process categories' },
  tree: true,
  defaultSort: { field: 'sort', desc: false },
  fields: [
    text('name', { zh: '分类名称', en: 'Name' }, { required: true, search: true, max: 64 }),
    {
      ...text('code', { zh: '分类编号', en: 'Code' }, { required: true, search: true, max: 64 }),
      unique: { zh: '分类编号已存在', en: 'A category with this code already exists' },
    },
    { ...parentField({ zh: '上级分类', en: 'Parent' }), ref: { entity: 'wf_category', nameField: 'name' } },
    { name: 'ancestors', type: 'string', label: { zh: '祖级列表', en: 'Ancestors' }, form: false, list: false },
    sortField({ zh: '请输入排序', en: 'Please enter the sort order' }),
    statusField,
    remarkField,
    createTimeField,
  ],
};

export const wfForm: EntityDef = {
  key: 'wf_form',
  module: WORKFLOW,
  api: 'blade-workflow/design/form',
  route: FORM_SCREEN,
  table: 'wf_form',
  label: { zh: '表单设计', en: 'Forms' },
  // The model designer picks a form for the start event and each task (listType) and reads its fields.
  readWith: [MODEL_SCREEN],
  fields: [
    {
      ...text('formKey', { zh: '表单标识', en: 'Form key' }, { required: true, search: true, max: 64 }),
      unique: { zh: '表单标识已存在', en: 'A form with this key already exists' },
    },
    { ...text('name', { zh: '表单名称', en: 'Name' }, { required: true, search: true, max: 100 }), sort: true },
    category(),
    // The FormSchema as JSON text (BladeX's content); written by the designer's save, which makes a version.
    { name: 'content', type: 'text', label: { zh: '表单内容', en: 'Content' }, form: false, list: false },
    versionField(),
    statusField,
    remarkField,
    createTimeField,
  ],
};

/**
 * A version of a form or a model, never edited: a save of its parent makes the next one (design/form/history,
 * design/model/history). Its calls are the parent's screen's (the history page opens from it), so it has no
 * screen of its own and is not among the catalog's `entities`; its answers carry `main`, whether it is the
 * parent's main version.
 */
function versionEntity(spec: {
  parent: 'form' | 'model';
  label: Text;
  parentLabel: Text;
  keyLabel: Text;
  nameLabel: Text;
  body: FieldDef;
  more?: FieldDef[];
}): EntityDef {
  const screen = spec.parent === 'form' ? FORM_SCREEN : MODEL_SCREEN;
  return {
    key: `wf_${spec.parent}_history`,
    module: WORKFLOW,
    api: `blade-workflow/design/${spec.parent}/history`,
    route: `${screen}/history`,
    table: `wf_${spec.parent}_history`,
    label: spec.label,
    defaultSort: { field: 'version', desc: true },
    fields: [
      {
        ...typed(`${spec.parent}Id`, 'id', spec.parentLabel),
        search: true,
        ref: { entity: `wf_${spec.parent}`, nameField: 'name' },
      },
      { ...text(`${spec.parent}Key`, spec.keyLabel, { max: 64 }), form: false },
      { ...text('name', spec.nameLabel, { max: 100 }), form: false },
      spec.body,
      versionField({ zh: '版本', en: 'Version' }),
      ...(spec.more ?? []),
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
}

export const wfFormHistory = versionEntity({
  parent: 'form',
  label: { zh: '表单历史', en: 'Form history' },
  parentLabel: { zh: '表单', en: 'Form' },
  keyLabel: { zh: '表单标识', en: 'Form key' },
  nameLabel: { zh: '表单名称', en: 'Name' },
  body: { name: 'content', type: 'text', label: { zh: '表单内容', en: 'Content' }, form: false, list: false },
  more: [remarkField],
});

export const wfFormDefaultValues: EntityDef = {
  key: 'wf_form_default',
  module: WORKFLOW,
  api: 'blade-workflow/design/form/default-values',
  route: `${DESIGN}/form-default`,
  table: 'wf_form_default_values',
  label: { zh: '表单默认值', en: 'Form default values' },
  // The form designer offers them as computed defaults.
  readWith: [FORM_SCREEN],
  fields: [
    text('name', { zh: '名称', en: 'Name' }, { required: true, search: true, max: 100 }),
    // An expression over the starter and the form (e.g. starter.realName), checked by the server.
    text('content', { zh: '默认值表达式', en: 'Expression' }, { required: true, max: 500 }),
    {
      name: 'fieldType',
      type: 'string',
      label: { zh: '字段类型', en: 'Field type' },
      dict: 'wf_field_type',
      maxLength: 20,
      search: true,
      required: { zh: '请选择字段类型', en: 'Please select the field type' },
    },
    statusField,
    remarkField,
    createTimeField,
  ],
};

export const wfModel: EntityDef = {
  key: 'wf_model',
  module: WORKFLOW,
  api: 'blade-workflow/design/model',
  route: MODEL_SCREEN,
  table: 'wf_model',
  label: { zh: '模型设计', en: 'Process models' },
  fields: [
    {
      ...text('modelKey', { zh: '模型标识', en: 'Model key' }, { required: true, search: true, max: 64 }),
      unique: { zh: '模型标识已存在', en: 'A model with this key already exists' },
    },
    text('name', { zh: '模型名称', en: 'Name' }, { required: true, search: true, max: 100 }),
    category(),
    { name: 'icon', type: 'string', label: { zh: '图标', en: 'Icon' }, maxLength: 100, form: false },
    // BPMN 2.0 XML; written by the designer's save, which makes a version.
    { name: 'xml', type: 'text', label: { zh: '流程图', en: 'Diagram' }, form: false, list: false },
    versionField(),
    {
      name: 'description',
      type: 'text',
      label: { zh: '描述', en: 'Description' },
      maxLength: 500,
      list: false,
      span: 24,
    },
    createTimeField,
  ],
};

export const wfModelHistory = versionEntity({
  parent: 'model',
  label: { zh: '模型历史', en: 'Model history' },
  parentLabel: { zh: '模型', en: 'Model' },
  keyLabel: { zh: '模型标识', en: 'Model key' },
  nameLabel: { zh: '模型名称', en: 'Name' },
  body: { name: 'xml', type: 'text', label: { zh: '流程图', en: 'Diagram' }, form: false, list: false },
});

export const wfModelScope: EntityDef = {
  key: 'wf_model_scope',
  module: WORKFLOW,
  api: 'blade-workflow/design/model/scope',
  route: `${DESIGN}/model-scope`,
  table: 'wf_model_scope',
  label: { zh: '模型范围', en: 'Model scopes' },
  // The model list edits a model's scope in a dialog (its 范围 button).
  readWith: [MODEL_SCREEN],
  // In the order a submit gave them (ids grow).
  defaultSort: { field: 'id', desc: false },
  fields: [
    {
      ...typed('modelId', 'id', { zh: '模型', en: 'Model' }, { required: true }),
      search: true,
      ref: { entity: 'wf_model', nameField: 'name' },
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

export const wfCondition: EntityDef = {
  key: 'wf_condition',
  module: WORKFLOW,
  api: 'blade-workflow/design/condition',
  route: `${DESIGN}/condition`,
  table: 'wf_condition',
  label: { zh: '流程表达式', en: 'Conditions' },
  // The model designer offers them for a flow's condition.
  readWith: [MODEL_SCREEN],
  fields: [
    text('name', { zh: '名称', en: 'Name' }, { required: true, search: true, max: 100 }),
    // An expression over the form and the starter (e.g. days > 3), checked by the server.
    {
      ...text('expression', { zh: '表达式', en: 'Expression' }, { required: true, max: 1000 }),
      span: 24,
    },
    statusField,
    remarkField,
    createTimeField,
  ],
};

export const wfButton: EntityDef = {
  key: 'wf_button',
  module: WORKFLOW,
  api: 'blade-workflow/design/button',
  route: `${DESIGN}/button`,
  table: 'wf_button',
  label: { zh: '流程按钮', en: 'Process buttons' },
  // The model designer offers them at each task, checked by default where `display` says so.
  readWith: [MODEL_SCREEN],
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'buttonKey',
      type: 'string',
      label: { zh: '按钮标识', en: 'Button key' },
      dict: 'wf_button_key',
      maxLength: 32,
      search: true,
      required: { zh: '请选择按钮标识', en: 'Please select the button key' },
      unique: { zh: '该按钮已存在', en: 'This button already exists' },
    },
    text('name', { zh: '按钮名称', en: 'Name' }, { required: true, search: true, max: 50 }),
    {
      name: 'display',
      type: 'int',
      label: { zh: '默认显示', en: 'Shown by default' },
      dict: 'yes_no',
      initial: 1,
      required: { zh: '请选择是否默认显示', en: 'Please choose whether it is shown by default' },
    },
    sortField({ zh: '请输入排序', en: 'Please enter the sort order' }),
    statusField,
    createTimeField,
  ],
};

export const wfDeployment: EntityDef = {
  key: 'wf_deployment',
  module: WORKFLOW,
  api: 'blade-workflow/design/deployment',
  route: `${DESIGN}/deployment`,
  table: 'wf_deployment',
  label: { zh: '部署管理', en: 'Deployments' },
  defaultSort: { field: 'deployTime', desc: true },
  fields: [
    text('name', { zh: '流程名称', en: 'Name' }, { required: true, search: true, max: 100 }),
    {
      ...text('processKey', { zh: '流程标识', en: 'Process key' }, { search: true, max: 64 }),
      form: false,
      sort: true,
    },
    { ...versionField({ zh: '版本', en: 'Version' }) },
    category(),
    { name: 'icon', type: 'string', label: { zh: '图标', en: 'Icon' }, maxLength: 100, list: false },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      dict: 'wf_deployment_status',
      initial: DEPLOYMENT_STATUS.active,
      search: true,
      form: false,
    },
    { name: 'deployTime', type: 'datetime', label: { zh: '部署时间', en: 'Deployed' }, form: false, sort: true },
    {
      ...typed('modelId', 'id', { zh: '模型', en: 'Model' }),
      form: false,
      list: false,
      ref: { entity: 'wf_model', nameField: 'name' },
    },
    // What was deployed: the XML, and the versions of the forms it names as they were then (JSON).
    { name: 'xml', type: 'text', label: { zh: '流程图', en: 'Diagram' }, form: false, list: false },
    { name: 'forms', type: 'text', label: { zh: '表单快照', en: 'Forms' }, form: false, list: false },
  ],
};

/**
 * 草稿箱 (process/draft): a start form saved half-filled, its author's alone (the server narrows every call to
 * the caller's rows); 继续编辑 opens the start screen with it.
 */
export const wfDraft: EntityDef = {
  key: 'wf_draft',
  module: WORKFLOW,
  api: 'blade-workflow/process/draft',
  route: '/workflow/process/draft',
  table: 'wf_draft',
  label: { zh: '草稿箱', en: 'Drafts' },
  // The start screen saves and reopens them.
  readWith: ['/workflow/process/start'],
  defaultSort: { field: 'updateTime', desc: true },
  fields: [
    {
      // The deployment it starts (BladeX's name for it).
      ...typed('processDefinitionId', 'id', { zh: '流程', en: 'Process' }),
      required: { zh: '请选择流程', en: 'Please select the process' },
      list: false,
    },
    { ...text('processKey', { zh: '流程标识', en: 'Process key' }, { max: 64 }), form: false, list: false },
    { ...text('processName', { zh: '流程名称', en: 'Process' }, { search: true, max: 100 }), form: false },
    { name: 'formData', type: 'text', label: { zh: '表单数据', en: 'Form data' }, list: false, maxLength: 200_000 },
    createTimeField,
    { name: 'updateTime', type: 'datetime', label: { zh: '保存时间', en: 'Saved' }, form: false, sort: true },
  ],
};

/** OA分类 (blade-oa/category): 我的工作 gathers the processes of the workflow category each names. */
export const oaCategory: EntityDef = {
  key: 'oa_category',
  module: 'oa',
  api: 'blade-oa/category',
  route: '/oa/category',
  table: 'oa_category',
  label: { zh: 'OA分类', en: 'OA categories' },
  defaultSort: { field: 'sort', desc: false },
  readWith: ['/oa/work'],
  fields: [
    text('name', { zh: '分类名称', en: 'Name' }, { required: true, search: true, max: 64 }),
    {
      ...category({ zh: '流程分类', en: 'Process category' }),
      name: 'workflowCategoryId',
      required: { zh: '请选择流程分类', en: 'Please select the process category' },
    },
    sortField({ zh: '请输入排序', en: 'Please enter the sort order' }),
    remarkField,
    createTimeField,
  ],
};

/** The workflow design entities that have a screen of their own (the histories are their parent's). */
export const workflowEntities: EntityDef[] = [
  wfCategory,
  wfForm,
  wfFormDefaultValues,
  wfModel,
  wfModelScope,
  wfCondition,
  wfButton,
  wfDeployment,
  wfDraft,
  oaCategory,
];
