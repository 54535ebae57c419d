import { type EntityDef, entities } from '@park/catalog';
import type { QueryKey } from '@tanstack/react-query';

/**
 * What a pushed message's link makes stale (issue 34.1): the lists and details of the screen it links to, so a
 * company looking at 我的报修 sees its repair move without reloading, and staff looking at 工单管理 see a new repair.
 * A link is an in-app route, `/property/repair?repairNo=…`; its screen's catalog entities are keyed
 * `['crud', entity.key, …]` (CrudPage, RecordView), and so are the other screens over the same table (报修管理 and
 * 工单管理 both show property_repair). Screens of their own name their keys here.
 */
const OWN_KEYS: Record<string, QueryKey[]> = {
  '/property/public-space': [['public-space']],
};

/** The path of an in-app link, or undefined for anything else (an absolute or protocol-relative URL). */
export function linkPath(link: string | null | undefined): string | undefined {
  if (!link?.startsWith('/') || link.startsWith('//')) return undefined;
  return link.split(/[?#]/, 1)[0];
}

export function linkedQueryKeys(link: string | null | undefined, all: readonly EntityDef[] = entities): QueryKey[] {
  const path = linkPath(link);
  if (!path) return [];
  const tables = new Set(all.filter((e) => e.route === path).map((e) => e.table));
  const keys: QueryKey[] = all.filter((e) => tables.has(e.table)).map((e) => ['crud', e.key]);
  return [...keys, ...(OWN_KEYS[path] ?? [])];
}
