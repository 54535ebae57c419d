import { dictField, longText, NOT_NEGATIVE, text, typed } from '../crm/fields.ts';
import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * The park's personnel (spec part 2 "/basic/personel/staff/detail with child tabs staff-assessment
 * and staff-subsidy"; part 7 basic `staff`, `staff-subsidy`, `staff-assessment`,
 * `staff-assessment-evaluate`): the park's own people, each with the subsidies paid to them and their
 * assessments, an assessment with the evaluations that score it.
 */

/** The staff detail page's path: the person's tabs read and write subsidies and assessments there. */
export const STAFF_ROUTE = '/basic/personel/staff';
export const STAFF_DETAIL_ROUTE = `${STAFF_ROUTE}/detail`;
const SUBSIDY_ROUTE = '/basic/personel/staff-subsidy';
const ASSESSMENT_ROUTE = '/basic/personel/staff-assessment';
const EVALUATION_ROUTE = '/basic/personel/staff-assessment-evaluation';

/** An evaluation's score: spec part 5 is silent, so a park's 0 to 100 (docs/decisions.md). */
export const SCORE_RANGE = { min: 0, max: 100 } as const;

/** The row of another entity a child row hangs on, its name read with the row by the server. */
function parentField(name: string, label: Text, entity: string, nameField: string, as: string): FieldDef {
  return { ...typed(name, 'id', label, { required: true }), search: true, ref: { entity, nameField, as } };
}

export const staff: EntityDef = {
  key: 'staff',
  module: 'basic',
  api: 'blade-basic/staff',
  route: STAFF_ROUTE,
  table: 'basic_staff',
  label: { zh: '人员信息', en: 'Personnel' },
  // The subsidy and assessment forms pick their person from this list.
  readWith: [SUBSIDY_ROUTE, ASSESSMENT_ROUTE],
  fields: [
    text('staffName', { zh: '姓名', en: 'Name' }, { required: true, search: true, max: 64 }),
    { ...dictField('sex', { zh: '性别', en: 'Gender' }, 'sex'), search: false },
    text('phone', { zh: '手机号码', en: 'Mobile' }, { max: 20, format: 'mobile' }),
    dictField('staffPost', { zh: '岗位', en: 'Post' }, 'staff_post'),
    {
      ...dictField('professionalTitle', { zh: '职称', en: 'Professional title' }, 'professional_title'),
      search: false,
    },
    dictField('talentTitle', { zh: '人才称号', en: 'Talent title' }, 'talent_title'),
    text('education', { zh: '学历', en: 'Education' }, { max: 64 }),
    typed('joinDate', 'date', { zh: '入职日期', en: 'Join date' }),
    // Set by the bind calls (user-bind, create-bind, unbind), never by the form.
    {
      name: 'userId',
      type: 'id',
      label: { zh: '绑定账号', en: 'Bound account' },
      form: false,
      ref: { entity: 'user', nameField: 'account', as: 'userAccount' },
    },
    remarkField,
    createTimeField,
  ],
};

export const staffSubsidy: EntityDef = {
  key: 'staff_subsidy',
  module: 'basic',
  api: 'blade-basic/staff-subsidy',
  route: SUBSIDY_ROUTE,
  table: 'basic_staff_subsidy',
  label: { zh: '人才补贴', en: 'Talent subsidies' },
  readWith: [STAFF_ROUTE],
  fields: [
    parentField('staffId', { zh: '人员', en: 'Person' }, 'staff', 'staffName', 'staffName'),
    text('subsidyName', { zh: '补贴名称', en: 'Subsidy' }, { required: true, search: true, max: 100 }),
    { ...typed('amount', 'money', { zh: '补贴金额(元)', en: 'Amount (yuan)' }, { required: true }), ...NOT_NEGATIVE },
    typed('grantDate', 'date', { zh: '发放日期', en: 'Granted on' }),
    remarkField,
    createTimeField,
  ],
};

export const staffAssessment: EntityDef = {
  key: 'staff_assessment',
  module: 'basic',
  api: 'blade-basic/staff-assessment',
  route: ASSESSMENT_ROUTE,
  table: 'basic_staff_assessment',
  label: { zh: '人员考核', en: 'Assessments' },
  // The evaluation form picks its assessment from this list.
  readWith: [STAFF_ROUTE, EVALUATION_ROUTE],
  fields: [
    parentField('staffId', { zh: '人员', en: 'Person' }, 'staff', 'staffName', 'staffName'),
    text('assessmentName', { zh: '考核名称', en: 'Assessment' }, { required: true, search: true, max: 100 }),
    typed('assessmentYear', 'int', { zh: '考核年度', en: 'Year' }, { required: true, min: 2000, max: 2100 }),
    typed('assessmentDate', 'date', { zh: '考核日期', en: 'Date' }),
    // The mean of its evaluations, kept by the server.
    { name: 'score', type: 'decimal', label: { zh: '考核得分', en: 'Score' }, form: false, sort: true },
    remarkField,
    createTimeField,
  ],
};

export const staffAssessmentEvaluate: EntityDef = {
  key: 'staff_assessment_evaluation',
  module: 'basic',
  api: 'blade-basic/staff-assessment-evaluate',
  route: EVALUATION_ROUTE,
  table: 'basic_staff_assessment_evaluate',
  label: { zh: '考核评价', en: 'Evaluations' },
  fields: [
    parentField(
      'assessmentId',
      { zh: '所属考核', en: 'Assessment' },
      'staff_assessment',
      'assessmentName',
      'assessmentName',
    ),
    text('evaluator', { zh: '评价人', en: 'Evaluator' }, { required: true, search: true, max: 64 }),
    {
      ...typed('score', 'decimal', { zh: '评分', en: 'Score' }, { required: true, ...SCORE_RANGE }),
      sort: true,
    },
    longText('content', { zh: '评价内容', en: 'Comment' }),
    createTimeField,
  ],
};
