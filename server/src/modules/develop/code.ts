import { CODE_GEN_SYSTEM, CODE_PATHS, code } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, idsParam, mountResource } from '../../resources/engine.ts';
import { type CodeConfig, type GeneratedFile, generateFiles, readColumns, readme, zipFiles } from './code-gen.ts';
import { ownDatabase, withConnection } from './connection.ts';

/** What a copy's module name ends with (BladeX's copy does the same). */
const COPY_SUFFIX = '-copy';
const CODE_NAME_MAX = code.fields.find((f) => f.name === 'codeName')?.maxLength ?? 64;

const PATH_MESSAGES: Record<keyof typeof CODE_PATHS, { zh: string; en: string }> = {
  packageName: {
    zh: '模块目录只能包含小写字母、数字和连字符，且以字母开头',
    en: 'The module folder may hold only lower-case letters, digits and hyphens, starting with a letter',
  },
  apiPath: { zh: '接口路径格式应为 blade-xxx/yyy', en: 'The API path must look like blade-xxx/yyy' },
  webPath: { zh: '菜单路径格式应为 /xxx/yyy', en: 'The menu path must look like /xxx/yyy' },
};

const NO_DATASOURCE = { zh: '数据源不存在', en: 'The data source does not exist' };

/** The tenant's live data source of that id, with its secret, or a 400. */
async function datasourceOf(q: Queryable, id: string) {
  const [row] = await q.query<{ url: string; username: string; password: string | null }>(
    'select url, username, password from blade_datasource where id = $1 and is_deleted = 0',
    [id],
  );
  if (!row) throw badRequest(NO_DATASOURCE);
  return row;
}

/**
 * blade-develop/code: code-generator configurations. Besides the five, `copy` duplicates one and
 * `gen-code` reads each configured table's columns (from the console's own database, or the
 * configuration's data source) and answers this project's files for it as a zip.
 */
export function registerCode(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, code, {
    async beforeSave({ q, values }) {
      // These become paths and names inside the generated zip: nothing may climb out of its folder.
      for (const [field, pattern] of Object.entries(CODE_PATHS) as [keyof typeof CODE_PATHS, RegExp][]) {
        const value = values[field];
        if (typeof value === 'string' && !pattern.test(value)) throw badRequest(PATH_MESSAGES[field]);
      }
      if (values.datasourceId) await datasourceOf(q, String(values.datasourceId));
    },
  });
  mountResource(app, resource);
  const base = `/api/${code.api}`;
  type Q = { Querystring: Record<string, unknown> };

  app.post<Q>(`${base}/copy`, { config: { title: '代码生成复制', button: 'code_copy' } }, async (req) => {
    const id = String(req.query.id ?? '');
    if (!isId(id)) throw badRequest({ zh: '请选择要复制的数据', en: 'Please choose the record to copy' });
    const source = await resource.detail(id);
    if (!source) throw notFound();
    const copy = Object.fromEntries(
      code.fields.filter((f) => f.form !== false).map((f) => [f.name, source[f.name]]),
    ) as Record<string, unknown>;
    copy.codeName = `${String(source.codeName).slice(0, CODE_NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    return ok(await resource.save(copy), { zh: '复制成功', en: 'Copied' });
  });

  app.post<Q>(`${base}/gen-code`, { config: { title: '代码生成', button: 'code_gen' } }, async (req, reply) => {
    const ids = idsParam(req.query);
    const system = String(req.query.system ?? '');
    if (system !== CODE_GEN_SYSTEM) {
      throw badRequest({ zh: `不支持的系统: ${system}`, en: `Unsupported system: ${system}` });
    }
    const configs: (CodeConfig & { datasourceId?: string | null })[] = [];
    for (const id of ids) {
      const row = await resource.detail(id);
      if (!row) throw notFound();
      configs.push(row as unknown as CodeConfig & { datasourceId?: string | null });
    }
    const caller = ctx();
    const files: GeneratedFile[] = [];
    for (const config of configs) {
      const columns = config.datasourceId
        ? await withConnection(
            await platform.db.scoped(caller.tenantId, (q) => datasourceOf(q, String(config.datasourceId))),
            async (client) =>
              readColumns(
                { query: async (sql, params) => (await client.query(sql, params as unknown[])).rows },
                config.tableName,
              ),
            ownDatabase(platform.db, platform.config.databaseUrl),
          )
        : await platform.db.scoped(caller.tenantId, (q) => readColumns(q, config.tableName));
      if (columns.length === 0) {
        throw badRequest({ zh: `表不存在: ${config.tableName}`, en: `No such table: ${config.tableName}` });
      }
      if (!columns.some((c) => c.name === config.pkName)) {
        throw badRequest({
          zh: `主键不存在: ${config.tableName}.${config.pkName}`,
          en: `No such primary key: ${config.tableName}.${config.pkName}`,
        });
      }
      // The engine knows a row by its `id` column; BladeX's other primary keys have no place here.
      if (config.pkName !== 'id') {
        throw badRequest({ zh: '主键名须为 id', en: 'The primary key must be the id column' });
      }
      files.push(...generateFiles(config, columns));
    }
    const repeated = files.find((f, i) => files.findIndex((g) => g.path === f.path) !== i);
    if (repeated) {
      throw badRequest({ zh: `生成的文件重名: ${repeated.path}`, en: `Two configurations generate ${repeated.path}` });
    }
    files.push({ path: 'README.md', content: readme(configs) });
    const name = configs.length === 1 ? `${files[0].path.split('/').pop()?.replace(/\.ts$/, '')}.zip` : 'code.zip';
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(await zipFiles(files));
  });
}
