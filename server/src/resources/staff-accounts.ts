import type { FastifyInstance } from 'fastify';
import { oneId } from '../modules/system/id-list.ts';
import { ctx } from '../platform/context.ts';
import type { Queryable, Row } from '../platform/db.ts';
import { type Bilingual, badRequest, notFound, ok } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { mountSaveUpdate, objectBody, type Resource } from './engine.ts';
import { ident } from './sql.ts';

/**
 * A staff list's accounts (spec part 7: the same calls under blade-crm/staff and blade-basic/staff):
 * save and update, bind a person to an existing account (user-bind), unbind, create an account and
 * bind it in one go (create-bind, part 3 "Staff bind payload"), read the person of an account
 * (user-info) and edit one's own row (update-info). One account is bound to one person of a list.
 * The row is always read through the resource, so its tenant, data scope and module scope apply;
 * which accounts a row may take, and what account create-bind makes, are the module's (`rules`).
 */
export interface StaffAccountRules {
  /** The button every write here needs (`enterprise_staff_edit`, `staff_edit`). */
  button: string;
  /** The staff row's name field, the new account's name when the body gives none. */
  nameField: string;
  /** Refuses an existing account the row may not take (a 400 or 403). */
  checkUser(user: AccountRow, row: Row): Promise<void> | void;
  /**
   * create-bind's account for the row from the body (account, password, roleId, deptId): what the
   * caller is is read first, outside the transaction (PGlite has one connection), and the returned
   * step creates the account inside it, answering its id.
   */
  createAccount(row: Row, body: Record<string, unknown>, name: string): Promise<(q: Queryable) => Promise<string>>;
  /** What update-info answers a caller whose account no row of the list holds. */
  notBound: Bilingual;
  /** Called once the new account is bound (a line in the usual log). */
  created?(row: Row, account: string): void;
}

/** The account user-bind names, as the rules see it. */
export type AccountRow = {
  id: string;
  userType: number;
  enterpriseId: string | null;
};

const MSG = {
  bound: { zh: '该人员已绑定账号', en: 'This staff member already has an account' },
  userTaken: { zh: '该账号已绑定其他人员', en: 'This account is bound to another staff member' },
  noUser: { zh: '所选账号不存在', en: 'The selected account does not exist' },
} as const;

/** A parameter from the query or, for a JSON post, the body. */
function param(req: { query: Record<string, unknown>; body?: unknown }, name: string): string {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  return oneId(req.query[name] ?? body[name], name);
}

type Q = { Querystring: Record<string, unknown> };
type B = { Body: unknown };

export function mountStaffAccounts(
  app: FastifyInstance,
  platform: Platform,
  staff: Resource,
  rules: StaffAccountRules,
) {
  const { entity } = staff.model;
  const base = `/api/${entity.api}`;
  const table = ident(entity.table);
  const { button } = rules;
  mountSaveUpdate(app, staff);

  const visibleStaff = async (id: string) => {
    const row = await staff.detail(id);
    if (!row) throw notFound();
    return row;
  };

  /** Binds the account to the row (or none); another live row holding the account is refused. */
  const bind = async (q: Queryable, staffId: string, userId: string | null) => {
    if (userId) {
      const other = await q.query(
        `select 1 from ${table} where tenant_id = $1 and user_id = $2 and id <> $3 and is_deleted = 0`,
        [ctx().tenantId, userId, staffId],
      );
      if (other.length) throw badRequest(MSG.userTaken);
    }
    await q.query(`update ${table} set user_id = $2, update_user = $3, update_time = localtimestamp(0) where id = $1`, [
      staffId,
      userId,
      ctx().userId,
    ]);
  };

  app.post<Q & B>(`${base}/user-bind`, { config: { title: '人员绑定账号', button } }, async (req) => {
    const row = await visibleStaff(param(req, 'id'));
    const userId = param(req, 'userId');
    const { tenantId } = ctx();
    const [user] = await platform.db.scoped(tenantId, (q) =>
      q.query<AccountRow>(
        `select id::text as id, user_type as "userType", enterprise_id::text as "enterpriseId" from blade_user
          where id = $1 and tenant_id = $2 and is_deleted = 0`,
        [userId, tenantId],
      ),
    );
    if (!user) throw badRequest(MSG.noUser);
    await rules.checkUser(user, row);
    await platform.db.tx(tenantId, (q) => bind(q, String(row.id), userId));
    return ok(true, { zh: '绑定成功', en: 'Bound' });
  });

  app.post<Q & B>(`${base}/unbind`, { config: { title: '人员解绑账号', button } }, async (req) => {
    const row = await visibleStaff(param(req, 'id'));
    await platform.db.tx(ctx().tenantId, (q) => bind(q, String(row.id), null));
    return ok(true, { zh: '解绑成功', en: 'Unbound' });
  });

  app.post<B>(`${base}/create-bind`, { config: { title: '人员创建并绑定账号', button } }, async (req) => {
    const body = objectBody(req.body);
    const row = await visibleStaff(oneId(body.staffId, 'staffId'));
    if (row.userId) throw badRequest(MSG.bound);
    const name = String(body.name || row[rules.nameField] || '').trim();
    const create = await rules.createAccount(row, body, name);
    const userId = await platform.db.tx(ctx().tenantId, async (q) => {
      const id = await create(q);
      await bind(q, String(row.id), id);
      return id;
    });
    rules.created?.(row, String(body.account).trim());
    return ok({ userId }, { zh: '创建并绑定成功', en: 'Account created and bound' });
  });

  app.get<Q>(`${base}/user-info`, { config: { title: '账号的人员信息' } }, async (req) => {
    const [row] = await staff.list({ userId: oneId(req.query.userId, 'userId'), size: 1 });
    return ok(row ?? null);
  });

  // The signed-in user's own row; the binding (and a CRM row's enterprise) stays as it is.
  app.post<B>(`${base}/update-info`, { config: { title: '修改本人人员信息', button } }, async (req) => {
    const { enterpriseId: _e, userId: _u, ...body } = objectBody(req.body);
    const [row] = await staff.list({ userId: ctx().userId, size: 1 });
    if (!row) throw badRequest(rules.notBound);
    return ok(await staff.save({ ...body, id: row.id }), { zh: '更新成功', en: 'Updated' });
  });
}
