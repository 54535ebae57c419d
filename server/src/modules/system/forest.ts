import type { FastifyInstance } from 'fastify';
import type { Row } from '../../platform/db.ts';
import { ok } from '../../platform/errors.ts';
import { buildTree, type TreeNode } from '../../platform/tree.ts';
import type { Resource } from '../../resources/engine.ts';

/** The most rows a forest list reads: a tenant's departments, roles or dictionaries with every entry. */
const FOREST_LIMIT = 10_000;

export type ForestRow = Row & { id: string; parentId: string };

/**
 * What SpringBlade answers for `dept/list`, `role/list`, `dict/list` and `dict-biz/list` (issue 35, CONTRACT.md
 * "Lists and paging"), and Saber reads: every row the query's filters match (tenant and data scope as for any list;
 * `current` and `size` ignored: unpaged), nested as ForestNodeMerger nests them: a row under its parent when the
 * parent matched too, else a root of its own; siblings in the list's order (`sort` unless `ascs`/`descs`). No
 * ancestors are added. Leaves carry no `children`; ids are strings.
 */
export async function forestOf(
  resource: Resource,
  query: Record<string, unknown>,
  decorate?: (rows: ForestRow[]) => Promise<ForestRow[]>,
): Promise<TreeNode<ForestRow>[]> {
  const rows = (await resource.list(query, FOREST_LIMIT)).map(
    (r) => ({ ...r, id: String(r.id), parentId: String(r.parentId ?? '0') }) as ForestRow,
  );
  return buildTree(decorate ? await decorate(rows) : rows);
}

/**
 * Mounts `<entity.api>/list` answering the forest (forestOf), for a resource mounted with `{ ownList: true }`;
 * `decorate` adds to the rows before they are nested (the roles' `parentName`).
 */
export function mountForestList(
  app: FastifyInstance,
  resource: Resource,
  decorate?: (rows: ForestRow[]) => Promise<ForestRow[]>,
) {
  const { entity } = resource.model;
  app.get<{ Querystring: Record<string, unknown> }>(
    `/api/${entity.api}/list`,
    { config: { title: `${entity.label.zh}列表` } },
    async (req) => ok(await forestOf(resource, req.query, decorate)),
  );
}
