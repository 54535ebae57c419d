import { AUDIT_FIELDS, type FieldType, toCamel, toSnake } from '@park/catalog';
import JSZip from 'jszip';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * The code generator: from a table's columns, this project's artefacts for it (a catalog entity,
 * a web view on CrudPage, a menu-seed entry) as text files at their place in the repository.
 */

/** One column of the table, as information_schema and pg_catalog describe it. */
export interface TableColumn {
  name: string;
  /** information_schema's udt_name: varchar, int4, timestamp, ... */
  udtName: string;
  maxLength: number | null;
  nullable: boolean;
  hasDefault: boolean;
  comment: string | null;
}

/** The configuration fields the generator reads (a blade_code row). */
export interface CodeConfig {
  codeName: string;
  tableName: string;
  tablePrefix?: string | null;
  pkName: string;
  packageName: string;
  apiPath: string;
  webPath: string;
}

export interface GeneratedFile {
  path: string;
  content: string;
}

/** The table's columns in the caller's schema, in order, with their comments; empty when there is no such table. */
export async function readColumns(q: Queryable, tableName: string): Promise<TableColumn[]> {
  const rows = await q.query<{
    name: string;
    udt_name: string;
    max_length: number | null;
    nullable: boolean;
    has_default: boolean;
    comment: string | null;
  }>(
    `select c.column_name as name, c.udt_name, c.character_maximum_length as max_length,
            c.is_nullable = 'YES' as nullable, c.column_default is not null as has_default,
            col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position::int) as comment
       from information_schema.columns c
      where c.table_schema = current_schema() and c.table_name = $1
      order by c.ordinal_position`,
    [tableName],
  );
  return rows.map((r) => ({
    name: r.name,
    udtName: r.udt_name,
    maxLength: r.max_length === null ? null : Number(r.max_length),
    nullable: r.nullable,
    hasDefault: r.has_default,
    comment: r.comment,
  }));
}

/** Columns the engine keeps itself (CONTRACT.md's common columns); create_time comes back as the shared createTimeField. */
const ENGINE_COLUMNS = new Set(AUDIT_FIELDS.map(toSnake));

/** The longest varchar shown on one line; a longer one is multi-line text. */
const ONE_LINE = 255;

/** The catalog field type of a PostgreSQL column type; undefined for types the catalog has none for (boolean, json, bytea, arrays...). */
function fieldTypeOf(column: TableColumn): FieldType | undefined {
  switch (column.udtName) {
    case 'varchar':
    case 'bpchar':
      return column.maxLength !== null && column.maxLength <= ONE_LINE ? 'string' : 'text';
    case 'text':
      return 'text';
    case 'int2':
    case 'int4':
      return 'int';
    case 'int8':
      // A bigint naming another row is an id (serialised as a string); any other bigint is a number.
      return column.name.endsWith('_id') ? 'id' : 'int';
    case 'numeric':
    case 'float4':
    case 'float8':
      return 'decimal';
    case 'date':
      return 'date';
    case 'timestamp':
    case 'timestamptz':
      return 'datetime';
    default:
      return undefined;
  }
}

/** A TypeScript string literal in this repository's style (single quotes), whatever the text holds. */
export function literal(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/'/g, "\\'")}'`;
}

