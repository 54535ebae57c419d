import { columnOf, type EntityDef, type FieldDef, type FieldType } from '@park/catalog';

/**
 * The engine's view of a catalog entity: every column it may read, filter and sort
 * on, the catalog's fields plus the audit columns every business row carries.
 */
export interface Column {
  name: string;
  column: string;
  type: FieldType;
  /** The catalog's field, absent for audit columns. */
  field?: FieldDef;
}

export interface Model {
  entity: EntityDef;
  table: string;
  tenantScoped: boolean;
  /** Rows are removed by setting is_deleted (every audited table); append-only tables have no such column. */
  logicalDelete: boolean;
  columns: Map<string, Column>;
  /** The select list: `"col" as "name"`, every column once. */
  selectList: string;
  /** Fields a submit may write. */
  writable: Column[];
}

/** The columns an append-only table (audit: false) still has. */
const APPEND_ONLY = new Set(['id', 'tenantId', 'createTime']);

const AUDIT: Omit<Column, 'field'>[] = [
  { name: 'id', column: 'id', type: 'id' },
  { name: 'tenantId', column: 'tenant_id', type: 'string' },
  { name: 'createUser', column: 'create_user', type: 'id' },
  { name: 'createDept', column: 'create_dept', type: 'id' },
  { name: 'createTime', column: 'create_time', type: 'datetime' },
  { name: 'updateUser', column: 'update_user', type: 'id' },
  { name: 'updateTime', column: 'update_time', type: 'datetime' },
  { name: 'status', column: 'status', type: 'int' },
  { name: 'isDeleted', column: 'is_deleted', type: 'int' },
];

export function modelOf(entity: EntityDef): Model {
  const tenantScoped = (entity.scope ?? 'tenant') === 'tenant';
  const audited = entity.audit ?? true;
  const columns = new Map<string, Column>();
  for (const a of AUDIT) {
    if (a.name === 'tenantId' && !tenantScoped) continue;
    if (audited || APPEND_ONLY.has(a.name)) columns.set(a.name, a);
  }
  for (const field of entity.fields) {
    columns.set(field.name, { name: field.name, column: columnOf(field), type: field.type, field });
  }
  const selectList = [...columns.values()].map((c) => `"${c.column}" as "${c.name}"`).join(', ');
  const writable = [...columns.values()].filter((c) => c.field && c.field.form !== false);
  return { entity, table: entity.table, tenantScoped, logicalDelete: audited, columns, selectList, writable };
}
