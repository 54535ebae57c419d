import { tenant, tenantPackage } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { ALL_TENANTS, type Queryable, type Row } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { PLATFORM_TENANT } from '../../platform/params.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, idsParam, mountResource } from '../../resources/engine.ts';
import { modelOf } from '../../resources/model.ts';
import { coerce } from '../../resources/validate.ts';
import { INT_MAX } from '../../resources/values.ts';
import { hashPlain } from '../user/passwords.ts';
import { provisionWorkflow } from '../workflow/library.ts';
import { platformOnly, requirePlatformAdmin } from './access.ts';
import { oneId } from './id-list.ts';
import { invalidateMenus } from './menu-access.ts';
import { registerTenantHomes, TENANT_BOUND } from './tenant-homes.ts';

/**
 * Tenants (platform administrator only). Creating one also creates, in the same
 * transaction, its root department, its administrator role and its `admin` account
 * with the password of `tenant.default.password`.
 */
const TENANT_CODE = /^[0-9A-Za-z]{1,12}$/;
const MSG = {
  badCode: { zh: '租户ID只能包含字母和数字, 最长12位', en: 'A tenant id is 1 to 12 letters or digits' },
  platform: { zh: '平台租户不可删除', en: 'The platform tenant cannot be removed' },
  noTenant: { zh: '租户不存在', en: 'No such tenant' },
  noPackage: { zh: '产品包不存在', en: 'No such package' },
  noDatasource: { zh: '数据源不存在', en: 'No such data source' },
  platformHome: {
    zh: '平台租户的数据只能保存在主数据库中',
    en: "The platform tenant's data stays in the main database",
  },
  badNumber: { zh: '账号额度必须是不小于-1的整数', en: 'The account limit must be a whole number of -1 or more' },
} as const;
const packageModel = modelOf(tenantPackage);

