import { staff, staffAssessment, staffAssessmentEvaluate, staffSubsidy } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { mountStaffAccounts } from '../../resources/staff-accounts.ts';
import { oneId } from '../system/id-list.ts';
import { COMPANY_USER_TYPE } from '../user/company.ts';
import { checkCredentials, createAccount } from '../user/new-account.ts';
import { checkRoles } from '../user/resource.ts';
import { requireLive } from './team-project.ts';

/**
 * The park's personnel (blade-basic/staff, staff-subsidy, staff-assessment, staff-assessment-evaluate):
 * the generic endpoints; staff with the account calls the CRM staff has (resources/staff-accounts.ts),
 * a park person taking a park account; subsidies and assessments naming a live person, evaluations a
 * live assessment, whose score is the mean of its evaluations; a removed person taking its rows along.
 */
const MSG = {
  staff: { zh: '所属人员不存在', en: 'The person does not exist' },
  assessment: { zh: '所属考核不存在', en: 'The assessment does not exist' },
  companyAccount: {
    zh: '企业账号不能绑定园区人员',
    en: 'A company account cannot be bound to a person of the park',
  },
  notBound: { zh: '当前账号未绑定园区人员', en: 'Your account is not bound to a person of the park' },
  dept: { zh: '请选择所属部门', en: 'Please select the department' },
} as const;

/** Removes, in the removing transaction, the live rows of `table` whose `column` names one of `ids`. */
function removeWith(q: Queryable, table: string, column: string, ids: string[]) {
  return q.query<{ id: string }>(
    `update ${table} set is_deleted = 1, update_user = $2, update_time = localtimestamp(0)
      where ${column} = any($1::bigint[]) and tenant_id = $3 and is_deleted = 0 returning id::text as id`,
    [ids, ctx().userId, ctx().tenantId],
  );
}

/** An assessment's score: the mean of its live evaluations, none when it has none. */
function scoreAssessments(q: Queryable, ids: string[]) {
  return q.query(
    `update basic_staff_assessment a
        set score = (select round(avg(e.score), 1) from basic_staff_assessment_evaluate e
                      where e.assessment_id = a.id and e.is_deleted = 0)
      where a.id = any($1::bigint[])`,
    [ids],
  );
}

export function registerPersonnel(app: FastifyInstance, platform: Platform) {
  const people = createResource(platform, staff, {
    async afterRemove({ q, ids }) {
      await removeWith(q, 'basic_staff_subsidy', 'staff_id', ids);
      const assessments = await removeWith(q, 'basic_staff_assessment', 'staff_id', ids);
      if (assessments.length) {
        await removeWith(
          q,
          'basic_staff_assessment_evaluate',
          'assessment_id',
          assessments.map((a) => a.id),
        );
      }
    },
  });
  mountResource(app, people);
  mountStaffAccounts(app, platform, people, {
    button: 'staff_edit',
    nameField: 'staffName',
    notBound: MSG.notBound,
    // The park's people take park accounts: a company account works for its enterprise.
    checkUser(user) {
      if (user.userType === COMPANY_USER_TYPE) throw badRequest(MSG.companyAccount);
    },
    async createAccount(row, body, name) {
      const { tenantId, userId: createUser } = ctx();
      checkCredentials(body.account, body.password);
      // As the user screen asks of a park account: its roles and its department.
      if (!body.deptId) throw badRequest(MSG.dept);
      const deptId = oneId(body.deptId, 'deptId');
      return async (q) =>
        createAccount(q, {
          tenantId,
          userType: 1,
          enterpriseId: null,
          account: body.account,
          password: body.password,
          name,
          phone: row.phone as string | null,
          roleId: (await checkRoles(q, tenantId, body.roleId)).join(','),
          deptId,
          createUser,
        });
    },
    created(row, account) {
      platform.logs.event('info', 'basic.staff-account', `为园区人员 ${row.staffName} 新建账号 ${account}`);
    },
  });

  const subsidies = createResource(platform, staffSubsidy, {
    async beforeSave({ q, values }) {
      await requireLive(q, 'basic_staff', values.staffId, MSG.staff);
    },
  });
  mountResource(app, subsidies);

  const assessments = createResource(platform, staffAssessment, {
    async beforeSave({ q, values }) {
      await requireLive(q, 'basic_staff', values.staffId, MSG.staff);
    },
    async afterRemove({ q, ids }) {
      await removeWith(q, 'basic_staff_assessment_evaluate', 'assessment_id', ids);
    },
  });
  mountResource(app, assessments);

  // The assessment an edited evaluation leaves, by the body of its save, to score again after it.
  const left = new WeakMap<object, string>();
  const evaluations = createResource(platform, staffAssessmentEvaluate, {
    async beforeSave({ q, isNew, body, values }) {
      await requireLive(q, 'basic_staff_assessment', values.assessmentId, MSG.assessment);
      if (isNew || values.assessmentId === undefined) return;
      const [stored] = await q.query<{ assessment_id: string }>(
        'select assessment_id::text from basic_staff_assessment_evaluate where id = $1',
        [body.id],
      );
      if (stored) left.set(body, stored.assessment_id);
    },
    async afterSave({ q, row, body }) {
      await scoreAssessments(q, [String(row.assessmentId), ...(left.has(body) ? [left.get(body)!] : [])]);
    },
    async afterRemove({ q, ids }) {
      const of = await q.query<{ id: string }>(
        'select distinct assessment_id::text as id from basic_staff_assessment_evaluate where id = any($1::bigint[])',
        [ids],
      );
      await scoreAssessments(
        q,
        of.map((r) => r.id),
      );
    },
  });
  mountResource(app, evaluations);
}
