import multipart from '@fastify/multipart';
import { type FieldDef, region } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { ALL_TENANTS } from '../../platform/db.ts';
import { ApiError, badRequest, ok } from '../../platform/errors.ts';
import { readUpload } from '../../platform/file-upload.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { type AncestryTable, ancestorsUnder, moveNode, refuseOrphans } from '../../resources/ancestry.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { modelOf } from '../../resources/model.ts';
import { lazyLevel, parentParam } from '../../resources/tree.ts';
import { coerce } from '../../resources/validate.ts';
import { type RowProblem, readRows } from '../user/import.ts';
import { platformWrites, requirePlatformAdmin } from './access.ts';

/**
 * Regions, shared by every tenant and changed by the platform administrator only:
 * the generic endpoints (detail?code= matches exactly, codes being numeric) and a
 * lazy tree by parentCode (00 or 0 for the provinces).
 */
const TABLE: AncestryTable = { table: 'blade_region', key: 'code', parent: 'parent_code' };
const BASE = '/api/blade-system/region';
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The columns of a region sheet (BladeX's region export: 区划编号, 父区划编号, 区划名称, 排序, 备注; its other
 * columns, the level and the names above, follow from the parent and are not read), by Chinese or English header.
 */
const fieldOf = (name: string) => region.fields.find((f) => f.name === name)!;
const SHEET: Pick<FieldDef, 'name' | 'label'>[] = [
  fieldOf('code'),
  fieldOf('name'),
  fieldOf('parentCode'),
  { name: 'parentCode', label: { zh: '父区划编号', en: 'Parent code' } },
  fieldOf('sort'),
  fieldOf('remark'),
];

const MSG = {
  tooLarge: { zh: '导入文件不能超过5MB', en: 'The import file must not be larger than 5 MB' },
  covered: { zh: 'isCovered只能是0或1', en: 'isCovered must be 0 or 1' },
  exists: { zh: '区划编号已存在', en: 'A region with this code already exists' },
  noParent: { zh: '上级区划不存在', en: 'The parent region does not exist' },
  cycle: { zh: '上级区划不能是自己或自己的下级', en: 'A region cannot be placed under itself or its descendants' },
} as const;

export function registerRegion(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, region, {
    async beforeSave(e) {
      await platformWrites.beforeSave?.(e);
      const { q, isNew, body, values } = e;
      if (values.parentCode === null) values.parentCode = '0';
      if (values.parentCode !== undefined) {
        const self = isNew ? undefined : String(values.code ?? body.code ?? '');
        await ancestorsUnder(q, TABLE, String(values.parentCode), self || undefined);
      }
    },
    async afterSave({ q, row }) {
      const ancestors = await ancestorsUnder(q, TABLE, String(row.parentCode));
      await moveNode(q, TABLE, String(row.code), ancestors);
      await q.query('update blade_region set region_level = $2 where id = $1', [row.id, ancestors.split(',').length]);
    },
    async afterRemove(e) {
      await platformWrites.afterRemove?.(e);
      const codes = await e.q.query<{ code: string }>(
        'select code::text from blade_region where id = any($1::bigint[])',
        [e.ids],
      );
      await refuseOrphans(
        e.q,
        TABLE,
        codes.map((c) => c.code),
      );
    },
  });
  mountResource(app, resource);

  app.get<{ Querystring: { parentCode?: string } }>(
    '/api/blade-system/region/lazy-tree',
    { config: { title: '行政区划懒加载树' } },
    async (req) => {
      const parent = /^0+$/.test(String(req.query.parentCode ?? '0')) ? '0' : parentParam(req.query.parentCode);
      const rows = await platform.db.scoped(ALL_TENANTS, (q) =>
        lazyLevel(
          q,
          {
            table: TABLE.table,
            idColumn: 'code',
            parentColumn: 'parent_code',
            select: `t.code::text as id, t.parent_code::text as "parentId", t.name as title, t.code::text as key,
                     t.code::text as value, t.region_level as "regionLevel"`,
          },
          parent,
        ),
      );
      return ok(rows);
    },
  );

  // BladeX's dropdown source (Saber's 调试 dialog): the regions directly below `code` (00, 0 or none: the provinces).
  app.get<{ Querystring: { code?: string } }>(`${BASE}/select`, { config: { title: '行政区划下拉' } }, async (req) => {
    const parent = /^0*$/.test(String(req.query.code ?? '').trim()) ? '0' : parentParam(req.query.code);
    return ok(await resource.list({ parentCode_equal: parent }, 10_000));
  });

  // BladeX's import (区划 导入): a sheet of regions, checked whole before anything is written, as the user import.
  // A plugin of its own for the multipart parser (loaded with the app, as Fastify loads every plugin).
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1 } });
    scope.post<{ Querystring: Record<string, string | undefined> }>(
      `${BASE}/import-region`,
      { config: { title: '行政区划导入', button: 'region_add' } },
      async (req, reply) => {
        requirePlatformAdmin();
        const covered = req.query.isCovered ?? '0';
        if (covered !== '0' && covered !== '1') throw badRequest(MSG.covered);
        const rows = await readRows((await readUpload(req, MSG.tooLarge)).bytes, SHEET);
        const result = await importRegions(platform, rows, covered === '1');
        if (Array.isArray(result)) {
          const msg =
            ctx().lang === 'zh'
              ? `导入数据有${result.length}处错误, 未导入任何数据`
              : `${result.length} problems found; nothing was imported`;
          return reply.code(400).send({ code: 400, success: false, data: result, msg });
        }
        platform.logs.event(
          'info',
          'region.import',
          `导入 ${result} 个行政区划${covered === '1' ? '（覆盖已有区划）' : ''}`,
        );
        return ok(result, { zh: `成功导入${result}条数据`, en: `${result} rows imported` });
      },
    );
  });
}

