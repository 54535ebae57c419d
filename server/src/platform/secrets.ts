import { ALL_TENANTS, type Database, type Queryable } from './db.ts';
import { randomSecret } from './tokens.ts';

/**
 * A value made on the first start and kept in the database (park_secret), so that every instance and every
 * restart on that database shares it: the token secret, the SM2 key, the bus's installation id, ...
 * The first instance to insert it wins; the others read what it wrote.
 */
export async function storedSecret(db: Database, name: string, make: () => string = randomSecret): Promise<string> {
  const read = (q: Queryable) => q.query<{ value: string }>('select value from park_secret where name = $1', [name]);
  return db.tx(ALL_TENANTS, async (q) => {
    // Made only when missing: a new SM2 key costs a point multiplication in JavaScript, on every start otherwise.
    const [kept] = await read(q);
    if (kept) return kept.value;
    await q.query('insert into park_secret (name, value) values ($1, $2) on conflict (name) do nothing', [
      name,
      make(),
    ]);
    const [row] = await read(q);
    return row.value;
  });
}
