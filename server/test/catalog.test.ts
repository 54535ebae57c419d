import { columnOf, entities, type FieldType, readersOf, referenceOf, user } from '@park/catalog';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { startServer, type TestServer } from './harness.ts';

/** Every catalog entity's table exists with every declared column, of a type that fits the field. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const FITS: Record<FieldType, string[]> = {
  string: ['character varying', 'text'],
  text: ['character varying', 'text'],
  int: ['integer', 'smallint', 'bigint'],
  decimal: ['numeric', 'double precision', 'real'],
  money: ['numeric'],
  date: ['date'],
  datetime: ['timestamp without time zone'],
  id: ['bigint'],
};

it.each(entities.map((e) => [e.key, e] as const))('%s agrees with its table', async (_key, entity) => {
  const columns = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ column_name: string; data_type: string; character_maximum_length: number | null }>(
      `select column_name, data_type, character_maximum_length from information_schema.columns where table_name = $1`,
      [entity.table],
    ),
  );
  const byName = new Map(columns.map((c) => [c.column_name, c]));
  const auditColumns =
    (entity.audit ?? true)
      ? ['id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted']
      : ['id', 'create_time'];
  for (const audit of auditColumns) expect(byName.has(audit), `${entity.table}.${audit}`).toBe(true);
  if ((entity.scope ?? 'tenant') === 'tenant') expect(byName.has('tenant_id'), `${entity.table}.tenant_id`).toBe(true);
  for (const field of entity.fields) {
    const col = byName.get(columnOf(field));
    expect(col, `${entity.table}.${columnOf(field)}`).toBeDefined();
    expect(FITS[field.type], `${entity.table}.${columnOf(field)} is ${col?.data_type}`).toContain(col?.data_type);
    if (field.maxLength && col?.character_maximum_length) {
      expect(field.maxLength, `${entity.table}.${columnOf(field)} length`).toBeLessThanOrEqual(
        col.character_maximum_length,
      );
    }
  }
});

it('names, for every picked or referenced id field, an entity and a name field it has', () => {
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (!field.picker && !field.ref) continue;
      expect(field.type, `${entity.key}.${field.name}`).toBe('id');
      const ref = referenceOf(field)!;
      expect(
        ref.entity.fields.map((f) => f.name),
        `${entity.key}.${field.name}`,
      ).toContain(ref.nameField);
    }
  }
});

it('declares the format of every phone, email and credit code, and bounds every amount and capital', () => {
  for (const entity of entities) {
    for (const field of entity.fields) {
      const name = `${entity.key}.${field.name}`;
      if (field.format) expect(field.type, name).toBe('string');
      if (field.min !== undefined || field.max !== undefined)
        expect(['int', 'decimal', 'money'], name).toContain(field.type);
      if (field.form === false) continue;
      if (/phone|mobile|email|creditCode|contactNumber/i.test(field.name)) expect(field.format, name).toBeDefined();
      if (/amount|capital/i.test(field.name)) expect(field.min, name).toBe(0);
    }
  }
});

it('lifts a requirement only for a required field, by another field of the same entity', () => {
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (!field.requiredUnless) continue;
      expect(field.required, `${entity.key}.${field.name}`).toBeDefined();
      expect(entity.fields.map((f) => f.name)).toContain(field.requiredUnless.field);
    }
  }
});

it('opens users to no other screen: user ids elsewhere are named by the server with their rows (ref.as)', () => {
  expect(readersOf(user)).toEqual([user.route]);
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (referenceOf(field)?.entity === user) expect(field.ref?.as, `${entity.key}.${field.name}`).toBeTruthy();
    }
  }
});

it('orders, for every date declared notBefore another, two date fields of the same entity', () => {
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (!field.notBefore) continue;
      const start = entity.fields.find((f) => f.name === field.notBefore);
      expect(start?.type, `${entity.key}.${field.notBefore}`).toBe('date');
      expect(field.type, `${entity.key}.${field.name}`).toBe('date');
    }
  }
});

it('has, for every coded field, its system dictionary with a value in both languages for each code', async () => {
  const rows = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ code: string; dict_key: string; dict_value: string; dict_value_en: string | null }>(
      `select code, dict_key, dict_value, dict_value_en from blade_dict where dict_key <> '-1' and is_deleted = 0`,
    ),
  );
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (!field.dict || field.dictBiz) continue;
      const entries = rows.filter((row) => row.code === field.dict);
      expect(entries.length, `${entity.key}.${field.name}: dictionary ${field.dict}`).toBeGreaterThan(0);
      for (const entry of entries) expect(entry.dict_value_en, `${field.dict} ${entry.dict_key}`).toBeTruthy();
    }
  }
});