export async function registerTenant(app: FastifyInstance, platform: Platform) {
  const homes = await registerTenantHomes(app, platform);
  const resource = createResource(platform, tenant, {
    ...platformOnly,
    async beforeSave({ q, isNew, values }) {
      requirePlatformAdmin();
      if (!isNew) {
        delete values.tenantId; // a tenant's id is its key everywhere: never renamed
        return;
      }
      values.tenantId ??= await freeTenantCode(q);
      if (!TENANT_CODE.test(String(values.tenantId))) throw badRequest(MSG.badCode);
    },
    async afterSave({ q, isNew, row }) {
      if (!isNew) return;
      await provisionTenant(q, row);
      // Queued as the creating transaction's last step; the writer's batch follows the commit.
      platform.logs.event('info', 'tenant.create', `新建租户 ${row.tenantId}（${row.tenantName}）及其管理员账号 admin`);
    },
    async afterRemove({ q, ids }) {
      const hit = await q.query('select 1 from blade_tenant where id = any($1::bigint[]) and tenant_id = $2', [
        ids,
        PLATFORM_TENANT,
      ]);
      if (hit.length) throw badRequest(MSG.platform); // thrown inside the transaction: nothing is removed
      const bound = await q.query(
        `select 1 from blade_tenant t join park_tenant_store s on s.tenant_id = t.tenant_id
          where t.id = any($1::bigint[])`,
        [ids],
      );
      if (bound.length) throw badRequest(TENANT_BOUND);
    },
  });
  mountResource(app, resource);
  const base = '/api/blade-system/tenant';
  type Q = { Querystring: Record<string, string | undefined> };

  app.get(`${base}/select`, { config: { title: '租户下拉' } }, async () => {
    requirePlatformAdmin();
    return ok(await resource.list({ size: 1000 }));
  });

  app.post<Q>(`${base}/setting`, { config: { title: '租户授权配置', button: 'tenant_setting' } }, async (req) => {
    requirePlatformAdmin();
    const ids = idsParam(req.query);
    const accountNumber = Number(req.query.accountNumber ?? -1);
    if (!Number.isInteger(accountNumber) || accountNumber < -1 || accountNumber > INT_MAX)
      throw badRequest(MSG.badNumber);
    const expireTime = coerce(resource.model.columns.get('expireTime')!, req.query.expireTime);
    await platform.db.tx(ctx().tenantId, (q) =>
      q.query(
        `update blade_tenant set account_number = $2, expire_time = $3::timestamp, update_user = $4,
                update_time = localtimestamp(0) where id = any($1::bigint[]) and is_deleted = 0`,
        [ids, accountNumber, expireTime, ctx().userId],
      ),
    );
    return ok(true);
  });

  // The data source a tenant's business rows live in: one of the platform's (develop/datasource), or none
  // (the main database). Saving another moves the rows there before it answers (tenant-homes.ts).
  app.post<Q>(
    `${base}/datasource`,
    { config: { title: '租户数据源配置', button: 'tenant_datasource' } },
    async (req) => {
      requirePlatformAdmin();
      const code = tenantCodeParam(req.query.tenantId);
      const datasourceId = req.query.datasourceId ? oneId(req.query.datasourceId, 'datasourceId') : null;
      if (datasourceId) {
        const { tenantId } = ctx();
        const [found] = await platform.db.scoped(tenantId, (q) =>
          q.query('select 1 from blade_datasource where id = $1 and tenant_id = $2 and is_deleted = 0', [
            datasourceId,
            tenantId,
          ]),
        );
        if (!found) throw badRequest(MSG.noDatasource);
      }
      const [tenantRow] = await platform.db.scoped(ALL_TENANTS, (q) =>
        q.query('select 1 from blade_tenant where tenant_id = $1 and is_deleted = 0', [code]),
      );
      if (!tenantRow) throw notFound(MSG.noTenant);
      if (code === PLATFORM_TENANT) throw badRequest(MSG.platformHome);
      await homes.move(code, datasourceId);
      platform.logs.event(
        'info',
        'tenant.datasource-change',
        `租户 ${code} 的业务数据${datasourceId ? `迁入数据源 ${datasourceId}` : '迁回主数据库'}`,
      );
      return ok(true);
    },
  );

  app.post<Q>(`${base}/package-setting`, { config: { title: '租户产品包配置' } }, async (req) => {
    requirePlatformAdmin();
    const code = tenantCodeParam(req.query.tenantId);
    const packageId = req.query.packageId ? oneId(req.query.packageId, 'packageId') : null;
    let packageName = '无';
    if (packageId) {
      const [found] = await platform.db.scoped(ALL_TENANTS, (q) =>
        q.query<{ package_name: string }>(
          'select package_name from blade_tenant_package where id = $1 and is_deleted = 0',
          [packageId],
        ),
      );
      if (!found) throw badRequest(MSG.noPackage);
      packageName = `${found.package_name}（${packageId}）`;
    }
    await updateTenant(platform, code, 'package_id', packageId);
    platform.logs.event('info', 'tenant.package-change', `租户 ${code} 的产品包改为 ${packageName}`);
    // A tenant's menus are cut to its package: cached menus and permissions are stale now.
    await invalidateMenus(platform);
    return ok(true);
  });

  app.get<Q>(`${base}/package-detail`, { config: { title: '租户产品包详情' } }, async (req) => {
    requirePlatformAdmin();
    const code = tenantCodeParam(req.query.tenantId);
    const rows = await platform.db.scoped(ALL_TENANTS, async (q) => {
      if (!(await q.query('select 1 from blade_tenant where tenant_id = $1 and is_deleted = 0', [code])).length) {
        throw notFound(MSG.noTenant);
      }
      return q.query(
        `select ${packageModel.selectList} from blade_tenant_package where is_deleted = 0
            and id = (select package_id from blade_tenant where tenant_id = $1 and is_deleted = 0)`,
        [code],
      );
    });
    return ok(rows[0] ?? null);
  });

  // The login page fills the tenant id from the host it is served on: public, and only what it needs. Every domain
  // answers an object (Saber reads data.tenantId unguarded): an unknown one the same fields, empty (issue 35).
  app.get<Q>(`${base}/info`, { config: { public: true, title: '租户信息' } }, async (req) => {
    const domain = String(req.query.domain ?? '').trim();
    const none = { tenantId: '', tenantName: '', domain: '', backgroundUrl: '' };
    if (!domain) return ok(none);
    const [row] = await platform.db.scoped(ALL_TENANTS, (q) =>
      q.query(
        `select tenant_id as "tenantId", tenant_name as "tenantName", domain, background_url as "backgroundUrl"
           from blade_tenant where domain = $1 and is_deleted = 0 and status = 1 limit 1`,
        [domain],
      ),
    );
    return ok(row ?? none);
  });
}