interface RegionRow {
  row: number;
  code: string;
  name: string;
  parentCode: string;
  sort: number | null;
  remark: string | null;
}

/**
 * Checks every row of the sheet, then writes them all in one transaction (parents before children): a new
 * code is added, an existing one is refused, or with `covered` takes the row's name, parent, order and remark.
 * Answers how many rows were written, or every problem found (nothing written).
 */
async function importRegions(
  platform: Platform,
  rows: { row: number; cells: Map<string, string> }[],
  covered: boolean,
): Promise<number | RowProblem[]> {
  const { lang, userId, deptId } = ctx();
  const problems: RowProblem[] = [];
  const problem = (row: number, f: Pick<FieldDef, 'label'>, message: { zh: string; en: string } | string) =>
    problems.push({ row, column: f.label[lang], message: typeof message === 'string' ? message : message[lang] });
  const model = modelOf(region).columns;
  const parsed: RegionRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of rows) {
    const values: Record<string, unknown> = {};
    for (const name of ['code', 'name', 'parentCode', 'sort', 'remark']) {
      const f = fieldOf(name);
      const text = cells.get(name) ?? '';
      if (!text) {
        if (f.required) problem(row, f, f.required);
        continue;
      }
      try {
        values[name] = coerce(model.get(name)!, text);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        problem(row, f, err.messageIn(lang));
      }
    }
    const code = values.code === undefined ? undefined : String(values.code);
    if (code) {
      const first = firstRowOf.get(code);
      if (first !== undefined) {
        problem(row, fieldOf('code'), lang === 'zh' ? `区划编号与第${first}行重复` : `The code repeats row ${first}`);
      } else firstRowOf.set(code, row);
    }
    if (code && values.name !== undefined) {
      parsed.push({
        row,
        code,
        name: String(values.name),
        parentCode: values.parentCode === undefined ? '0' : String(values.parentCode),
        sort: values.sort === undefined ? null : Number(values.sort),
        remark: values.remark === undefined ? null : String(values.remark),
      });
    }
  }
  return platform.db.tx(ALL_TENANTS, async (q) => {
    const stored = await q.query<{ code: string; parent: string; ancestors: string }>(
      'select code::text, parent_code::text as parent, ancestors from blade_region where is_deleted = 0',
    );
    const parentOf = new Map(stored.map((r) => [r.code, r.parent]));
    const existing = new Set(parentOf.keys());
    for (const r of parsed) {
      if (existing.has(r.code) && !covered) problem(r.row, fieldOf('code'), MSG.exists);
      parentOf.set(r.code, r.parentCode);
    }
    // Each row's parent must be a region, stored or in the sheet, and the chain up from it must not come back.
    const ordered: RegionRow[] = [];
    const depthOf = new Map<string, number>();
    const depth = (code: string, seen: Set<string>): number => {
      if (code === '0') return 0;
      const known = depthOf.get(code);
      if (known !== undefined) return known;
      const parent = parentOf.get(code);
      if (parent === undefined || seen.has(code)) return Number.NaN;
      seen.add(code);
      const d = depth(parent, seen) + 1;
      depthOf.set(code, d);
      return d;
    };
    for (const r of parsed) {
      const d = depth(r.code, new Set());
      if (Number.isNaN(d)) {
        const parentKnown = r.parentCode === '0' || parentOf.has(r.parentCode);
        problem(r.row, fieldOf('parentCode'), parentKnown ? MSG.cycle : MSG.noParent);
      } else ordered.push(r);
    }
    if (problems.length) return problems.sort((a, b) => a.row - b.row);
    ordered.sort((a, b) => depthOf.get(a.code)! - depthOf.get(b.code)!);
    for (const r of ordered) {
      const ancestors = await ancestorsUnder(q, TABLE, r.parentCode, existing.has(r.code) ? r.code : undefined);
      const level = ancestors.split(',').length;
      if (existing.has(r.code)) {
        await q.query(
          `update blade_region set name = $2, parent_code = $3, sort = coalesce($4, sort), remark = coalesce($5, remark),
                  region_level = $6, update_user = $7, update_time = localtimestamp(0)
            where code = $1 and is_deleted = 0`,
          [r.code, r.name, r.parentCode, r.sort, r.remark, level, userId],
        );
        await moveNode(q, TABLE, r.code, ancestors);
      } else {
        await q.query(
          `insert into blade_region (id, code, parent_code, ancestors, name, region_level, sort, remark,
                                     create_user, create_dept, update_user)
           values ($1, $2, $3, $4, $5, $6, coalesce($7, 1), $8, $9, $10, $9)`,
          [nextId(), r.code, r.parentCode, ancestors, r.name, level, r.sort, r.remark, userId, deptId || null],
        );
      }
    }
    return ordered.length;
  });
}
