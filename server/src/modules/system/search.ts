import { dept, type EntityDef, post, role } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource } from '../../resources/engine.ts';

/**
 * blade-system `search/*` (spec part 7): the caller's tenant's roles, departments and posts
 * narrowed by the few fields BladeX's SearchController takes. Roles and departments answer
 * a list, posts a page, as BladeX does; other query fields are ignored.
 */
const SEARCHES: { path: string; entity: EntityDef; fields: string[]; paged: boolean; title: string }[] = [
  { path: 'role', entity: role, fields: ['roleName', 'roleAlias', 'parentId'], paged: false, title: '角色查询' },
  { path: 'dept', entity: dept, fields: ['deptName', 'fullName', 'parentId'], paged: false, title: '机构查询' },
  { path: 'post', entity: post, fields: ['postName', 'postCode', 'category'], paged: true, title: '岗位查询' },
];
const PAGING = new Set(['current', 'size', 'ascs', 'descs']);

export function registerSearch(app: FastifyInstance, platform: Platform) {
  for (const s of SEARCHES) {
    const resource = createResource(platform, s.entity);
    // A field's suffixed forms (roleName_like, createTime_...) count as that field.
    const allowed = (key: string) => PAGING.has(key) || s.fields.some((f) => key === f || key.startsWith(`${f}_`));
    app.get<{ Querystring: Record<string, unknown> }>(
      `/api/blade-system/search/${s.path}`,
      { config: { title: s.title } },
      async (req) => {
        const query = Object.fromEntries(Object.entries(req.query).filter(([k]) => allowed(k)));
        return ok(s.paged ? await resource.page(query) : await resource.list(query));
      },
    );
  }
}