function tenantCodeParam(value: unknown): string {
  const code = String(value ?? '').trim();
  if (!TENANT_CODE.test(code)) throw badRequest(MSG.badCode);
  return code;
}

async function updateTenant(platform: Platform, code: string, column: 'package_id', value: unknown) {
  const updated = await platform.db.tx(ctx().tenantId, (q) =>
    q.query(
      `update blade_tenant set ${column} = $2, update_user = $3, update_time = localtimestamp(0)
        where tenant_id = $1 and is_deleted = 0 returning id`,
      [code, value, ctx().userId],
    ),
  );
  if (!updated.length) throw notFound(MSG.noTenant);
}

/** A random six-digit tenant id no live tenant has (BladeX's form). */
async function freeTenantCode(q: Queryable): Promise<string> {
  for (;;) {
    const code = String(100000 + Math.floor(Math.random() * 900000));
    const taken = await q.query('select 1 from blade_tenant where tenant_id = $1 and is_deleted = 0', [code]);
    if (!taken.length) return code;
  }
}

/** The new tenant's root department, administrator role and admin account, written as that tenant. */
async function provisionTenant(q: Queryable, row: Row) {
  const code = String(row.tenantId);
  const caller = ctx();
  const password = (await platformParam(q, 'tenant.default.password')) ?? '123456';
  const accountNumber = Number((await platformParam(q, 'tenant.default.accountNumber')) ?? -1);
  await q.query('update blade_tenant set account_number = $2 where id = $1', [row.id, accountNumber]);
  const dept = nextId();
  const role = nextId();
  const audit = [caller.userId, caller.userId];
  // Row-level security admits the new tenant's rows only while the transaction acts as that tenant.
  await q.query(`select set_config('park.tenant_id', $1, true)`, [code]);
  try {
    await q.query(
      `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, sort, create_user, update_user)
       values ($1, $2, 0, '0', $3, $3, 1, $4, $5)`,
      [dept, code, row.tenantName, ...audit],
    );
    await q.query(
      `insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort, create_user, update_user)
       values ($1, $2, 0, '管理员', 'administrator', 1, $3, $4)`,
      [role, code, ...audit],
    );
    await q.query(
      // The tenants' default password is known to every tenant's administrator: its owner is asked to change it.
      `insert into blade_user (id, tenant_id, account, password, name, real_name, user_type, role_id, dept_id,
                               initial_password, create_user, update_user)
       values ($1, $2, 'admin', $3, '管理员', '管理员', 1, $4, $5, 1, $6, $7)`,
      [nextId(), code, await hashPlain(password), role, dept, ...audit],
    );
    await provisionWorkflow(q, code);
  } finally {
    await q.query(`select set_config('park.tenant_id', $1, true)`, [caller.tenantId]);
  }
}

/**
 * A platform parameter read on the open transaction: a new tenant has none of its own yet,
 * and the Params cache would open a second scope, which PGlite's one connection cannot.
 */
async function platformParam(q: Queryable, key: string): Promise<string | undefined> {
  const [row] = await q.query<{ v: string }>(
    'select param_value as v from blade_param where tenant_id = $1 and param_key = $2 and is_deleted = 0 limit 1',
    [PLATFORM_TENANT, key],
  );
  return row?.v;
}
