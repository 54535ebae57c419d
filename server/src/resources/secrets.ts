import type { Row } from '../platform/db.ts';
import type { Resource } from './engine.ts';

/**
 * Secret columns (provider keys, data-source passwords) never leave the server in clear
 * (docs/decisions.md): every read answers this mask in their place, and a submit that sends
 * the mask back means "unchanged", so an edit form can round-trip it.
 */
export const SECRET_MASK = '******';

function masked(row: Row, fields: readonly string[]): Row {
  const copy = { ...row };
  for (const f of fields) if (copy[f] !== null && copy[f] !== undefined && copy[f] !== '') copy[f] = SECRET_MASK;
  return copy;
}

/** The body without the secrets it sends back masked: the engine then leaves those columns as stored. */
export function withoutMasks(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => !(fields.includes(k) && v === SECRET_MASK)));
}

/** The resource with its secret fields masked on every way out (page, list, detail, the saved row, export). */
export function withSecrets(resource: Resource, fields: readonly string[]): Resource {
  return {
    ...resource,
    async page(query, narrow) {
      const page = await resource.page(query, narrow);
      return { ...page, records: page.records.map((r) => masked(r, fields)) };
    },
    async list(query, limit, narrow) {
      return (await resource.list(query, limit, narrow)).map((r) => masked(r, fields));
    },
    eachBatch(query, each, opts) {
      return resource.eachBatch(query, (rows) => each(rows.map((r) => masked(r, fields))), opts);
    },
    async detail(id) {
      const row = await resource.detail(id);
      return row && masked(row, fields);
    },
    async save(body) {
      return masked(await resource.save(withoutMasks(body, fields)), fields);
    },
  };
}
