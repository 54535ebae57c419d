import multipart from '@fastify/multipart';
import { type FieldDef, user } from '@park/catalog';
import type ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ADMIN_ROLE_ALIAS, ctx, isAdministrator } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { ApiError, type Bilingual, badRequest, ok } from '../../platform/errors.ts';
import { readUpload } from '../../platform/file-upload.ts';
import { loadExcel } from '../../platform/heavy.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { FILE_KINDS, kindOf } from '../../platform/storage.ts';
import type { Resource } from '../../resources/engine.ts';
import { ident } from '../../resources/sql.ts';
import { coerce } from '../../resources/validate.ts';
import { insertRows } from '../../seed/rows.ts';
import { announceUsersChanged, changesLogins, revokeSessionsOf } from './events.ts';
import { accountLimitMessage, accountRoom, checkAccountLimits } from './limits.ts';
import { hashPlain } from './passwords.ts';

/**
 * User import from Excel (BladeX `export-template` / `import-user`). Every row is checked
 * first; one bad cell refuses the whole file with a row-by-row report and writes nothing.
 * Departments, posts and roles are written by name (or full name, code, alias) and resolved
 * within the caller's tenant; new accounts get the `account.initPassword` parameter.
 */
const BASE = '/api/blade-user';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = 5000;

/** The template's columns in order: user fields, the three references written by name. */
const KEYS = ['account', 'realName', 'name', 'code', 'deptId', 'postId', 'roleId', 'phone', 'email', 'sex', 'birthday'];
const FIELDS = KEYS.map((key) => user.fields.find((f) => f.name === key)!);
type RefKey = 'deptId' | 'postId' | 'roleId';
const REFS: Record<RefKey, { sql: string }> = {
  deptId: { sql: 'select id::text, dept_name as a, full_name as b, false as admin from blade_dept' },
  postId: { sql: 'select id::text, post_name as a, post_code as b, false as admin from blade_post' },
  roleId: {
    sql: `select id::text, role_name as a, role_alias as b, role_alias = '${ADMIN_ROLE_ALIAS}' as admin from blade_role`,
  },
};
const LIST_SEPARATOR = /[,，、]/;

const MSG = {
  tooLarge: { zh: '导入文件不能超过5MB', en: 'The import file must not be larger than 5 MB' },
  notXlsx: { zh: '请上传.xlsx格式的Excel文件', en: 'Please upload an Excel file (.xlsx)' },
  noColumns: {
    zh: '文件的表头与导入模板不符, 请下载模板后填写',
    en: 'The header row does not match the template; please download the template and fill it in',
  },
  empty: { zh: '文件中没有要导入的数据', en: 'The file holds no rows to import' },
  tooMany: { zh: `单次最多导入${MAX_ROWS}行`, en: `At most ${MAX_ROWS} rows can be imported at once` },
  covered: { zh: 'isCovered只能是0或1', en: 'isCovered must be 0 or 1' },
  adminRole: {
    zh: '只有超级管理员可以授予超级管理员角色',
    en: 'Only an administrator may grant the administrator role',
  },
  notVisible: { zh: '无权修改该账号', en: 'You may not change this account' },
  changed: {
    zh: '导入期间账号数据已变化, 请重新导入',
    en: 'The accounts changed during the import; please import again',
  },
  report: { zh: '错误报告', en: 'Errors' },
  reportBody: {
    zh: '错误报告须是行号、列、错误信息的列表',
    en: 'The report must be a list of row, column and message',
  },
} as const;

export interface RowProblem {
  row: number;
  column: string;
  message: string;
}

interface ParsedRow {
  row: number;
  values: Record<string, unknown>;
  /** The existing user a cover-mode row updates. */
  existingId?: string;
}

type NameIndex = Map<string, { ids: Set<string>; admin: boolean }>;

