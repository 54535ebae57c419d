import { menu } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { ALL_TENANTS, type Queryable, type Row } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { buildTree, withAncestors } from '../../platform/tree.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { type Node, node } from '../../resources/tree.ts';
import { isPlatformAdmin, platformWrites } from './access.ts';
import { invalidateMenus, menuNode, placedMenus, tenantMenus } from './menu-access.ts';

/**
 * Menu management (spec part 7 "system menu"): the tree of menus and buttons shared by
 * every tenant, written only by the platform administrator, and the role-grant trees.
 */
const BASE = '/api/blade-system/menu';
const ALL = 10_000;

const MSG = {
  noParent: { zh: '上级菜单不存在', en: 'The parent menu does not exist' },
  cycle: { zh: '上级菜单不能是自己或自己的下级', en: 'A menu cannot be placed under itself or its descendants' },
  hasChildren: { zh: '请先删除子节点', en: 'Remove its children first' },
  noTenant: { zh: '租户不存在', en: 'No such tenant' },
} as const;

/**
 * `isOpen` in either coding, stored in ours (dictionary open_type: 1 否, 2 是, as SpringBlade stores it).
 * Saber's menu form sends 0 否 / 1 是. A client logged in through Saber's /blade-auth/token speaks that coding
 * (its token says so: `dialect`), so its 1 is our 2. From any other client a 0 states Saber's coding and is our 1,
 * a true or false says it plainly, and a lone 1 reads as ours (否), the value every stored menu and our own
 * clients use; anything else is left to the dictionary check (400).
 */
export function withOurIsOpen(body: Record<string, unknown>): Record<string, unknown> {
  if (!body || typeof body !== 'object' || !Object.hasOwn(body, 'isOpen')) return body;
  const value = body.isOpen;
  const is = (n: number) => value === n || (typeof value === 'string' && value.trim() === String(n));
  const saber = ctx().dialect === 'saber';
  const ours =
    value === true || value === 'true' || (saber && is(1))
      ? 2
      : value === false || value === 'false' || is(0)
        ? 1
        : value;
  return { ...body, isOpen: ours };
}

/** A parent must be a live menu that is not the menu itself nor one of its descendants. */
async function checkParent(q: Queryable, parentId: string, self: string | undefined) {
  if (parentId === '0') return;
  const rows = await q.query<{ id: string; parent_id: string }>(
    'select id::text, parent_id::text from blade_menu where is_deleted = 0',
  );
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  if (!parentOf.has(parentId)) throw badRequest(MSG.noParent);
  if (self && withAncestors([parentId], parentOf).has(self)) throw badRequest(MSG.cycle);
}

/** Rows with `hasChildren`, for one level of the lazily loaded tree. */
async function withChildFlags(platform: Platform, rows: Row[], onlyMenus: boolean): Promise<Row[]> {
  const ids = rows.map((r) => String(r.id));
  const parents = await platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ parent_id: string }>(
      `select distinct parent_id::text from blade_menu
        where is_deleted = 0 and parent_id = any($1::bigint[]) and ($2 = false or category = 1)`,
      [ids, onlyMenus],
    ),
  );
  const withKids = new Set(parents.map((p) => p.parent_id));
  return rows.map((r) => ({ ...r, hasChildren: withKids.has(String(r.id)) }));
}

