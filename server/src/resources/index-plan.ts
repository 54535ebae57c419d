import { createHash } from 'node:crypto';
import { columnOf, type EntityDef, entities } from '@park/catalog';
import { sortableColumns } from './conditions.ts';
import { modelOf } from './model.ts';

/**
 * The indexes every catalog list needs (issue 36), derived from the catalog: migrations 0190 and 0191 hold the
 * SQL this prints (`npx tsx server/src/resources/index-plan.ts order|trigram`), and scale-indexes.test.ts checks
 * that the migrated database has each of them and that the lists' first pages use them.
 * - Every sortable column (`sortableColumns`: the default order's field, createTime, the fields declared `sort`):
 *   (tenant_id, column, id desc) over the live rows, which the page's `where tenant_id = $1 and is_deleted = 0
 *   order by column, id desc limit n` reads in order, either way.
 * - The default order inside one enterprise (a company account's fence, `enterprise_id = $2`):
 *   (tenant_id, enterprise_id, column, id desc).
 * - The text fields a list searches by containment (search: true, string or text: `field=value` is `like %value%`):
 *   a trigram (pg_trgm) GIN index.
 */

/** Catalog tables that are views over a table: the table the indexes go on, and the view's computed columns. */
const VIEWS: Record<string, { table: string; computed: string[] }> = {
  prod_report_view: { table: 'prod_report', computed: ['overdue'] },
  prod_danger_chemical_view: { table: 'prod_danger_chemical', computed: ['over_limit'] },
};

/** The computed columns of the catalog's views, which no index holds (a sort on them reads every row of its scope). */
export const COMPUTED_COLUMNS = Object.fromEntries(Object.entries(VIEWS).map(([view, v]) => [view, v.computed]));

export interface PlannedIndex {
  name: string;
  table: string;
  sql: string;
}

/** An index name within PostgreSQL's 63 bytes, the same for the same definition. */
function nameOf(table: string, kind: string, columns: string[]): string {
  const name = `${table}_${kind}_${columns.join('_')}`;
  if (name.length <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

const q = (column: string) => `"${column}"`;

function plannedFor(entity: EntityDef, kind: 'order' | 'trigram'): PlannedIndex[] {
  const model = modelOf(entity);
  const view = VIEWS[model.table];
  const table = view?.table ?? model.table;
  const computed = new Set(view?.computed ?? []);
  const live = model.logicalDelete ? ' where is_deleted = 0' : '';
  const tenant = model.tenantScoped ? ['tenant_id'] : [];
  const out: PlannedIndex[] = [];
  const add = (kindName: string, keys: string[], names: string[], using = '') => {
    const name = nameOf(table, kindName, names);
    out.push({
      name,
      table,
      sql: `create index if not exists ${name} on ${table}${using} (${keys.join(', ')})${live};`,
    });
  };
  if (kind === 'order') {
    const enterprise = model.columns.get('enterpriseId');
    const d = entity.defaultSort;
    for (const [name, { col, desc }] of sortableColumns(model)) {
      if (computed.has(col.column)) continue;
      const key = `${q(col.column)}${desc ? ' desc' : ''}`;
      const keys = col.column === 'id' ? [...tenant, q('id')] : [...tenant, key, `${q('id')} desc`];
      add('ord', keys, [col.column, ...(desc ? ['desc'] : [])]);
      const isDefault = d ? d.field === name : name === 'createTime';
      if (isDefault && enterprise && model.tenantScoped) {
        const ek = q(enterprise.column);
        add('ent', col.column === 'id' ? [...tenant, ek, q('id')] : [...tenant, ek, ...keys.slice(1)], [
          col.column,
          ...(desc ? ['desc'] : []),
        ]);
      }
    }
  } else {
    // The logs take a row on every request (the API log) or event: a trigram index would cost each of them dozens of
    // index entries (a third of the server tests' time on PGlite), for a search their screens narrow by time anyway.
    if (entity.module === 'log') return out;
    for (const col of model.columns.values()) {
      const f = col.field;
      if (!f?.search || (f.type !== 'string' && f.type !== 'text') || computed.has(col.column)) continue;
      // A picked dictionary value or a tag list is matched by equality or by the web's own terms, never searched.
      if (f.dict || f.picker || f.ref) continue;
      add('trgm', [`${q(columnOf(f))} gin_trgm_ops`], [col.column], ' using gin');
    }
  }
  return out;
}

/** Every planned index of the catalog, each definition once (entities sharing a table share its indexes). */
export function indexPlan(kind: 'order' | 'trigram', list: EntityDef[] = entities): PlannedIndex[] {
  const seen = new Map<string, PlannedIndex>();
  for (const entity of list) for (const p of plannedFor(entity, kind)) if (!seen.has(p.name)) seen.set(p.name, p);
  return [...seen.values()].sort((a, b) => a.table.localeCompare(b.table) || a.name.localeCompare(b.name));
}

/**
 * The planned indexes that repeat one an earlier migration made under another name (the same table, columns, order
 * and condition), read from a database migrated with the plan: the migration leaves those out.
 */
async function repeated(url: string, plan: PlannedIndex[]): Promise<Set<string>> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; def: string }>(
      `select c.relname as name, regexp_replace(pg_get_indexdef(i.indexrelid), '^CREATE (UNIQUE )?INDEX \\S+ ', '') as def
         from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public'`,
    );
    const mine = new Set(plan.map((p) => p.name));
    const others = new Set(rows.filter((r) => !mine.has(r.name)).map((r) => r.def));
    return new Set(rows.filter((r) => mine.has(r.name) && others.has(r.def)).map((r) => r.name));
  } finally {
    await client.end();
  }
}

// `npx tsx server/src/resources/index-plan.ts order|trigram [url of a database migrated with the plan]`
if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = process.argv[2] === 'trigram' ? 'trigram' : 'order';
  const plan = indexPlan(kind);
  const skip = process.argv[3] ? await repeated(process.argv[3], plan) : new Set<string>();
  for (const p of plan) if (!skip.has(p.name)) console.log(p.sql);
}
