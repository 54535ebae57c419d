import type { FormSchema } from '@park/catalog/forms';
import { schemaProblems } from '@park/catalog/forms';
import { saveSheet } from '../modules/questionnaire/sheets.ts';
import { enableSurvey, replaceScope } from '../modules/questionnaire/surveys.ts';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/**
 * Demo questionnaires of tenant 000000 (issue 32): two categories, the park's satisfaction questionnaire (a form
 * with every question kind, version 1, enabled), two templates, a research project, and the second quarter's
 * satisfaction survey made from the form, sent to every company account and enabled through the module's own
 * functions (the company accounts are told); then DEMO_SHEETS sheets answered by the demo enterprises' company
 * accounts through the module's answer function (checked, counted), spread over the survey's first weeks, and one
 * draft. Ids 19000000000032NNNN for the fixed rows; every row says 演示数据.
 */
const DEMO = '演示数据';
/** The satisfaction survey's submitted sheets: a few hundred, as a park's quarterly survey has. */
export const DEMO_SHEETS = 240;
const t = PLATFORM_TENANT;
const id = (n: number) => `19000000000032${String(n).padStart(4, '0')}`;
const audit = { tenant_id: t, create_user: SEED.adminUser, create_dept: SEED.rootDept, update_user: SEED.adminUser };
const options = (labels: string[]) => labels.map((label, i) => ({ label, value: String(i + 1) }));

const SATISFACTION: FormSchema = {
  version: 1,
  labelWidth: 120,
  fields: [
    {
      id: 'q_overall',
      type: 'radio',
      name: 'overall',
      label: '您对园区的总体满意度',
      required: true,
      options: options(['非常满意', '满意', '一般', '不满意', '非常不满意']),
    },
    {
      id: 'q_services',
      type: 'checkbox',
      name: 'services',
      label: '近一季度使用过的园区服务',
      options: [
        ...options(['物业服务', '食堂餐饮', '会议室预订', '政策申报', '人才招聘']),
        { label: '其他', value: 'other', other: true },
      ],
    },
    { id: 'q_property', type: 'rating', name: 'property', label: '物业服务评分', required: true, max: 5 },
    { id: 'q_nps', type: 'nps', name: 'recommend', label: '您向其他企业推荐本园区的可能性', required: true },
    {
      id: 'q_grid',
      type: 'matrix',
      name: 'facilities',
      label: '园区设施评价',
      rows: [
        { label: '环境卫生', value: 'clean' },
        { label: '安全保卫', value: 'security' },
        { label: '网络通信', value: 'network' },
        { label: '停车', value: 'parking' },
      ],
      options: options(['满意', '一般', '不满意']),
    },
    { id: 'q_staff', type: 'number', name: 'staff', label: '企业目前员工人数', min: 0, precision: 0 },
    {
      id: 'q_priority',
      type: 'ranking',
      name: 'priority',
      label: '希望园区优先改进的三项（按重要性排序）',
      max: 3,
      options: options(['停车', '餐饮', '网络', '绿化', '班车']),
    },
    { id: 'q_advice', type: 'textarea', name: 'advice', label: '意见与建议', max: 500 },
  ],
};

const NEEDS: FormSchema = {
  version: 1,
  fields: [
    {
      id: 'n_needs',
      type: 'checkbox',
      name: 'needs',
      label: '贵企业当前最需要的服务',
      required: true,
      options: options(['融资对接', '人才招聘', '政策咨询', '市场推广', '技术合作']),
    },
    {
      id: 'n_space',
      type: 'radio',
      name: 'space',
      label: '未来一年办公面积需求',
      options: options(['扩大', '不变', '缩小']),
    },
    { id: 'n_revenue', type: 'money', name: 'revenue', label: '上年度营业收入（万元）', min: 0 },
    { id: 'n_other', type: 'textarea', name: 'other', label: '其他需求', max: 500 },
  ],
};

/** The answers of sheet `i`: varied, repeatable, each a valid answer to the satisfaction questionnaire. */
function answersOf(i: number): Record<string, unknown> {
  const pick = <T>(list: T[], salt: number) => list[(i * 7 + salt * 3 + (i >> 2)) % list.length];
  const overall = pick(['1', '2', '2', '2', '3', '1', '3', '4', '2', '5'], 1);
  const services = ['1', '2', '3', '4', '5'].filter((_, k) => (i + k * 3) % 4 === 0 || (i * k) % 5 === 1);
  const values: Record<string, unknown> = {
    overall,
    property: pick([5, 4, 4, 3, 5, 2, 4], 2),
    recommend: pick([10, 9, 8, 7, 9, 6, 10, 4, 8], 3),
    facilities: {
      clean: pick(['1', '1', '2'], 4),
      security: pick(['1', '2', '1', '1'], 5),
      network: pick(['2', '1', '3', '2'], 6),
      parking: pick(['3', '2', '3', '1'], 7),
    },
    staff: 20 + ((i * 37) % 180),
    priority: [pick(['1', '2', '3'], 8), pick(['4', '5'], 9)].concat(pick(['1', '2', '3'], 8) === '1' ? ['2'] : ['1']),
  };
  if (services.length) values.services = services;
  if (i % 9 === 4) {
    values.services = [...services, 'other'];
    values['services:other'] = '法律咨询';
  }
  if (i % 5 === 0)
    values.advice = pick(['希望增加停车位', '食堂菜品可以更丰富', '会议室预订很方便', '网络偶尔不稳定'], 10);
  return values;
}