export async function registerUserImport(app: FastifyInstance, platform: Platform, resource: Resource) {
  app.get(
    `${BASE}/export-template`,
    { config: { title: '用户导入模板', button: 'user_import' } },
    async (_req, reply) => sendWorkbook(reply, '用户导入模板', await template()),
  );

  // The error report as a workbook: the web has no Excel writer of its own.
  app.post<{ Body: unknown }>(
    `${BASE}/import-report`,
    { config: { title: '用户导入错误报告', button: 'user_import' } },
    async (req, reply) => sendWorkbook(reply, MSG.report[ctx().lang], await reportBook(problemsOf(req.body))),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1 } });
    scope.post<{ Querystring: Record<string, string | undefined> }>(
      `${BASE}/import-user`,
      { config: { title: '用户导入', button: 'user_import' } },
      async (req, reply) => {
        const covered = req.query.isCovered ?? '0';
        if (covered !== '0' && covered !== '1') throw badRequest(MSG.covered);
        const upload = await readUpload(req, MSG.tooLarge);
        const rows = await readRows(upload.bytes);
        const { parsed, problems } = await validate(platform, resource, rows, covered === '1');
        if (problems.length) {
          const lang = ctx().lang;
          const msg =
            lang === 'zh'
              ? `导入数据有${problems.length}处错误, 未导入任何数据`
              : `${problems.length} problems found; nothing was imported`;
          return reply.code(400).send({ code: 400, success: false, data: problems, msg });
        }
        const count = await write(platform, resource, parsed);
        platform.logs.event('info', 'user.import', `导入 ${count} 个用户${covered === '1' ? '（覆盖已有账号）' : ''}`);
        return ok(count, { zh: `成功导入${count}条数据`, en: `${count} rows imported` });
      },
    );
  });
}

