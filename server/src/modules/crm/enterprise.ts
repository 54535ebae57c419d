import { enterprise } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, forbidden, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, idsParam, mountResource, type Resource } from '../../resources/engine.ts';
import { ownEnterprise } from '../user/company.ts';
import { checkCredentials, createCompanyAccount } from './company-account.ts';
import { enterpriseRowScope } from './scope.ts';
import { checkCreditCode, checkDateOrder, checkPhone } from './validators.ts';

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
  body: { zh: '请求体必须是JSON对象', en: 'The request body must be a JSON object' },
  id: { zh: '请选择要修改的企业', en: 'Please choose the enterprise to update' },
  dates: { zh: '到期日期不能早于入驻日期', en: 'The due date cannot be before the entry date' },
  companyCreate: { zh: '企业账号不能新增企业', en: 'A company account cannot add enterprises' },
  companyStatus: { zh: '企业账号不能变更企业状态', en: "A company account cannot change its enterprise's status" },
} as const;

export function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(MSG.body);
  return body as Record<string, unknown>;
}

export function createEnterpriseResource(platform: Platform): Resource {
  return createResource(platform, enterprise, {
    scope: enterpriseRowScope(platform),
    async beforeSave({ isNew, values }) {
      // Whether an enterprise is in the park is the park's call, not the company's.
      const own = await ownEnterprise(platform);
      if (own && isNew) throw forbidden(MSG.companyCreate);
      if (own && values.status !== undefined) throw forbidden(MSG.companyStatus);
      if (values.creditCode !== undefined) values.creditCode = checkCreditCode(values.creditCode);
      checkPhone(values.agentPhone);
      checkDateOrder(values.entryDate, values.dueDate, MSG.dates);
    },
  });
}

export function registerEnterprise(app: FastifyInstance, platform: Platform): Resource {
  const resource = createEnterpriseResource(platform);
  mountResource(app, resource);

  app.post<B>(`${BASE}/update`, { config: { title: '企业信息修改', button: 'enterprise_edit' } }, async (req) => {
    const body = objectBody(req.body);
    if (!body.id) throw badRequest(MSG.id);
    return ok(await resource.save(body), { zh: '更新成功', en: 'Updated' });
  });

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
        return { ...saved, account: String(account).trim(), userId };
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
