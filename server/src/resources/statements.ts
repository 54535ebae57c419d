import { orderBy, paging } from './conditions.ts';
import type { Model } from './model.ts';
import { ident, type Where } from './sql.ts';

/**
 * The SQL texts of the engine's reads, in one place so that the benchmark measures exactly
 * what the server runs.
 */

/**
 * A page's statements. `page` answers in one round trip: each row carries the total from an
 * uncorrelated subquery that runs once. `rows` is the page alone, for a total already known.
 */
export function pageStatements(model: Model, where: Where, query: Record<string, unknown>) {
  const { current, size } = paging(query);
  const from = `from ${ident(model.table)}`;
  const count = `select count(*) as n ${from} ${where}`;
  const rest = `${from} ${where} ${orderBy(model, query)} limit ${size} offset ${(current - 1) * size}`;
  return {
    current,
    size,
    page: `select (${count}) as "__total", ${model.selectList} ${rest}`,
    rows: `select ${model.selectList} ${rest}`,
    /** Past the last page no row carries the total: only then this second statement. */
    count,
  };
}

export function detailStatement(model: Model, where: Where) {
  return `select ${model.selectList} from ${ident(model.table)} ${where}`;
}