async function sendWorkbook(reply: FastifyReply, name: string, book: ExcelJS.Workbook): Promise<unknown> {
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`)
    .send(buffer);
}

/** The template: the header row only, in Chinese as operators fill it in; required columns in red. */
async function template(): Promise<ExcelJS.Workbook> {
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet('用户数据');
  sheet.columns = FIELDS.map((f) => ({ header: f.label.zh, key: f.name, width: 18 }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  FIELDS.forEach((f, i) => {
    if (f.required) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFCC0000' } };
    const note = noteOf(f);
    if (note) header.getCell(i + 1).note = note;
  });
  return book;
}

function noteOf(f: FieldDef): string | undefined {
  if (f.name in REFS) return '填写名称, 多个用逗号分隔';
  if (f.dict) return '填写字典中的名称';
  if (f.name === 'birthday') return 'yyyy-MM-dd';
  return undefined;
}

function problemsOf(body: unknown): RowProblem[] {
  if (!Array.isArray(body) || body.length > MAX_ROWS * FIELDS.length) throw badRequest(MSG.reportBody);
  return body.map((p) => {
    const r = (p ?? {}) as Record<string, unknown>;
    return { row: Number(r.row) || 0, column: String(r.column ?? ''), message: String(r.message ?? '') };
  });
}

async function reportBook(problems: RowProblem[]): Promise<ExcelJS.Workbook> {
  const lang = ctx().lang;
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet(MSG.report[lang]);
  sheet.columns = [
    { header: lang === 'zh' ? '行号' : 'Row', key: 'row', width: 10 },
    { header: lang === 'zh' ? '列' : 'Column', key: 'column', width: 20 },
    { header: lang === 'zh' ? '错误信息' : 'Message', key: 'message', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(problems);
  return book;
}

/** A cell as the text the operator sees: rich text, links and formula results flattened, dates as yyyy-MM-dd. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

/**
 * The data rows (sheet row number and text by field), columns found by their header (Chinese or English);
 * the region import (modules/system/region.ts) reads its sheet with its own fields.
 */
export async function readRows(
  bytes: Buffer,
  fields: readonly Pick<FieldDef, 'name' | 'label'>[] = FIELDS,
): Promise<{ row: number; cells: Map<string, string> }[]> {
  if (!kindOf(bytes, [FILE_KINDS.zip])) throw badRequest(MSG.notXlsx);
  const book = new (await loadExcel()).Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(MSG.notXlsx);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest(MSG.empty);
  const byHeader = new Map(fields.flatMap((f) => [[f.label.zh, f.name] as const, [f.label.en, f.name] as const]));
  const columns = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = byHeader.get(cellText(cell.value).replace(/\*/g, ''));
    if (key) columns.set(col, key);
  });
  if (!columns.size) throw badRequest(MSG.noColumns);
  const rows: { row: number; cells: Map<string, string> }[] = [];
  sheet.eachRow((r, row) => {
    if (row === 1) return;
    const cells = new Map<string, string>();
    for (const [col, key] of columns) {
      const text = cellText(r.getCell(col).value);
      if (text) cells.set(key, text);
    }
    if (cells.size) rows.push({ row, cells });
  });
  if (!rows.length) throw badRequest(MSG.empty);
  if (rows.length > MAX_ROWS) throw badRequest(MSG.tooMany);
  return rows;
}

/** Names (both columns of a reference) of the tenant's live rows, each to the ids it may mean. */
async function nameIndex(q: Queryable, key: RefKey, tenantId: string): Promise<NameIndex> {
  const rows = await q.query<{ id: string; a: string | null; b: string | null; admin: boolean }>(
    `${REFS[key].sql} where tenant_id = $1 and is_deleted = 0`,
    [tenantId],
  );
  const index: NameIndex = new Map();
  for (const r of rows) {
    for (const name of [r.a, r.b]) {
      if (!name) continue;
      const entry = index.get(name) ?? { ids: new Set<string>(), admin: false };
      entry.ids.add(r.id);
      entry.admin ||= r.admin;
      index.set(name, entry);
    }
  }
  return index;
}

/** The dictionaries of the template's fields: each label (Chinese or English, as an export writes it) and key to the key. */
async function dictionaries(q: Queryable): Promise<Map<string, Map<string, string>>> {
  const codes = FIELDS.flatMap((f) => (f.dict ? [f.dict] : []));
  const rows = await q.query<{ code: string; k: string; v: string; e: string | null }>(
    `select code, dict_key as k, dict_value as v, dict_value_en as e from blade_dict
      where code = any($1) and parent_id <> 0 and is_deleted = 0`,
    [codes],
  );
  const dicts = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const entries = dicts.get(r.code) ?? new Map<string, string>();
    entries.set(r.v, r.k).set(r.k, r.k);
    if (r.e) entries.set(r.e, r.k);
    dicts.set(r.code, entries);
  }
  return dicts;
}

/** Checks every row; answers the rows ready to write, or every problem found. */
async function validate(
  platform: Platform,
  resource: Resource,
  rows: { row: number; cells: Map<string, string> }[],
  covered: boolean,
): Promise<{ parsed: ParsedRow[]; problems: RowProblem[] }> {
  const { tenantId, lang } = ctx();
  const accounts = [...new Set(rows.map((r) => r.cells.get('account')).filter((a): a is string => Boolean(a)))];
  const lookups = await platform.db.scoped(tenantId, async (q) => ({
    refs: {
      deptId: await nameIndex(q, 'deptId', tenantId),
      postId: await nameIndex(q, 'postId', tenantId),
      roleId: await nameIndex(q, 'roleId', tenantId),
    },
    dicts: await dictionaries(q),
    existing: new Map(
      (
        await q.query<{ id: string; account: string }>(
          `select id::text, account from blade_user where tenant_id = $1 and is_deleted = 0 and account = any($2)`,
          [tenantId, accounts],
        )
      ).map((u) => [u.account, u.id]),
    ),
    ...(await accountRoom(q, tenantId)),
  }));

  const problems: RowProblem[] = [];
  const parsed: ParsedRow[] = [];
  const firstRowOf = new Map<string, number>();
  let newRows = 0;
  for (const { row, cells } of rows) {
    const problem = (f: FieldDef, message: Bilingual | string) =>
      problems.push({ row, column: f.label[lang], message: typeof message === 'string' ? message : message[lang] });
    const values: Record<string, unknown> = {};
    for (const f of FIELDS) {
      const text = cells.get(f.name) ?? '';
      if (!text) {
        if (f.required) problem(f, f.required);
        continue;
      }
      if (f.name in REFS) {
        const ids = resolveNames(text, lookups.refs[f.name as RefKey], f, lang, problem);
        if (ids) values[f.name] = ids.join(',');
        if (f.name === 'roleId' && !isAdministrator() && hasAdminRole(text, lookups.refs.roleId)) {
          problem(f, MSG.adminRole);
        }
        continue;
      }
      // A dictionary cell holds the entry's label (男) or its key (1).
      const raw = f.dict ? lookups.dicts.get(f.dict)?.get(text) : text;
      if (raw === undefined) {
        problem(f, lang === 'zh' ? `"${text}"不是有效的选项` : `"${text}" is not one of the options`);
        continue;
      }
      try {
        values[f.name] = coerce(resource.model.columns.get(f.name)!, raw);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        problem(f, err.messageIn(lang));
      }
    }

    const account = cells.get('account');
    const accountField = FIELDS[0];
    let existingId: string | undefined;
    if (account) {
      const first = firstRowOf.get(account);
      if (first !== undefined) {
        problem(accountField, lang === 'zh' ? `账号与第${first}行重复` : `The account repeats the one in row ${first}`);
      } else {
        firstRowOf.set(account, row);
        existingId = lookups.existing.get(account);
        if (existingId && !covered) problem(accountField, accountField.unique!);
        // Cover mode changes only accounts the caller could open (tenant and data scope).
        else if (existingId && !(await resource.detail(existingId))) problem(accountField, MSG.notVisible);
        else if (!existingId && ++newRows > lookups.room) problem(accountField, accountLimitMessage(lookups.limit));
      }
    }
    parsed.push({ row, values, existingId });
  }
  return { parsed, problems };
}

/** Ids of comma-separated names; a name that matches nothing or several rows is a problem. */
function resolveNames(
  text: string,
  index: NameIndex,
  f: FieldDef,
  lang: 'zh' | 'en',
  problem: (f: FieldDef, message: string) => void,
): string[] | undefined {
  const ids: string[] = [];
  let ok = true;
  for (const name of text
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const found = index.get(name);
    if (!found) {
      ok = false;
      problem(f, lang === 'zh' ? `"${name}"不存在` : `"${name}" does not exist`);
    } else if (found.ids.size > 1) {
      ok = false;
      problem(f, lang === 'zh' ? `"${name}"对应多条数据, 请写全称` : `"${name}" is ambiguous; use the full name`);
    } else ids.push(...found.ids);
  }
  return ok ? [...new Set(ids)] : undefined;
}

function hasAdminRole(text: string, index: NameIndex): boolean {
  return text.split(LIST_SEPARATOR).some((name) => index.get(name.trim())?.admin);
}

/** Inserts the new accounts and updates the covered ones in one transaction; answers how many rows were written. */
async function write(platform: Platform, resource: Resource, rows: ParsedRow[]): Promise<number> {
  const caller = ctx();
  const initial = (await platform.params.get(caller.tenantId, 'account.initPassword')) ?? '123456';
  const inserts = rows.filter((r) => !r.existingId);
  // One hash for every new account: they share the initial password anyway, and the hash is slow on purpose.
  const password = inserts.length ? await hashPlain(initial) : '';
  const columnOf = (key: string) => resource.model.columns.get(key)!.column;
  const updated = await platform.db.tx(caller.tenantId, async (q) => {
    await checkAccountLimits(q, caller.tenantId, inserts.length);
    const clash = await q.query(
      'select 1 from blade_user where tenant_id = $1 and is_deleted = 0 and account = any($2) limit 1',
      [caller.tenantId, inserts.map((r) => r.values.account)],
    );
    if (clash.length) throw badRequest(MSG.changed);
    for (const r of inserts) {
      const snake = Object.fromEntries(Object.entries(r.values).map(([k, v]) => [columnOf(k), v]));
      await insertRows(q, 'blade_user', [
        {
          ...snake,
          id: nextId(),
          tenant_id: caller.tenantId,
          password,
          // The tenant's initial password, known to whoever knows the tenant: its owner is asked to change it.
          initial_password: 1,
          create_user: caller.userId,
          create_dept: caller.deptId || null,
          update_user: caller.userId,
        },
      ]);
    }
    const ids: string[] = [];
    for (const r of rows) {
      if (!r.existingId) continue;
      const entries = Object.entries(r.values).filter(([k]) => k !== 'account');
      // New roles, departments, post or status end the account's logins (their tokens carry the old ones), once
      // this transaction is over.
      if (await changesLogins(q, r.existingId, r.values)) await revokeSessionsOf(platform, [r.existingId]);
      const sets = entries.map(([k], i) => `${ident(columnOf(k))} = $${i + 3}`);
      await q.query(
        `update blade_user set ${[...sets, 'update_user = $2', 'update_time = localtimestamp(0)'].join(', ')}
          where id = $1`,
        [r.existingId, caller.userId, ...entries.map(([, v]) => v)],
      );
      ids.push(r.existingId);
    }
    return ids;
  });
  if (updated.length) await announceUsersChanged(platform.bus, caller.tenantId, updated);
  return rows.length;
}
