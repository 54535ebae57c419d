import { enterprise, enterpriseScoped } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { forbidden, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  createResource,
  idsParam,
  mountResource,
  mountSaveUpdate,
  objectBody,
  type Resource,
} from '../../resources/engine.ts';
import { checkLiveRefs } from '../../resources/refs.ts';
import { ident } from '../../resources/sql.ts';
import { ownEnterprise } from '../user/company.ts';
import { announceUsersChanged, revokeSessionsOf } from '../user/events.ts';
import { checkCredentials, createCompanyAccount, disableCompanyAccounts } from './company-account.ts';
import { enterpriseRowScope } from './scope.ts';

/**
 * Enterprises (spec part 7 "crm" enterprise): the generic endpoints plus update,
 * restore, select, list-by-ids and create-enterprise. A company account sees and edits
 * only its own enterprise and creates none.
 */
const BASE = '/api/blade-crm/enterprise';
type Q = { Querystring: Record<string, unknown> };
type B = { Body: unknown };

/** The enterprise_status value of an enterprise in the park (restore's target). */
export const IN_PARK = 1;

const MSG = {
  companyCreate: { zh: '企业账号不能新增企业', en: 'A company account cannot add enterprises' },
  companyStatus: { zh: '企业账号不能变更企业状态', en: "A company account cannot change its enterprise's status" },
  companyRemove: { zh: '企业账号不能删除企业', en: 'A company account cannot remove enterprises' },
} as const;

const INDUSTRY = enterprise.fields.filter((f) => f.name === 'industry');

export function createEnterpriseResource(platform: Platform): Resource {
  return createResource(platform, enterprise, {
    scope: enterpriseRowScope(platform),
    async beforeSave({ q, isNew, values }) {
      // Whether an enterprise is in the park is the park's call, not the company's.
      const own = await ownEnterprise(platform);
      if (own && isNew) throw forbidden(MSG.companyCreate);
      if (own && values.status !== undefined) throw forbidden(MSG.companyStatus);
      // The industry is a live node of the tenant's 行业分类 tree.
      await checkLiveRefs(q, ctx().tenantId, values, INDUSTRY);
    },
    // Inside the removing transaction: a refusal or a failure here leaves the enterprises as they were.
    async afterRemove({ q, ids }) {
      if (await ownEnterprise(platform)) throw forbidden(MSG.companyRemove);
      if (!ids.length) return;
      const { tenantId } = ctx();
      const names = await enterpriseNames(q, ids);
      const accounts = await removeEnterpriseRows(q, tenantId, ids);
      await announceUsersChanged(
        platform.bus,
        tenantId,
        accounts.map((a) => a.id),
      );
      // The disabled company accounts' logins end with the enterprise.
      await revokeSessionsOf(
        platform,
        accounts.map((a) => a.id),
      );
      const disabled = accounts.length ? `，停用其企业账号 ${accounts.map((a) => a.account).join('、')}` : '';
      platform.logs.event('info', 'crm.enterprise-remove', `删除企业 ${names.join('、')} 及其全部企业数据${disabled}`);
    },
  });
}

async function enterpriseNames(q: Queryable, ids: string[]): Promise<string[]> {
  const rows = await q.query<{ enterprise_name: string }>(
    'select enterprise_name from crm_enterprise where id = any($1::bigint[]) order by id',
    [ids],
  );
  return rows.map((r) => r.enterprise_name);
}

/**
 * What goes with a removed enterprise: every row of it in every enterprise-scoped table (removed
 * logically, like the enterprise) and its company accounts (disabled, so nobody logs in to an
 * enterprise that is gone; they keep their enterprise for the record). Returns the accounts.
 */
async function removeEnterpriseRows(q: Queryable, tenantId: string, ids: string[]) {
  const { userId } = ctx();
  for (const entity of enterpriseScoped) {
    await q.query(
      `update ${ident(entity.table)} set is_deleted = 1, update_user = $3, update_time = localtimestamp(0)
        where tenant_id = $1 and enterprise_id = any($2::bigint[]) and is_deleted = 0`,
      [tenantId, ids, userId],
    );
  }
  return disableCompanyAccounts(q, tenantId, ids);
}

export function registerEnterprise(app: FastifyInstance, platform: Platform): Resource {
  const resource = createEnterpriseResource(platform);
  mountResource(app, resource);

  mountSaveUpdate(app, resource, ['update']);

  // Back in the park: status 1 again, through the engine so scope and button apply to each row.
  app.post<Q>(`${BASE}/restore`, { config: { title: '企业信息恢复', button: 'enterprise_edit' } }, async (req) => {
    const ids = idsParam(req.query);
    await platform.db.tx(ctx().tenantId, async () => {
      for (const id of ids) await resource.save({ id, status: IN_PARK });
    });
    return ok(true, { zh: '恢复成功', en: 'Restored' });
  });

  app.get<Q>(`${BASE}/select`, { config: { title: '企业下拉' } }, async (req) => {
    const rows = await resource.list({ ...req.query, ascs: 'enterpriseName' });
    return ok(rows.map((r) => ({ id: r.id, enterpriseName: r.enterpriseName })));
  });

  app.get<Q>(`${BASE}/list-by-ids`, { config: { title: '企业按编号列表' } }, async (req) => {
    const ids = idsParam(req.query);
    const page = await resource.page({ current: 1, size: ids.length }, (where) =>
      where.and(`"id" = any(${where.param(ids)}::bigint[])`),
    );
    return ok(page.records);
  });

  // The enterprise and its company account land together or not at all.
  app.post<B>(
    `${BASE}/create-enterprise`,
    { config: { title: '企业新增(含企业账号)', button: 'enterprise_add' } },
    async (req) => {
      const { account, password, id: _id, ...fields } = objectBody(req.body);
      checkCredentials(account, password);
      const caller = ctx();
      const row = await platform.db.tx(caller.tenantId, async (q) => {
        const saved = await resource.save(fields);
        const userId = await createCompanyAccount(q, {
          tenantId: caller.tenantId,
          enterpriseId: String(saved.id),
          account,
          password,
          name: String(saved.agentName ?? saved.enterpriseName),
          phone: saved.agentPhone as string | null,
          createUser: caller.userId,
        });
        // The account opened with the enterprise is its agent user (spec part 3 agentName/agentUser).
        await q.query('update crm_enterprise set agent_user = $2 where id = $1', [saved.id, userId]);
        const agentAccount = String(account).trim();
        return { ...saved, agentUser: userId, agentAccount, account: agentAccount, userId };
      });
      platform.logs.event(
        'info',
        'crm.company-account',
        `新增企业 ${String(fields.enterpriseName)} 及其企业账号 ${row.account}`,
      );
      return ok(row, { zh: '新增成功', en: 'Added' });
    },
  );
  return resource;
}
