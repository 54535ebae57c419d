import type { EntityDef, FieldDef } from '@park/catalog';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/** Shared by the CRM tests: sample values from the catalog and short API calls that expect success. */

let serial = 0;

/** A valid value for a field; `refs` gives ids for id fields (enterpriseId, projectId, ...). */
export function sample(field: FieldDef, refs: Record<string, string>): unknown {
  serial += 1;
  switch (field.type) {
    case 'string':
      return `${field.name}-${serial}`.slice(0, field.maxLength ?? 255);
    case 'text':
      return `演示内容${serial}`;
    case 'int':
      return field.dict ? 1 : 2024;
    case 'decimal':
      return 12.5;
    case 'money':
      return 1000.5;
    case 'date':
      return '2024-01-02';
    case 'datetime':
      return '2024-01-02 10:00:00';
    case 'id':
      return refs[field.name];
  }
}

/** A body with every required field of the entity filled. */
export function requiredBody(entity: EntityDef, refs: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of entity.fields) if (f.required && f.form !== false) body[f.name] = sample(f, refs);
  if (entity.key !== 'enterprise') body.enterpriseId ??= refs.enterpriseId;
  return body;
}

/** The answer's data (typed as loosely as the harness's body). */
export async function ok(server: TestServer, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await server.call({ method, url, token, payload: payload as object });
  expect(res.body.code, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

export function submit(server: TestServer, token: string, api: string, body: Record<string, unknown>) {
  return ok(server, token, 'POST', `/api/${api}/submit`, body);
}

let creditSerial = 100_000_000_000_000;

/** A fresh valid credit code (15-digit form). */
export function creditCode(): string {
  creditSerial += 1;
  return String(creditSerial);
}

/** A new enterprise through create-enterprise; returns its id. */
export async function createEnterprise(
  server: TestServer,
  token: string,
  name: string,
  account: string,
  password = 'secret1',
) {
  return ok(server, token, 'POST', '/api/blade-crm/enterprise/create-enterprise', {
    enterpriseName: name,
    creditCode: creditCode(),
    agentName: '联系人',
    agentPhone: '13800009999',
    account,
    password,
  });
}