/** Text safe inside a block comment. */
const commentText = (text: string) => text.replace(/\*\//g, '* /').replace(/\s+/g, ' ');

/** snake_case words as an English label: `param_name` -> `Param name`. */
function englishLabel(column: string): string {
  const words = column.replace(/_+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);

/** The names the generated code uses for a table, stripped of its prefix. */
export function namesOf(config: CodeConfig) {
  const prefix = config.tablePrefix ?? '';
  const base = prefix && config.tableName.startsWith(prefix) ? config.tableName.slice(prefix.length) : config.tableName;
  // The entity key (button-code prefix) in snake_case letters and digits, starting with a letter.
  const key = base
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '');
  if (!key) {
    throw badRequest({
      zh: `表名去掉前缀后不能作为实体名: ${config.tableName}`,
      en: `The table name without its prefix cannot name an entity: ${config.tableName}`,
    });
  }
  const camel = toCamel(key);
  const variable = RESERVED.has(camel) ? `${camel}Entity` : camel;
  return {
    key,
    variable,
    file: key.replace(/_/g, '-'),
    component: `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Page`,
    english: englishLabel(key),
  };
}

/** The `fields` entries of the entity, one per column the generator can type; the others named in a comment. */
function fieldLines(columns: TableColumn[], pkName: string): { lines: string[]; createTime: boolean } {
  const lines: string[] = [];
  let searchable = true;
  for (const column of columns) {
    if (column.name === pkName || column.name === 'tenant_id' || ENGINE_COLUMNS.has(column.name)) continue;
    const type = fieldTypeOf(column);
    if (!type) {
      lines.push(`    // ${commentText(column.name)} (${column.udtName}): no catalog field type, left out.`);
      continue;
    }
    const name = toCamel(column.name.toLowerCase());
    const zh = column.comment?.split(/\r?\n/)[0].trim() || column.name;
    const en = englishLabel(column.name);
    const props = [`name: ${literal(name)}`];
    // A column whose name does not come back from the field's camelCase name is named outright.
    if (toSnake(name) !== column.name) props.push(`column: ${literal(column.name)}`);
    props.push(`type: ${literal(type)}`, `label: { zh: ${literal(zh)}, en: ${literal(en)} }`);
    if (!column.nullable && !column.hasDefault) {
      const picked = type === 'date' || type === 'datetime' || type === 'id';
      props.push(
        `required: { zh: ${literal(`${picked ? '请选择' : '请输入'}${zh}`)}, en: ${literal(`Please ${picked ? 'choose' : 'enter'} the ${en.toLowerCase()}`)} }`,
      );
    }
    if ((type === 'string' || type === 'text') && column.maxLength !== null)
      props.push(`maxLength: ${column.maxLength}`);
    // The first one-line text is what the list is searched and sorted by.
    if (type === 'string' && searchable) {
      props.push('search: true', 'sort: true');
      searchable = false;
    }
    lines.push('    {', ...props.map((p) => `      ${p},`), '    },');
  }
  const createTime = columns.some((c) => c.name === 'create_time');
  if (createTime) lines.push('    createTimeField,');
  return { lines, createTime };
}

/** The catalog entity file (catalog/src/<packageName>/<file>.ts). */
export function entitySource(config: CodeConfig, columns: TableColumn[]): string {
  const names = namesOf(config);
  const has = (column: string) => columns.some((c) => c.name === column);
  const { lines, createTime } = fieldLines(columns, config.pkName);
  const out = [
    ...(createTime ? ["import { createTimeField } from '../system/fields.ts';"] : []),
    "import type { EntityDef } from '../types.ts';",
    '',
    `/** ${commentText(config.codeName)} (table ${commentText(config.tableName)}), generated by 代码生成. */`,
    `export const ${names.variable}: EntityDef = {`,
    `  key: ${literal(names.key)},`,
    `  module: ${literal(config.packageName)},`,
    `  api: ${literal(config.apiPath)},`,
    `  route: ${literal(config.webPath)},`,
    `  table: ${literal(config.tableName)},`,
    `  label: { zh: ${literal(config.codeName)}, en: ${literal(names.english)} },`,
    // Without tenant_id the rows are shared by every tenant; without is_deleted the table is append-only.
    ...(has('tenant_id') ? [] : ["  scope: 'platform',"]),
    ...(has('is_deleted') ? [] : ['  audit: false,']),
    '  fields: [',
    ...lines,
    '  ],',
    '};',
    '',
  ];
  return out.join('\n');
}

/** The web view (web/src/views<webPath>/index.tsx): the generic list screen of the entity. */
export function viewSource(config: CodeConfig): string {
  const names = namesOf(config);
  return [
    `import { ${names.variable} } from '@park/catalog';`,
    `import CrudPage from '${'../'.repeat(config.webPath.split('/').length)}crud/CrudPage.tsx';`,
    '',
    `/** ${commentText(config.webPath)}: ${commentText(config.codeName)}, generated by 代码生成. */`,
    `export default function ${names.component}() {`,
    `  return <CrudPage entity={${names.variable}} />;`,
    '}',
    '',
  ].join('\n');
}

/** The menu-seed entry (server/src/seed/generated/<file>.menu.ts), to add under its module in MENUS. */
export function menuSource(config: CodeConfig): string {
  const names = namesOf(config);
  return [
    "import type { MenuSeed } from '../menus.ts';",
    '',
    `/** ${commentText(config.codeName)}: add to the children of its module in MENUS (server/src/seed/menus.ts). */`,
    `export const ${names.variable}Menu: MenuSeed = {`,
    `  code: ${literal(names.key)},`,
    `  name: ${literal(config.codeName)},`,
    `  path: ${literal(config.webPath)},`,
    "  source: 'table',",
    `  buttons: ${literal(names.key)},`,
    '};',
    '',
  ].join('\n');
}

/** The three files of one configuration, at their place in the repository. */
export function generateFiles(config: CodeConfig, columns: TableColumn[]): GeneratedFile[] {
  const { file } = namesOf(config);
  return [
    { path: `catalog/src/${config.packageName}/${file}.ts`, content: entitySource(config, columns) },
    { path: `web/src/views${config.webPath}/index.tsx`, content: viewSource(config) },
    { path: `server/src/seed/generated/${file}.menu.ts`, content: menuSource(config) },
  ];
}

/** What to do with the files: export the entity from its module, add it to `entities` and the menu to MENUS. */
export function readme(configs: CodeConfig[]): string {
  const entries = configs.map((config) => {
    const names = namesOf(config);
    return [
      `## ${config.codeName} (${config.tableName})`,
      '',
      `- catalog/src/${config.packageName}/${names.file}.ts: export \`${names.variable}\` from the module's index and list it in \`entities\` (catalog/src/index.ts).`,
      `- web/src/views${config.webPath}/index.tsx: found by its menu path.`,
      `- server/src/seed/generated/${names.file}.menu.ts: add \`${names.variable}Menu\` to its module's children in MENUS (server/src/seed/menus.ts).`,
      '',
    ].join('\n');
  });
  return ['# Generated by 代码生成 (Park Console)', '', ...entries].join('\n');
}

/** The files of every configuration and a README, as one zip. */
export async function zipFiles(files: GeneratedFile[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const file of files) zip.file(file.path, file.content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
