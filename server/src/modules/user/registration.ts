import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { idsParam } from '../../resources/engine.ts';
import { insertBinding, readTicket } from '../social/flow.ts';
import type { SocialUser } from '../social/providers/types.ts';
import { roleByAlias } from '../system/role.ts';
import { checkAccountLimits } from './limits.ts';
import { hashPlain } from './passwords.ts';

/**
 * Account registration (spec parts 1, 4, 5 and 8): `register-guest` files an application
 * with the third-party oauth id; it is pending until an administrator of the tenant
 * approves it, which makes the account in that tenant (`placement`), or rejects it.
 */
const BASE = '/api/blade-user';

const MSG = {
  tenant: { zh: '请先输入租户编号', en: 'Please enter the tenant id first' },
  account: { zh: '请先输入账号名称', en: 'Please enter the account name first' },
  password: { zh: '请先输入密码', en: 'Please enter the password first' },
  mismatch: { zh: '两次密码输入不一致', en: 'The two passwords do not match' },
  noTenant: { zh: '租户不存在', en: 'No such tenant' },
  taken: { zh: '该账号已存在或正在审核', en: 'This account already exists or is awaiting approval' },
  submitted: {
    zh: '注册申请已提交,请耐心等待管理员通过!',
    en: 'Your application has been sent; an administrator will review it.',
  },
  approved: { zh: '审核通过', en: 'Approved' },
  staleRole: {
    zh: '参数 account.registerUser 指定的角色不存在，请修改参数后再审核',
    en: 'The role named by the parameter account.registerUser does not exist: change the parameter first',
  },
  rejected: { zh: '已驳回', en: 'Rejected' },
  oauthTaken: {
    zh: '该第三方账号已绑定账号或正在审核',
    en: 'This third-party account is already bound or awaiting approval',
  },
} as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Whether a live user, or (when asked) a pending application, already holds the account. */
async function accountTaken(q: Queryable, tenantId: string, account: string, pendingToo: boolean): Promise<boolean> {
  const [row] = await q.query<{ taken: boolean }>(
    `select exists(select 1 from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0)
         or ($3 and exists(select 1 from park_registration where tenant_id = $1 and account = $2 and state = 0)) as taken`,
    [tenantId, account, pendingToo],
  );
  return row.taken;
}

/** Whether a third-party account is bound in the tenant already, or waits in a pending application. */
async function oauthTaken(q: Queryable, tenantId: string, source: string, uuid: string): Promise<boolean> {
  const [row] = await q.query<{ taken: boolean }>(
    `select exists(select 1 from blade_user_oauth where tenant_id = $1 and source = $2 and uuid = $3)
         or exists(select 1 from park_registration where tenant_id = $1 and oauth_source = $2 and oauth_uuid = $3
                      and state = 0) as taken`,
    [tenantId, source, uuid],
  );
  return row.taken;
}

/** The role a tenant's applicants get when it names none of its own: an ordinary user, granted nothing yet. */
const USER_ROLE = { alias: 'user', name: '用户', sort: 2 };

/**
 * Where an approved applicant's account goes, all within the tenant: the role its own
 * account.registerUser names (never the platform's value, a role of another tenant), else its
 * ordinary user role (made on first need), and its root department.
 */
async function placement(q: Queryable, tenantId: string): Promise<{ roleId: string; deptId: string | null }> {
  const [own] = await q.query<{ value: string }>(
    `select param_value as value from blade_param
      where tenant_id = $1 and param_key = 'account.registerUser' and is_deleted = 0 and trim(param_value) <> ''
      order by create_time desc limit 1`,
    [tenantId],
  );
  let roleId: string;
  if (own) {
    const [role] = await q.query<{ id: string }>(
      `select id::text from blade_role where tenant_id = $1 and id::text = $2 and is_deleted = 0`,
      [tenantId, own.value.trim()],
    );
    if (!role) throw badRequest(MSG.staleRole);
    roleId = role.id;
  } else {
    roleId = (await roleByAlias(q, tenantId, USER_ROLE)).id;
  }
  const [root] = await q.query<{ id: string }>(
    'select id::text from blade_dept where tenant_id = $1 and parent_id = 0 and is_deleted = 0 order by sort, id limit 1',
    [tenantId],
  );
  return { roleId, deptId: root?.id ?? null };
}

