import type { FormField, FormSchema } from '@park/catalog/forms';
import { bpmnXml, type DiagramFlow, type DiagramNode, escapeXml } from '../modules/workflow/engine/diagram.ts';
import { type DeployedForm, validateModel } from '../modules/workflow/engine/validate.ts';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { DEMO_PASSWORD } from './crm-demo.ts';
import { menuId } from './menus.ts';
import { hashPassword, SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/**
 * Demo processes of tenant 000000, deployed and ready for the runtime: 请假 (leave: the department head, then
 * an exclusive gateway on the days, more than 3 also the park director), 报销 (expense claim: the department
 * head, then a 会签 of every finance clerk) and 报修处理 (repair: dispatched by the property department to a
 * handler picked in the form, who has a day for it with a reminder and a timer that tells the department when
 * it runs over, then confirmed by the reporter). Each with its form, category, version 1 of form and model,
 * and deployment 1 with the forms' snapshot; the models pass deploy validation here, so the demo holds the
 * rules a deploy does. The people they name: a park director role, a finance role with two clerks, and two
 * property staff, each user signing in with the demo password (asked to change it). Two named conditions and
 * two default values too. Ids 19000000000030NNNN; every row says 演示数据.
 */
const DEMO = '演示数据';
const t = PLATFORM_TENANT;
const id = (n: number) => `19000000000030${String(n).padStart(4, '0')}`;
const audit = { tenant_id: t, create_user: SEED.adminUser, create_dept: SEED.rootDept, update_user: SEED.adminUser };

/** 物业部, seeded with the platform. */
const PROPERTY_DEPT = '1123598813738675203';
/** 园区员工, seeded with the platform. */
const STAFF_ROLE = '1123598816738675203';
const ROLE = { director: id(1), finance: id(2) };
const CATEGORY = { office: id(11), finance: id(12), property: id(13) };

const text = (id: string, name: string, label: string, more: Partial<FormField> = {}): FormField => ({
  id,
  type: 'input',
  name,
  label,
  ...more,
});
const options = (labels: string[]) => labels.map((label, i) => ({ label, value: String(i + 1) }));

const LEAVE_FORM: FormSchema = {
  version: 1,
  labelWidth: 100,
  fields: [
    {
      id: 'f_type',
      type: 'select',
      name: 'leaveType',
      label: '请假类型',
      required: true,
      options: options(['事假', '病假', '年假', '调休', '婚假', '产假']),
      span: 12,
    },
    {
      id: 'f_days',
      type: 'number',
      name: 'days',
      label: '请假天数',
      required: true,
      min: 0.5,
      max: 365,
      precision: 1,
      span: 12,
    },
    { id: 'f_start', type: 'date', name: 'startDate', label: '开始日期', required: true, span: 12 },
    { id: 'f_end', type: 'date', name: 'endDate', label: '结束日期', required: true, span: 12 },
    { id: 'f_reason', type: 'textarea', name: 'reason', label: '请假事由', required: true, max: 500 },
  ],
};

const EXPENSE_FORM: FormSchema = {
  version: 1,
  labelWidth: 100,
  fields: [
    text('f_title', 'title', '报销事由', { required: true, max: 100 }),
    {
      id: 'f_items',
      type: 'table',
      name: 'items',
      label: '费用明细',
      required: true,
      min: 1,
      children: [
        text('f_item', 'item', '费用项目', { required: true, max: 50 }),
        { id: 'f_item_date', type: 'date', name: 'spentOn', label: '发生日期', required: true },
        { id: 'f_item_amount', type: 'money', name: 'amount', label: '金额（元）', required: true, min: 0 },
        text('f_item_note', 'note', '说明', { max: 100 }),
      ],
    },
    { id: 'f_total', type: 'money', name: 'total', label: '报销总额（元）', required: true, min: 0, span: 12 },
    { id: 'f_bills', type: 'upload', name: 'bills', label: '票据', help: '发票或收据的照片', span: 24 },
  ],
};

const REPAIR_FORM: FormSchema = {
  version: 1,
  labelWidth: 100,
  fields: [
    text('f_location', 'location', '报修地点', { required: true, max: 100, span: 12 }),
    {
      id: 'f_fault',
      type: 'select',
      name: 'faultType',
      label: '故障类型',
      required: true,
      options: options(['水电', '空调暖通', '门窗锁具', '网络通信', '其他']),
      span: 12,
    },
    { id: 'f_desc', type: 'textarea', name: 'description', label: '故障描述', required: true, max: 500 },
    { id: 'f_photos', type: 'upload', name: 'photos', label: '现场照片' },
    { id: 'f_divider', type: 'divider', label: '物业处理' },
    // Filled at the tasks: the dispatcher picks the handler, who writes the result; the reporter rates it.
    { id: 'f_handler', type: 'user', name: 'handler', label: '处理人', span: 12 },
    { id: 'f_result', type: 'textarea', name: 'result', label: '处理结果', max: 500 },
    {
      id: 'f_satisfaction',
      type: 'radio',
      name: 'satisfaction',
      label: '满意度',
      options: options(['满意', '基本满意', '不满意']),
    },
  ],
};

/** [n, key, name, category, schema] */
const FORMS: [number, string, string, string, FormSchema][] = [
  [21, 'leave', '请假单', CATEGORY.office, LEAVE_FORM],
  [22, 'expense', '报销单', CATEGORY.finance, EXPENSE_FORM],
  [23, 'repair', '报修单', CATEGORY.property, REPAIR_FORM],
];

/** A task's extension elements: its assignee rules, buttons and field rights. */
function extensions(opts: {
  assignees?: [type: string, value: string, text: string][];
  buttons?: string[];
  fields?: [field: string, mode: string][];
  copyTo?: [type: string, value: string, text: string][];
}): string {
  const rule = (tag: string, [type, value, label]: [string, string, string]) =>
    `        <park:${tag} type="${type}" value="${escapeXml(value)}" text="${escapeXml(label)}" />`;
  const lines = [
    ...(opts.assignees ?? []).map((a) => rule('assignee', a)),
    ...(opts.copyTo ?? []).map((c) => rule('copyTo', c)),
    ...(opts.buttons ?? []).map((key) => `        <park:button key="${key}" />`),
    ...(opts.fields ?? []).map(([field, mode]) => `        <park:fieldAuth field="${field}" mode="${mode}" />`),
  ];
  return `      <bpmn:extensionElements>\n${lines.join('\n')}\n      </bpmn:extensionElements>`;
}

const APPROVE = ['wf_pass', 'wf_reject', 'wf_print', 'wf_transfer', 'wf_delegate', 'wf_rollback'];

const start = (formKey: string): DiagramNode => ({
  id: 'start',
  type: 'startEvent',
  name: '发起',
  x: 150,
  y: 200,
  attrs: { 'park:formKey': formKey },
});
const end = (x: number, y = 200, name = '结束', n = ''): DiagramNode => ({
  id: `end${n}`,
  type: 'endEvent',
  name,
  x,
  y,
});
const flow = (id: string, from: string, to: string, more: Partial<DiagramFlow> = {}): DiagramFlow => ({
  id,
  from,
  to,
  ...more,
});

const LEAVE = bpmnXml({
  id: 'leave',
  name: '请假流程',
  nodes: [
    start('leave'),
    {
      id: 'leaderApprove',
      type: 'userTask',
      name: '部门负责人审批',
      x: 310,
      y: 200,
      attrs: { 'park:dueTime': 'P1D', 'park:remindBefore': 'PT4H' },
      inner: extensions({ assignees: [['starterLeader', '', '发起人的部门负责人']], buttons: APPROVE }),
    },
    { id: 'daysGateway', type: 'exclusiveGateway', name: '请假天数', x: 470, y: 200, label: 'above' },
    {
      id: 'directorApprove',
      type: 'userTask',
      name: '园区主任审批',
      x: 620,
      y: 330,
      attrs: { 'park:dueTime': 'P2D' },
      inner: extensions({ assignees: [['role', ROLE.director, '园区主任']], buttons: APPROVE }),
    },
    { ...end(780), label: 'above' },
  ],
  flows: [
    flow('toLeader', 'start', 'leaderApprove'),
    flow('toGateway', 'leaderApprove', 'daysGateway'),
    flow('shortLeave', 'daysGateway', 'end', { name: '3天及以内', condition: 'days <= 3' }),
    flow('longLeave', 'daysGateway', 'directorApprove', { name: '超过3天', condition: 'days > 3' }),
    flow('directorDone', 'directorApprove', 'end'),
  ],
});

const EXPENSE = bpmnXml({
  id: 'expense',
  name: '报销流程',
  nodes: [
    start('expense'),
    {
      id: 'leaderApprove',
      type: 'userTask',
      name: '部门负责人审批',
      x: 310,
      y: 200,
      inner: extensions({ assignees: [['starterLeader', '', '发起人的部门负责人']], buttons: APPROVE }),
    },
    {
      id: 'financeSign',
      type: 'userTask',
      name: '财务会签',
      x: 480,
      y: 200,
      attrs: { 'park:dueTime': 'P3D', 'park:remindBefore': 'P1D' },
      inner: `${extensions({
        assignees: [['role', ROLE.finance, '财务人员']],
        buttons: [...APPROVE, 'wf_add_instance', 'wf_del_instance'],
      })}
      <bpmn:multiInstanceLoopCharacteristics isSequential="false" park:signMode="all" />`,
    },
    end(640),
  ],
  flows: [
    flow('toLeader', 'start', 'leaderApprove'),
    flow('toFinance', 'leaderApprove', 'financeSign'),
    flow('signed', 'financeSign', 'end'),
  ],
});

const REPAIR = bpmnXml({
  id: 'repair',
  name: '报修处理',
  nodes: [
    start('repair'),
    {
      id: 'dispatch',
      type: 'userTask',
      name: '派单',
      x: 310,
      y: 200,
      inner: extensions({
        assignees: [['dept', PROPERTY_DEPT, '物业部']],
        buttons: ['wf_pass', 'wf_reject', 'wf_transfer'],
        fields: [['handler', 'editable']],
      }),
    },
    {
      id: 'handle',
      type: 'userTask',
      name: '维修处理',
      x: 470,
      y: 200,
      attrs: { 'park:dueTime': 'P1D', 'park:remindBefore': 'PT2H' },
      inner: extensions({
        assignees: [['field', 'handler', '处理人']],
        buttons: ['wf_pass', 'wf_rollback', 'wf_transfer'],
        fields: [['result', 'editable']],
      }),
    },
    {
      id: 'overdue',
      type: 'boundaryEvent',
      name: '超时',
      x: 470,
      y: 240,
      label: 'right',
      attrs: { attachedToRef: 'handle', cancelActivity: 'false' },
      inner: '      <bpmn:timerEventDefinition />',
    },
    {
      id: 'overdueNotice',
      type: 'serviceTask',
      name: '超时通知',
      x: 470,
      y: 350,
      inner: extensions({ copyTo: [['dept', PROPERTY_DEPT, '物业部']] }),
    },
    end(630, 350, '通知完成', 'Notice'),
    {
      id: 'confirm',
      type: 'userTask',
      name: '报修人确认',
      x: 630,
      y: 200,
      inner: extensions({
        assignees: [['starter', '', '发起人']],
        buttons: ['wf_pass', 'wf_rollback'],
        fields: [['satisfaction', 'editable']],
      }),
    },
    end(790),
  ],
  flows: [
    flow('toDispatch', 'start', 'dispatch'),
    flow('toHandle', 'dispatch', 'handle'),
    flow('toNotice', 'overdue', 'overdueNotice', {
      waypoints: [
        [470, 258],
        [470, 310],
      ],
    }),
    flow('noticed', 'overdueNotice', 'endNotice'),
    flow('toConfirm', 'handle', 'confirm'),
    flow('confirmed', 'confirm', 'end'),
  ],
});

/** [n, key, name, category, icon, xml, form n] */
const MODELS: [number, string, string, string, string, string, number][] = [
  [31, 'leave', '请假流程', CATEGORY.office, 'schedule', LEAVE, 21],
  [32, 'expense', '报销流程', CATEGORY.finance, 'account-book', EXPENSE, 22],
  [33, 'repair', '报修处理', CATEGORY.property, 'tool', REPAIR, 23],
];

/** The demo people: [n, account, name, role, dept, post]. */
const PEOPLE: [number, string, string, string, string, string][] = [
  [51, 'zhang_zr', '张主任', ROLE.director, SEED.rootDept, '1123598817738675202'],
  [52, 'li_kj', '李会计', ROLE.finance, SEED.rootDept, '1123598817738675203'],
  [53, 'wang_cn', '王出纳', ROLE.finance, SEED.rootDept, '1123598817738675208'],
  [54, 'zhao_wx', '赵师傅', STAFF_ROLE, PROPERTY_DEPT, '1123598817738675208'],
  [55, 'liu_wy', '刘主管', STAFF_ROLE, PROPERTY_DEPT, '1123598817738675206'],
];

/** The process screens (start, to do, ...) the demo roles open: what their people will act in. */
const PROCESS_MENUS = [
  'workflow',
  'workflow_process',
  'wf_start',
  'wf_todo',
  'wf_claim',
  'wf_send',
  'wf_done',
  'wf_copy',
  'oa',
  'oa_work',
];

export async function seedWorkflowDemo(q: Queryable) {
  await insertRows(q, 'blade_role', [
    {
      id: ROLE.director,
      tenant_id: t,
      parent_id: SEED.userRole,
      role_name: '园区主任',
      role_alias: 'park_director',
      sort: 5,
    },
    { id: ROLE.finance, tenant_id: t, parent_id: SEED.userRole, role_name: '财务人员', role_alias: 'finance', sort: 6 },
  ]);
  await insertRows(
    q,
    'blade_role_menu',
    [ROLE.director, ROLE.finance, STAFF_ROLE].flatMap((role, r) =>
      PROCESS_MENUS.map((code, m) => ({ id: id(60 + r * 10 + m), menu_id: menuId(code), role_id: role })),
    ),
  );
  await insertRows(
    q,
    'blade_user',
    PEOPLE.map(([n, account, name, role, dept, post]) => ({
      id: id(n),
      tenant_id: t,
      user_type: 1,
      account,
      password: hashPassword(DEMO_PASSWORD),
      initial_password: 1,
      name,
      real_name: name,
      role_id: role,
      dept_id: dept,
      post_id: post,
      create_user: SEED.adminUser,
    })),
  );

  await insertRows(q, 'wf_category', [
    {
      id: CATEGORY.office,
      ...audit,
      parent_id: 0,
      ancestors: '0',
      name: '行政办公',
      code: 'office',
      sort: 1,
      remark: DEMO,
    },
    {
      id: CATEGORY.finance,
      ...audit,
      parent_id: 0,
      ancestors: '0',
      name: '财务报销',
      code: 'finance',
      sort: 2,
      remark: DEMO,
    },
    {
      id: CATEGORY.property,
      ...audit,
      parent_id: 0,
      ancestors: '0',
      name: '物业服务',
      code: 'property',
      sort: 3,
      remark: DEMO,
    },
  ]);

  const forms = new Map<string, DeployedForm>();
  for (const [n, key, name, category, schema] of FORMS) {
    const content = JSON.stringify(schema);
    forms.set(key, { formKey: key, formId: id(n), name, version: 1, content });
    await insertRows(q, 'wf_form', [
      { id: id(n), ...audit, form_key: key, name, category_id: category, content, version: 1, remark: DEMO },
    ]);
    await insertRows(q, 'wf_form_history', [
      { id: id(n + 100), ...audit, form_id: id(n), form_key: key, name, content, version: 1, remark: DEMO },
    ]);
  }

  for (const [n, key, name, category, icon, xml] of MODELS) {
    const { problems, forms: used } = await validateModel(xml, key, async (keys) => {
      return new Map(keys.flatMap((k) => (forms.has(k) ? [[k, forms.get(k)!] as const] : [])));
    });
    if (problems.length)
      throw new Error(`The demo model ${key} does not validate: ${problems.map((p) => p.en).join('; ')}`);
    await insertRows(q, 'wf_model', [
      {
        id: id(n),
        ...audit,
        model_key: key,
        name,
        category_id: category,
        icon,
        xml,
        version: 1,
        description: `${DEMO}：${name}`,
      },
    ]);
    await insertRows(q, 'wf_model_history', [
      { id: id(n + 100), ...audit, model_id: id(n), model_key: key, name, xml, version: 1 },
    ]);
    await insertRows(q, 'wf_deployment', [
      {
        id: id(n + 200),
        ...audit,
        model_id: id(n),
        process_key: key,
        name,
        category_id: category,
        icon,
        version: 1,
        xml,
        forms: JSON.stringify(used),
      },
    ]);
  }

  // Repairs are reported by the enterprises' company accounts and by the park's own people.
  await insertRows(q, 'wf_model_scope', [
    { id: id(41), ...audit, model_id: id(33), scope_type: 'company', val: '', text: '' },
    { id: id(42), ...audit, model_id: id(33), scope_type: 'dept', val: SEED.rootDept, text: '园区运营中心' },
  ]);
  await insertRows(q, 'wf_condition', [
    { id: id(43), ...audit, name: '请假超过3天', expression: 'days > 3', remark: DEMO },
    { id: id(44), ...audit, name: '报销超过5000元', expression: 'total > 5000', remark: DEMO },
  ]);
  await insertRows(q, 'wf_form_default_values', [
    { id: id(45), ...audit, name: '发起人姓名', content: 'starter.realName', field_type: 'input', remark: DEMO },
    { id: id(46), ...audit, name: '今天', content: 'today()', field_type: 'date', remark: DEMO },
  ]);
  // Whom 部门负责人审批 asks: the centre's director, and the property department's supervisor.
  await q.query('update blade_dept set leader_id = $2 where id = $1', [SEED.rootDept, id(51)]);
  await q.query('update blade_dept set leader_id = $2 where id = $1', [PROPERTY_DEPT, id(55)]);
  await insertRows(q, 'oa_category', [
    { id: id(47), ...audit, name: '行政事务', workflow_category_id: CATEGORY.office, sort: 1, remark: DEMO },
    { id: id(48), ...audit, name: '费用报销', workflow_category_id: CATEGORY.finance, sort: 2, remark: DEMO },
  ]);
}
