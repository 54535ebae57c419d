import { POLICY_PUBLISH, POLICY_PUSH_STATUS, policy, policyPush, SCALE_BOUNDS } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx, type RequestContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { dictionaryEntries } from '../../platform/dictionaries.ts';
import { badRequest, forbidden, ok } from '../../platform/errors.ts';
import { isId, nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { mountAttachments } from '../../resources/attachments.ts';
import { createResource, type EntityHooks, mountResource, objectBody, type Resource } from '../../resources/engine.ts';
import { checkLiveRefs } from '../../resources/refs.ts';
import type { Where } from '../../resources/sql.ts';
import { announce, type SentMessage, send } from '../message/inbox.ts';
import { ORDINARY } from '../message/outbox.ts';
import { COMPANY_USER_TYPE, ownEnterprise } from '../user/company.ts';

/**
 * Policies (blade-basic/policy) and their push (blade-demo/policy-push). A policy is read by
 * company accounts once published; its files hang on it (attach-list, save-attach, remove-attach,
 * kept from 政策管理 with its `policy_edit`). A push sends a published policy to the park's
 * enterprises it fits (analysisPush): each enterprise once per push, which the database holds
 * (demo_policy_push_enterprise's unique index), and a company account reads the pushes that
 * reached its enterprise. Companies never write either.
 */

const MSG = {
  companyWrite: { zh: '企业账号不能修改政策', en: 'A company account cannot change policies' },
  policy: { zh: '所选政策不存在', en: 'The chosen policy does not exist' },
  push: { zh: '推送记录不存在', en: 'The push does not exist' },
  pushId: { zh: '推送记录编号无效', en: 'The push id is not valid' },
  policyGone: { zh: '所推送的政策已不存在', en: 'The pushed policy no longer exists' },
  unpublished: { zh: '政策尚未发布，不能推送', en: 'The policy is not published yet and cannot be pushed' },
  repoint: {
    zh: '已推送的记录不能更换政策，请新建推送',
    en: 'A push already sent cannot name another policy; create a new push',
  },
  analysed: { zh: '分析完成', en: 'Analysis done' },
  draft: { zh: '只能推送已发布的政策', en: 'Only a published policy can be pushed' },
  pickBody: {
    zh: '请给出要加入或移除的企业（added、removed，各最多500家）',
    en: 'Please give the enterprises to add or leave out (added, removed: 500 each at most)',
  },
  pickBoth: { zh: '同一企业不能既加入又移除', en: 'An enterprise cannot be both added and left out' },
  pickEnterprise: { zh: '所选企业不存在', en: 'A chosen enterprise does not exist' },
  picked: { zh: '推送企业已更新', en: 'The enterprises of the push are saved' },
} as const;

const INDUSTRY = policy.fields.filter((f) => f.name === 'industry');

/** Tags as stored: trimmed, without blanks or repeats, comma-joined (null for none). */
export function normalTags(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const tags = [
    ...new Set(
      String(value)
        .split(/[,，;；]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  return tags.length ? tags.join(',') : null;
}

/** Company accounts read, never write: whatever buttons an operator grants their role. */
async function refuseCompany(platform: Platform) {
  if ((await ownEnterprise(platform)) !== null) throw forbidden(MSG.companyWrite);
}

/**
 * The enterprise scale (dictionary enterprise_scale) of a registered capital, in SQL: the catalog's bounds, for
 * an enterprise row aliased `e` (the policy match here, 企业概览 in modules/decision/overview.ts).
 */
export const SCALE_SQL = `case ${[...SCALE_BOUNDS]
  .reverse()
  .map(([key, from]) => `when e.registered_capital >= ${from} then ${key}`)
  .join(' ')} end`;

export interface MatchedEnterprise {
  id: string;
  enterpriseName: string;
  /** Its industry (a node of the 行业分类 tree) and that node's name. */
  industry: string | null;
  industryName: string | null;
  scale: number | null;
  /** The policy's narrowing tags the enterprise carries. */
  tags: string[];
  /** Its live company accounts, which the push's message reaches. */
  accounts: number;
  /** Whether this push has reached it already. */
  pushed: boolean;
  /** Found by the automatic match, or added by hand (issue 34.5). */
  source?: 'match' | 'added';
}

type PolicyRow = {
  id: string;
  title: string;
  issuingBody: string;
  industry: string | null;
  enterpriseScale: number | null;
  tags: string | null;
  publishStatus: number;
};

/**
 * The enterprises of the park (in the park: status 1) that the policy fits: of its industry (that node
 * of the 行业分类 tree or any below it, by the enterprise's industry's `ancestors`) and its scale when it
 * names them, and, when its tags name qualification types (qualification_type, e.g.
 * 高新技术企业), holding a live qualification of at least one of them. Tags that name no
 * qualification (房租减免) say what the policy gives, not whom: they do not narrow.
 */
async function matchingEnterprises(
  platform: Platform,
  q: Queryable,
  tenantId: string,
  row: PolicyRow,
  pushId: string,
  only: string[] | null = null,
): Promise<MatchedEnterprise[]> {
  const types = await dictionaryEntries(platform, 'system', 'qualification_type', tenantId);
  const tags = (row.tags ?? '').split(',').filter(Boolean);
  const narrowing = types.filter((t) => tags.includes(t.dictValue));
  const keys = narrowing.map((t) => Number(t.dictKey));
  const rows = await q.query<Omit<MatchedEnterprise, 'tags'> & { held: number[] | null }>(
    `select e.id::text as id, e.enterprise_name as "enterpriseName", e.industry::text as industry,
            (select i.industry_name from basic_industry i where i.id = e.industry and i.tenant_id = e.tenant_id)
              as "industryName",
            ${SCALE_SQL} as scale,
            (select count(*)::int from blade_user u where u.tenant_id = e.tenant_id and u.enterprise_id = e.id
               and u.user_type = ${COMPANY_USER_TYPE} and u.is_deleted = 0 and u.status = 1) as accounts,
            exists (select 1 from demo_policy_push_enterprise t where t.push_id = $5 and t.enterprise_id = e.id) as pushed,
            array(select distinct qf.qualification_type from crm_qualification qf
                   where qf.tenant_id = e.tenant_id and qf.enterprise_id = e.id and qf.is_deleted = 0
                     and qf.qualification_type = any($4::int[])) as held
       from crm_enterprise e
      where e.tenant_id = $1 and e.is_deleted = 0 and (e.id = any($6::bigint[]) or $6::bigint[] is null and e.status = 1
        and ($2::bigint is null or e.industry = $2 or exists (
              select 1 from basic_industry i where i.id = e.industry and i.tenant_id = e.tenant_id
                 and $2::text = any(string_to_array(i.ancestors, ','))))
        and ($3::int is null or ${SCALE_SQL} = $3)
        and (cardinality($4::int[]) = 0 or exists (
              select 1 from crm_qualification qf where qf.tenant_id = e.tenant_id and qf.enterprise_id = e.id
                 and qf.is_deleted = 0 and qf.qualification_type = any($4::int[]))))
      order by e.enterprise_name, e.id`,
    [tenantId, row.industry, row.enterpriseScale, keys, pushId, only],
  );
  const labelOf = new Map(narrowing.map((t) => [Number(t.dictKey), t.dictValue]));
  return rows.map(({ held, ...e }) => ({ ...e, tags: (held ?? []).map((k) => labelOf.get(Number(k)) ?? String(k)) }));
}

const POLICY_COLUMNS = `id::text as id, title, issuing_body as "issuingBody", industry::text as industry,
  enterprise_scale as "enterpriseScale", tags, publish_status as "publishStatus"`;

/** What one push tells a company account. */
function messageOf(row: PolicyRow, note: string | null): { title: string; content: string } {
  const lines = [`《${row.title}》`, `发布机构：${row.issuingBody}`];
  if (note) lines.push(note);
  lines.push('请在「政策推送」中查看详情。');
  return { title: `政策推送：${row.title}`.slice(0, 255), content: lines.join('\n') };
}

export interface PushAnswer {
  pushId: string;
  policyId: string;
  policyTitle: string;
  /** True when only analysed: nothing was sent. */
  preview: boolean;
  /** Enterprises this call reached (none twice, whatever the number of calls). */
  sent: number;
  enterprises: MatchedEnterprise[];
  /** Those the match found that the operator left out (they are not sent to). */
  removed: MatchedEnterprise[];
}

/**
 * analysisPush: the enterprises the push's policy fits, and, unless only previewing, a message to
 * the company accounts of those it has not reached yet. The push row is locked for the transaction
 * and each (push, enterprise) pair is inserted once (unique index, on conflict nothing), so two
 * calls at once send each enterprise one message between them.
 */
async function analysePush(
  platform: Platform,
  pushes: Resource,
  caller: RequestContext,
  pushId: string,
  preview: boolean,
): Promise<PushAnswer> {
  if (!(await pushes.visibleIds([pushId])).length) throw badRequest(MSG.push);
  let sent: SentMessage | undefined;
  const answer = await platform.db.tx(caller.tenantId, async (q) => {
    const [push] = await q.query<{ policyId: string; pushContent: string | null }>(
      `select policy_id::text as "policyId", push_content as "pushContent" from demo_policy_push
        where id = $1 and tenant_id = $2 and is_deleted = 0 ${preview ? '' : 'for update'}`,
      [pushId, caller.tenantId],
    );
    if (!push) throw badRequest(MSG.push);
    const [row] = await q.query<PolicyRow>(
      `select ${POLICY_COLUMNS} from basic_policy where id = $1 and tenant_id = $2 and is_deleted = 0`,
      [push.policyId, caller.tenantId],
    );
    if (!row) throw badRequest(MSG.policyGone);
    if (row.publishStatus !== POLICY_PUBLISH.published) throw badRequest(MSG.unpublished);
    // The automatic match with the operator's choice kept on the push: those left out dropped, those added joined.
    const picks = await q.query<{ enterpriseId: string; included: number }>(
      'select enterprise_id::text as "enterpriseId", included from demo_policy_push_pick where push_id = $1',
      [pushId],
    );
    const leftOut = new Set(picks.filter((p) => p.included === 0).map((p) => p.enterpriseId));
    const auto = await matchingEnterprises(platform, q, caller.tenantId, row, pushId);
    const autoIds = new Set(auto.map((e) => e.id));
    const addedIds = picks.filter((p) => p.included === 1 && !autoIds.has(p.enterpriseId)).map((p) => p.enterpriseId);
    const added = addedIds.length ? await matchingEnterprises(platform, q, caller.tenantId, row, pushId, addedIds) : [];
    const matched = [
      ...auto.filter((e) => !leftOut.has(e.id)).map((e) => ({ ...e, source: 'match' as const })),
      ...added.map((e) => ({ ...e, source: 'added' as const })),
    ];
    const removed = auto.filter((e) => leftOut.has(e.id)).map((e) => ({ ...e, source: 'match' as const }));
    const base = { pushId, policyId: row.id, policyTitle: row.title, preview, removed };
    if (preview) return { ...base, sent: 0, enterprises: matched };

    const fresh = await q.query<{ enterprise_id: string }>(
      `insert into demo_policy_push_enterprise (id, tenant_id, push_id, enterprise_id)
       select t.id, $1, $2, t.enterprise_id from unnest($3::bigint[], $4::bigint[]) as t(id, enterprise_id)
       on conflict (push_id, enterprise_id) do nothing returning enterprise_id::text`,
      [caller.tenantId, pushId, matched.map(() => nextId()), matched.map((e) => e.id)],
    );
    const reached = fresh.map((f) => f.enterprise_id);
    const users = await q.query<{ id: string }>(
      `select id::text as id from blade_user where tenant_id = $1 and enterprise_id = any($2::bigint[])
          and user_type = ${COMPANY_USER_TYPE} and is_deleted = 0 and status = 1 order by id`,
      [caller.tenantId, reached],
    );
    if (users.length) {
      sent = await send(q, caller, {
        ...messageOf(row, push.pushContent),
        type: ORDINARY,
        userIds: users.map((u) => u.id),
      });
      await q.query(
        `update demo_policy_push_enterprise set message_id = $1 where push_id = $2 and enterprise_id = any($3::bigint[])`,
        [sent.id, pushId, reached],
      );
    }
    await q.query(
      `update demo_policy_push set push_status = ${POLICY_PUSH_STATUS.pushed}, push_time = localtimestamp(0),
              push_user = $2, update_user = $2, update_time = localtimestamp(0),
              enterprise_count = (select count(*) from demo_policy_push_enterprise t where t.push_id = $1)
        where id = $1`,
      [pushId, caller.userId],
    );
    const now = new Set(reached);
    return {
      ...base,
      sent: reached.length,
      enterprises: matched.map((e) => (now.has(e.id) ? { ...e, pushed: true } : e)),
    };
  });
  // Committed: the company accounts' open tabs hear of it now.
  if (sent) await announce(platform.push, caller.tenantId, sent);
  return answer;
}

export async function registerPolicies(app: FastifyInstance, platform: Platform) {
  const companyNarrowing = (narrow: (where: Where, own: string) => void): EntityHooks['scope'] => {
    return async (where) => {
      const own = await ownEnterprise(platform);
      if (own !== null) narrow(where, own);
    };
  };

  const policies = createResource(platform, policy, {
    // A company account reads what is published, nothing in the making.
    scope: companyNarrowing((where) => where.and(`"publish_status" = ${POLICY_PUBLISH.published}`)),
    async beforeSave({ q, values }) {
      await refuseCompany(platform);
      if (Object.hasOwn(values, 'tags')) values.tags = normalTags(values.tags);
      // The industry is a live node of the tenant's 行业分类 tree.
      await checkLiveRefs(q, ctx().tenantId, values, INDUSTRY);
    },
    async afterSave({ q, row }) {
      // The publishing time follows the state: set when published (kept while it stays so), cleared when withdrawn.
      await q.query(
        `update basic_policy set publish_time = case when publish_status = ${POLICY_PUBLISH.published}
           then coalesce(publish_time, localtimestamp(0)) else null end where id = $1`,
        [row.id],
      );
    },
    async afterRemove() {
      await refuseCompany(platform);
    },
  });
  mountResource(app, policies);
  // The files are kept under 政策管理, whose edit button uploads and removes them.
  await mountAttachments(app, platform, { resource: policies, ownerParam: 'policyId', button: 'policy_edit' });

  const pushes = createResource(platform, policyPush, {
    // A company account reads the pushes that reached its enterprise.
    scope: companyNarrowing((where, own) =>
      where.and(
        `exists (select 1 from demo_policy_push_enterprise t
            where t.push_id = "demo_policy_push"."id" and t.enterprise_id = ${where.param(own)})`,
      ),
    ),
    async beforeSave({ q, isNew, body, values }) {
      await refuseCompany(platform);
      if (values.policyId === undefined) return;
      const { tenantId } = ctx();
      const found = await q.query('select 1 from basic_policy where id = $1 and tenant_id = $2 and is_deleted = 0', [
        values.policyId,
        tenantId,
      ]);
      if (!found.length) throw badRequest(MSG.policy);
      // A draft is not offered (the form's drop-down lists the published ones) and not taken: a new push, or
      // one repointed, names a published policy.
      const [stored] = isNew
        ? []
        : await q.query<{ policy_id: string }>('select policy_id::text from demo_policy_push where id = $1', [body.id]);
      if (isNew || (stored && stored.policy_id !== String(values.policyId))) {
        const [published] = await q.query(
          `select 1 from basic_policy where id = $1 and publish_status = ${POLICY_PUBLISH.published}`,
          [values.policyId],
        );
        if (!published) throw badRequest(MSG.draft);
      }
      if (!isNew) {
        const [stored] = await q.query<{ policy_id: string; push_status: number }>(
          'select policy_id::text, push_status from demo_policy_push where id = $1',
          [body.id],
        );
        if (
          stored &&
          stored.push_status === POLICY_PUSH_STATUS.pushed &&
          stored.policy_id !== String(values.policyId)
        ) {
          throw badRequest(MSG.repoint);
        }
      }
    },
    async afterRemove() {
      await refuseCompany(platform);
    },
  });
  mountResource(app, pushes);

  type Q = { Params: { id: string }; Querystring: Record<string, string | undefined> };

  // pick: the enterprises added by hand and those of the match left out, kept on the push as a whole (replacing
  // the previous choice) and applied by every analysis and send after it.
  app.post<{ Body: unknown }>(
    `/api/${policyPush.api}/pick`,
    { config: { title: '政策推送选择企业', button: `${policyPush.key}_edit` } },
    async (req) => {
      await refuseCompany(platform);
      const body = objectBody(req.body);
      const id = String(body.id ?? '').trim();
      if (!isId(id)) throw badRequest(MSG.pushId);
      const list = (value: unknown) => {
        if (value === undefined || value === null) return [];
        if (!Array.isArray(value) || value.length > 500 || !value.every((v) => isId(String(v)))) {
          throw badRequest(MSG.pickBody);
        }
        return [...new Set(value.map(String))];
      };
      const added = list(body.added);
      const removed = list(body.removed);
      if (added.some((e) => removed.includes(e))) throw badRequest(MSG.pickBoth);
      if (!(await pushes.visibleIds([id])).length) throw badRequest(MSG.push);
      const { tenantId, userId } = ctx();
      await platform.db.tx(tenantId, async (q) => {
        const [push] = await q.query(
          'select 1 from demo_policy_push where id = $1 and tenant_id = $2 and is_deleted = 0 for update',
          [id, tenantId],
        );
        if (!push) throw badRequest(MSG.push);
        const all = [...added, ...removed];
        const [{ n }] = await q.query<{ n: number }>(
          `select count(*)::int as n from crm_enterprise where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0`,
          [all, tenantId],
        );
        if (n !== all.length) throw badRequest(MSG.pickEnterprise);
        await q.query('delete from demo_policy_push_pick where push_id = $1', [id]);
        await q.query(
          `insert into demo_policy_push_pick (id, tenant_id, push_id, enterprise_id, included, create_user)
           select t.id, $1, $2, t.enterprise_id, t.included, $3
             from unnest($4::bigint[], $5::bigint[], $6::int[]) as t(id, enterprise_id, included)`,
          [tenantId, id, userId, all.map(() => nextId()), all, [...added.map(() => 1), ...removed.map(() => 0)]],
        );
      });
      return ok(await analysePush(platform, pushes, ctx(), id, true), MSG.picked);
    },
  );
  app.post<Q>(
    `/api/${policyPush.api}/analysisPush/:id`,
    { config: { title: '政策推送分析推送', button: `${policyPush.key}_edit` } },
    async (req) => {
      const id = String(req.params.id ?? '').trim();
      if (!isId(id)) throw badRequest(MSG.pushId);
      const preview = ['1', 'true'].includes(String(req.query.preview ?? '').toLowerCase());
      const answer = await analysePush(platform, pushes, ctx(), id, preview);
      return ok(
        answer,
        preview ? MSG.analysed : { zh: `已推送 ${answer.sent} 家企业`, en: `Pushed to ${answer.sent} enterprise(s)` },
      );
    },
  );
}