export function registerMenuAdmin(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, menu, {
    async beforeSave(e) {
      await platformWrites.beforeSave!(e);
      const parentId = String(e.values.parentId ?? e.body.parentId ?? '0') || '0';
      if (e.isNew || e.values.parentId !== undefined) {
        e.values.parentId = parentId;
        await checkParent(e.q, parentId, e.isNew ? undefined : String(e.body.id));
      }
    },
    afterSave: () => invalidateMenus(platform),
    async afterRemove({ q, ids }) {
      await platformWrites.afterRemove!({ q, ids });
      const children = await q.query(
        'select 1 from blade_menu where is_deleted = 0 and parent_id = any($1::bigint[]) limit 1',
        [ids],
      );
      // Thrown inside the removing transaction: nothing is removed.
      if (children.length) throw badRequest(MSG.hasChildren);
      await invalidateMenus(platform);
    },
  });
  const save = resource.save.bind(resource);
  resource.save = (body) => save(withOurIsOpen(body));
  mountResource(app, resource, { ownList: true });
  type Q = { Querystring: Record<string, unknown> };

  // The whole tree of menus and buttons; with filters, the matching rows under their ancestors.
  app.get<Q>(`${BASE}/list`, { config: { title: '菜单列表' } }, async (req) =>
    ok(buildTree((await resource.list(req.query, ALL)) as (Row & { id: string; parentId: string })[])),
  );
  app.get<Q>(`${BASE}/menu-list`, { config: { title: '菜单列表(不含按钮)' } }, async (req) =>
    ok(
      buildTree(
        (await resource.list({ ...req.query, category_equal: 1 }, ALL)) as (Row & { id: string; parentId: string })[],
      ),
    ),
  );
  for (const [path, onlyMenus] of [
    ['lazy-list', false],
    ['lazy-menu-list', true],
  ] as const) {
    app.get<Q>(`${BASE}/${path}`, { config: { title: '菜单懒加载' } }, async (req) => {
      const parentId = String(req.query.parentId ?? '0') || '0';
      const rows = await resource.list(
        { ...req.query, parentId_equal: parentId, ...(onlyMenus ? { category_equal: 1 } : {}) },
        ALL,
      );
      return ok(await withChildFlags(platform, rows, onlyMenus));
    });
  }
  // Menus (no buttons) as contract tree nodes: the parent picker. With tenantId, the platform
  // administrator gets the menus that tenant may use (tenantMenus, with their ancestors); others' tenantId is ignored.
  app.get<Q>(`${BASE}/tree`, { config: { title: '菜单树' } }, async (req) => {
    const tenantId = String(req.query.tenantId ?? '').trim();
    const rows = await resource.list({ category_equal: 1 }, ALL);
    const nodes = rows.map((r) =>
      menuNode({
        id: String(r.id),
        parentId: String(r.parentId),
        code: String(r.code),
        name: String(r.name),
        category: Number(r.category),
      }),
    );
    if (!tenantId || !isPlatformAdmin()) return ok(buildTree(nodes));
    const usable = await platform.db.scoped(ALL_TENANTS, async (q) => {
      const found = await q.query('select 1 from blade_tenant where tenant_id = $1 and is_deleted = 0', [tenantId]);
      if (!found.length) throw notFound(MSG.noTenant);
      return tenantMenus(q, tenantId);
    });
    const menuIds = nodes.map((n) => n.id).filter((id) => usable.has(id));
    const shown = withAncestors(menuIds, new Map(nodes.map((n) => [n.id, n.parentId])));
    return ok(buildTree(nodes.filter((n) => shown.has(n.id))));
  });

  app.get(`${BASE}/grant-tree`, { config: { title: '权限分配树' } }, async () => ok(await grantTrees(platform)));
}

/**
 * What a caller may grant a role (CONTRACT.md "Role grant"): every menu and button its tenant
 * may use (tenantMenus: the package's, less the platform's own for another tenant), and the
 * data- and API-scope rules of those menus, each rule a leaf under its menu.
 */
export async function grantTrees(platform: Platform) {
  const { tenantId } = ctx();
  const [menus, usable, dataRules, apiRules] = await platform.db.scoped(ALL_TENANTS, (q) =>
    Promise.all([
      placedMenus(q),
      tenantMenus(q, tenantId),
      q.query<{ id: string; menu_id: string; scope_name: string }>(
        'select id::text, menu_id::text, scope_name from blade_scope_data where is_deleted = 0 order by id',
      ),
      q.query<{ id: string; menu_id: string; scope_name: string }>(
        'select id::text, menu_id::text, scope_name from blade_scope_api where is_deleted = 0 order by id',
      ),
    ]),
  );
  const grantable = menus.filter((m) => usable.has(m.id));
  const parentOf = new Map(menus.map((m) => [m.id, m.parentId]));

  /** The menus carrying rules (with their ancestors, for context) and the rules as leaves. */
  const scopeTree = (rules: { id: string; menu_id: string; scope_name: string }[]) => {
    const grantableRules = rules.filter((r) => usable.has(r.menu_id));
    const shown = withAncestors(
      grantableRules.map((r) => r.menu_id),
      parentOf,
    );
    const nodes: Node[] = [
      ...menus.filter((m) => shown.has(m.id)).map(menuNode),
      ...grantableRules.map((r) => node(r.id, r.menu_id, r.scope_name)),
    ];
    return buildTree(nodes);
  };
  return { menu: buildTree(grantable.map(menuNode)), dataScope: scopeTree(dataRules), apiScope: scopeTree(apiRules) };
}