export async function seedQuestionnaireDemo(q: Queryable) {
  for (const [name, schema] of [
    ['satisfaction', SATISFACTION],
    ['needs', NEEDS],
  ] as const) {
    const problems = schemaProblems(schema);
    if (problems.length) throw new Error(`The demo questionnaire ${name} does not validate: ${problems[0].en}`);
  }
  const CATEGORY = { satisfaction: id(1), needs: id(2) };
  await insertRows(q, 'qn_category', [
    { id: CATEGORY.satisfaction, ...audit, name: '满意度调查', code: 'satisfaction', sort: 1, remark: DEMO },
    { id: CATEGORY.needs, ...audit, name: '需求调研', code: 'needs', sort: 2, remark: DEMO },
  ]);
  const satisfaction = JSON.stringify(SATISFACTION);
  const needs = JSON.stringify(NEEDS);
  await insertRows(q, 'qn_form', [
    {
      id: id(11),
      ...audit,
      name: '园区企业满意度调查',
      category_id: CATEGORY.satisfaction,
      content: satisfaction,
      version: 1,
      description: `${DEMO}：每季度一次`,
    },
    {
      id: id(12),
      ...audit,
      name: '企业服务需求调研',
      category_id: CATEGORY.needs,
      content: needs,
      version: 1,
      description: DEMO,
    },
  ]);
  await insertRows(q, 'qn_form_history', [
    {
      id: id(21),
      ...audit,
      form_id: id(11),
      name: '园区企业满意度调查',
      content: satisfaction,
      version: 1,
      remark: DEMO,
    },
    { id: id(22), ...audit, form_id: id(12), name: '企业服务需求调研', content: needs, version: 1, remark: DEMO },
  ]);
  await insertRows(q, 'qn_template', [
    {
      id: id(31),
      ...audit,
      name: '季度满意度调查模板',
      category_id: CATEGORY.satisfaction,
      content: satisfaction,
      form_id: id(11),
      sort: 1,
      description: `${DEMO}：总体满意度、服务评分、NPS、设施评价与改进优先级`,
    },
    {
      id: id(32),
      ...audit,
      name: '企业需求调研模板',
      category_id: CATEGORY.needs,
      content: needs,
      form_id: id(12),
      sort: 2,
      description: DEMO,
    },
  ]);

  const [window] = await q.query<{ start: string; end: string }>(
    `select date_trunc('day', localtimestamp(0)) - interval '20 days' as start,
            date_trunc('day', localtimestamp(0)) + interval '40 days' - interval '1 second' as end`,
  );
  const survey = id(41);
  await insertRows(q, 'qn_survey', [
    {
      id: survey,
      ...audit,
      title: '2025年第二季度园区企业满意度调查',
      form_id: id(11),
      form_version: 1,
      form_history_id: id(21),
      template_id: id(31),
      start_time: window.start,
      end_time: window.end,
      anonymous: 0,
      // Each enterprise answers through its company account, once per department that takes part.
      allow_multiple: 1,
      description: `${DEMO}：请各入驻企业组织填写，每个部门可提交一份`,
      status: 0,
    },
  ]);
  const admin = { tenantId: t, userId: SEED.adminUser, deptId: SEED.rootDept };
  await replaceScope(q, admin, survey, [{ scopeType: 'company', ids: [] }]);
  await enableSurvey(q, admin, survey);

  await insertRows(q, 'qn_research', [
    {
      id: id(51),
      ...audit,
      name: '2025年度入驻企业发展需求调研',
      category_id: CATEGORY.needs,
      leader: '园区运营中心',
      start_date: window.start.slice(0, 10),
      end_date: window.end.slice(0, 10),
      description: `${DEMO}：结合季度满意度调查，走访重点企业，了解融资、人才与办公空间需求，形成年度服务计划。`,
      remark: DEMO,
    },
  ]);

  const accounts = await q.query<{ id: string; dept: string | null }>(
    `select id::text as id, dept_id as dept from blade_user
      where tenant_id = $1 and user_type = 2 and is_deleted = 0 and status = 1 order by id`,
    [t],
  );
  const sheets: string[] = [];
  for (let i = 0; i < DEMO_SHEETS && accounts.length; i++) {
    const who = accounts[i % accounts.length];
    const saved = await saveSheet(
      q,
      { tenantId: t, userId: who.id, deptId: who.dept },
      { surveyId: survey, values: answersOf(i), draft: false },
    );
    sheets.push(saved.id);
  }
  if (accounts.length) {
    await saveSheet(
      q,
      { tenantId: t, userId: accounts[0].id, deptId: accounts[0].dept },
      { surveyId: survey, values: { overall: '2', advice: '还在征求各部门意见' }, draft: true },
    );
  }
  // Answered over the survey's first weeks, not all at the seed's moment (the counters do not depend on when).
  await q.query(
    `update qn_survey_data d set submit_time = $2::timestamp + make_interval(hours => 9 + (x.n % 9)::int, days => (x.n * 19 / $3)::int),
            create_time = $2::timestamp + make_interval(hours => 9 + (x.n % 9)::int, days => (x.n * 19 / $3)::int)
       from unnest($1::bigint[]) with ordinality as x(id, n)
      where d.id = x.id`,
    [sheets, window.start, DEMO_SHEETS],
  );
}