export function registerRegistration(app: FastifyInstance, platform: Platform) {
  type B = { Body: Record<string, unknown> | undefined };
  type Q = { Querystring: Record<string, unknown> };

  // Public: the applicant has no account yet (the client header is still checked).
  app.post<B>(`${BASE}/register-guest`, { config: { public: true, title: '账号注册' } }, async (req) => {
    const body = req.body ?? {};
    const tenantId = text(body.tenantId);
    const account = text(body.account);
    const password = typeof body.password === 'string' ? body.password : '';
    if (!tenantId) throw badRequest(MSG.tenant);
    if (!account) throw badRequest(MSG.account);
    if (!password || !body.password2) throw badRequest(MSG.password);
    if (password !== body.password2) throw badRequest(MSG.mismatch);
    if (account.length > 45) throw badRequest({ zh: '账号名称不能超过45个字符', en: 'The account name is too long' });
    // The oauth id is the signed ticket a third-party login gave (modules/social): checked, its account kept to bind.
    const oauthTicket = text(body.oauthId);
    const oauth = oauthTicket ? await readTicket(platform, oauthTicket, tenantId) : undefined;
    await platform.db.tx(tenantId, async (q) => {
      const tenant = await q.query('select 1 from blade_tenant where tenant_id = $1 and is_deleted = 0', [tenantId]);
      if (!tenant.length) throw badRequest(MSG.noTenant);
      if (await accountTaken(q, tenantId, account, true)) throw badRequest(MSG.taken);
      if (oauth && (await oauthTaken(q, tenantId, oauth.source, oauth.user.uuid))) throw badRequest(MSG.oauthTaken);
      await q.query(
        `insert into park_registration (id, tenant_id, account, name, password, oauth_id, oauth_source, oauth_uuid,
                                        oauth_profile)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          nextId(),
          tenantId,
          account,
          text(body.name).slice(0, 20) || account.slice(0, 20),
          await hashPlain(password),
          oauth ? `${oauth.source}:${oauth.user.uuid}`.slice(0, 300) : null,
          oauth?.source ?? null,
          oauth?.user.uuid ?? null,
          oauth ? JSON.stringify(oauth.user) : null,
        ],
      );
    });
    return ok(true, MSG.submitted);
  });

  app.get<Q>(`${BASE}/register/list`, { config: { title: '账号申请列表', button: 'user_register' } }, async () => {
    const { tenantId } = ctx();
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select id::text as id, account, name, oauth_id as "oauthId", state, create_time as "createTime"
           from park_registration where tenant_id = $1 and state = 0 order by create_time desc, id desc`,
        [tenantId],
      ),
    );
    return ok(rows);
  });

  /** Decides pending applications of the caller's tenant; all land or none. */
  const decide = (ids: string[], approve: boolean) => {
    const caller = ctx();
    return platform.db.tx(caller.tenantId, async (q) => {
      const pending = await q.query<{
        id: string;
        account: string;
        name: string;
        password: string;
        oauth_source: string | null;
        oauth_profile: SocialUser | string | null;
      }>(
        `select id::text as id, account, name, password, oauth_source, oauth_profile from park_registration
          where tenant_id = $1 and id = any($2::bigint[]) and state = 0 for update`,
        [caller.tenantId, ids],
      );
      if (pending.length !== ids.length) throw notFound();
      const place = approve ? await placement(q, caller.tenantId) : undefined;
      for (const p of pending) {
        let userId: string | null = null;
        if (place) {
          await checkAccountLimits(q, caller.tenantId);
          if (await accountTaken(q, caller.tenantId, p.account, false)) throw badRequest(MSG.taken);
          userId = nextId();
          await q.query(
            `insert into blade_user (id, tenant_id, user_type, account, password, name, real_name, role_id, dept_id,
                                     create_user, update_user)
             values ($1, $2, 1, $3, $4, $5, $5, $6, $7, $8, $8)`,
            [userId, caller.tenantId, p.account, p.password, p.name, place.roleId, place.deptId, caller.userId],
          );
          // An application after a third-party login: its account is bound to the new user, so the next login goes in.
          if (p.oauth_source && p.oauth_profile) {
            const profile = typeof p.oauth_profile === 'string' ? JSON.parse(p.oauth_profile) : p.oauth_profile;
            await insertBinding(q, caller.tenantId, userId, p.oauth_source, profile, caller.userId);
          }
        }
        await q.query(
          `update park_registration set state = $2, user_id = $3, update_user = $4, update_time = localtimestamp(0)
            where id = $1`,
          [p.id, approve ? 1 : 2, userId, caller.userId],
        );
      }
    });
  };

  app.post<Q>(
    `${BASE}/register/approve`,
    { config: { title: '账号申请通过', button: 'user_register' } },
    async (req) => {
      await decide(idsParam(req.query), true);
      return ok(true, MSG.approved);
    },
  );
  app.post<Q>(
    `${BASE}/register/reject`,
    { config: { title: '账号申请驳回', button: 'user_register' } },
    async (req) => {
      await decide(idsParam(req.query), false);
      return ok(true, MSG.rejected);
    },
  );
}
