import type { EntityDef } from '@park/catalog';
import { CRM_WRITES } from './crm.ts';
import { type Query, request, requestFile } from './http.ts';

/** A row of any catalog entity: ids are strings, the rest follows the entity's fields. */
export type Row = { id: string } & Record<string, unknown>;

/** A `page` answer's data (CONTRACT.md). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export interface PageQuery extends Query {
  current: number;
  size: number;
  ascs?: string;
  descs?: string;
}

export function fetchPage(entity: EntityDef, query: PageQuery): Promise<Page<Row>> {
  return request<Page<Row>>(`${entity.api}/page`, { query });
}

export function fetchDetail(entity: EntityDef, id: string): Promise<Row> {
  return request<Row>(`${entity.api}/detail`, { query: { id } });
}

/** Creates the row when it has no id, updates it otherwise: by the entity's own calls where the spec names them. */
export function submitRow(entity: EntityDef, row: Record<string, unknown>): Promise<unknown> {
  const own = CRM_WRITES[entity.key];
  const path = (row.id ? own?.update : own?.create) ?? `${entity.api}/submit`;
  return request<unknown>(path, { method: 'POST', body: row });
}

export function removeRows(entity: EntityDef, ids: string[]): Promise<unknown> {
  return request<unknown>(`${entity.api}/remove`, { method: 'POST', query: { ids: ids.join(',') } });
}

export function exportRows(entity: EntityDef, filters: Query): Promise<{ blob: Blob; name?: string }> {
  return requestFile(`${entity.api}/export`, { query: filters });
}
