import { qnSurvey, qnSurveyData, SHEET_STATUS } from '@park/catalog';
import { isAdministrator, type RequestContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { permissionsOf } from '../../platform/permissions.ts';
import type { Platform } from '../../platform/platform.ts';
import { ownEnterprise } from '../user/company.ts';

/**
 * Who must answer a survey (its scope, qn_survey_scope) and who manages surveys. A member is a live, enabled user of
 * the survey's tenant that a scope row names: as a user, by one of their roles, departments or posts, or, for a
 * company account, by its enterprise (a company row without ids names every company account). Read from the user's
 * row at the moment it is asked, one SQL condition for the lists, the answer's check and the messages.
 */

/** The condition that the blade_user row `u` is a member of the survey whose id is the SQL expression `survey`. */
export const IN_SCOPE = (survey: string) =>
  `exists (select 1 from qn_survey_scope sc where sc.survey_id = ${survey} and sc.is_deleted = 0 and (
      (sc.scope_type = 'user' and u.id::text = any(string_to_array(sc.val, ',')))
      or (sc.scope_type = 'role' and string_to_array(u.role_id, ',') && string_to_array(sc.val, ','))
      or (sc.scope_type = 'dept' and string_to_array(u.dept_id, ',') && string_to_array(sc.val, ','))
      or (sc.scope_type = 'post' and string_to_array(u.post_id, ',') && string_to_array(sc.val, ','))
      or (sc.scope_type = 'company' and u.user_type = 2 and u.enterprise_id is not null
          and (coalesce(sc.val, '') = '' or u.enterprise_id::text = any(string_to_array(sc.val, ','))))))`;

/** A live, enabled user of tenant `tenant` (an SQL expression). */
const LIVE_USER = (tenant: string) => `u.tenant_id = ${tenant} and u.is_deleted = 0 and u.status = 1`;

/** The members of a survey's scope, by id. */
export async function members(q: Queryable, tenantId: string, surveyId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `select u.id::text as id from blade_user u where ${LIVE_USER('$1')} and ${IN_SCOPE('$2')} order by u.id`,
    [tenantId, surveyId],
  );
  return rows.map((r) => r.id);
}

/** The members of the scope who have not submitted a sheet: whom enabling the survey tells. */
export async function membersToTell(q: Queryable, tenantId: string, surveyId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `select u.id::text as id from blade_user u where ${LIVE_USER('$1')} and ${IN_SCOPE('$2')}
        and not exists (select 1 from ${qnSurveyData.table} d where d.survey_id = $2 and d.respondent_id = u.id
                           and d.status = ${SHEET_STATUS.submitted} and d.is_deleted = 0)
      order by u.id`,
    [tenantId, surveyId],
  );
  return rows.map((r) => r.id);
}

/** One user as an answer sees them: whether the survey's scope names them, and their enterprise (a company account's). */
export async function respondentOf(
  q: Queryable,
  tenantId: string,
  surveyId: string,
  userId: string,
): Promise<{ member: boolean; enterpriseId: string | null }> {
  const [row] = await q.query<{ member: boolean; enterprise_id: string | null }>(
    `select ${IN_SCOPE('$2')} as member, case when u.user_type = 2 then u.enterprise_id::text end as enterprise_id
       from blade_user u where u.id = $3 and ${LIVE_USER('$1')}`,
    [tenantId, surveyId, userId],
  );
  return { member: row?.member === true, enterpriseId: row?.enterprise_id ?? null };
}

/** The scope's size and how many of its members have submitted a sheet: the survey's response rate. */
export async function responseOf(
  q: Queryable,
  tenantId: string,
  surveyId: string,
): Promise<{ members: number; answered: number }> {
  const [row] = await q.query<{ members: string; answered: string }>(
    `select count(*) as members,
            count(*) filter (where exists (select 1 from ${qnSurveyData.table} d where d.survey_id = $2
                                 and d.respondent_id = u.id and d.status = ${SHEET_STATUS.submitted} and d.is_deleted = 0))
              as answered
       from blade_user u where ${LIVE_USER('$1')} and ${IN_SCOPE('$2')}`,
    [tenantId, surveyId],
  );
  return { members: Number(row.members), answered: Number(row.answered) };
}

/**
 * The surveys a caller finds in their list (`mine`): the enabled ones whose scope names them. As a condition on
 * qn_survey's own row (the engine's page), the caller's id at `$user`.
 */
export const MINE = (user: string) =>
  `"status" = 1 and exists (select 1 from blade_user u where u.id = ${user} and ${LIVE_USER(`"${qnSurvey.table}"."tenant_id"`)}
      and ${IN_SCOPE(`"${qnSurvey.table}"."id"`)})`;

/** Buttons of 问卷调查 that make a caller one who runs surveys (not only answers them). */
const MANAGING_BUTTONS = ['survey_add', 'survey_edit', 'survey_delete'];
/** Screens whose holders read every survey and sheet of the tenant: 问卷数据, 问卷范围. */
const MANAGING_SCREENS = ['/questionnaire/survey-data', '/questionnaire/survey-scope'];

/**
 * Whether the caller runs the tenant's surveys: reads every survey, every sheet and the statistics. Anyone else
 * (a company account always) is a respondent: their enabled surveys and their own sheets only.
 */
export async function managesSurveys(platform: Platform, caller: RequestContext): Promise<boolean> {
  if ((await ownEnterprise(platform)) !== null) return false;
  if (isAdministrator(caller)) return true;
  const perms = await permissionsOf(platform, caller);
  return MANAGING_BUTTONS.some((b) => perms.buttons.has(b)) || perms.mayOpen(MANAGING_SCREENS);
}
