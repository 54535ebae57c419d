import { certificate } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createEnterprise, ok, requiredBody, submit } from './crm-fixtures.ts';
import { ADMIN, login, multipart, startServer, type TestServer } from './harness.ts';

/** Attachments of CRM rows: checked by content and size, scoped like their owner row, listed, served, removed. */
let server: TestServer;
let admin: string;
let companyB: string;
let certA: string;
const BASE = '/api/blade-crm/certificate';
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 0x20)]);

const upload = (token: string, ownerId: string, name: string, bytes: Buffer, type = 'application/pdf') =>
  server.call({
    method: 'POST',
    url: `${BASE}/save-attach?certificateId=${ownerId}`,
    token,
    ...multipart(name, bytes, type),
  });

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  const a = await createEnterprise(server, admin, '附件甲', 'attach_a');
  await createEnterprise(server, admin, '附件乙', 'attach_b');
  certA = (await submit(server, admin, certificate.api, requiredBody(certificate, { enterpriseId: a.id }))).id;
  // The company role may edit certificates, so what refuses B below is the scope, not a missing button.
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    const [role] = await q.query<{ id: string }>(
      `select id from blade_role where tenant_id = '000000' and role_alias = 'company'`,
    );
    const [button] = await q.query<{ id: string }>(`select id from blade_menu where code = 'certificate_edit'`);
    await insertRows(q, 'blade_role_menu', [{ id: nextId(), menu_id: button.id, role_id: role.id }]);
  });
  companyB = await login(server, 'attach_b', 'secret1', '000000', 'web');
});
afterAll(() => server.close());

describe('certificate attachments', () => {
  it('stores a PDF, lists it, serves it back and removes it', async () => {
    const saved = await upload(admin, certA, '获奖证书.pdf', PDF);
    expect(saved.body).toMatchObject({
      code: 200,
      data: { name: '获奖证书.pdf', extension: 'pdf', attachSize: PDF.length },
    });
    const list = await ok(server, admin, 'GET', `${BASE}/attach-list?certificateId=${certA}`);
    expect(list.map((r: { name: string }) => r.name)).toEqual(['获奖证书.pdf']);
    const file = await server.app.inject({ method: 'GET', url: saved.body.data.link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    await ok(server, admin, 'POST', `${BASE}/remove-attach?id=${saved.body.data.id}`);
    expect(await ok(server, admin, 'GET', `${BASE}/attach-list?certificateId=${certA}`)).toEqual([]);
  });

  it('refuses a file that is not what it claims, and one that is too large', async () => {
    const exe = await upload(admin, certA, 'report.pdf', Buffer.from('MZ\x90\x00 this is a program'));
    expect(exe.body).toMatchObject({ code: 400, success: false });
    const huge = await upload(admin, certA, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]));
    expect(huge.body).toMatchObject({ code: 400, msg: '附件大小不能超过 20MB' });
  });

  it("keeps another company's account away from the row's files", async () => {
    const saved = await upload(admin, certA, 'a.pdf', PDF);
    expect(
      (await server.call({ method: 'GET', url: `${BASE}/attach-list?certificateId=${certA}`, token: companyB })).status,
    ).toBe(404);
    expect((await upload(companyB, certA, 'b.pdf', PDF)).status).toBe(404);
    const removal = await server.call({
      method: 'DELETE',
      url: `${BASE}/remove-attach?id=${saved.body.data.id}`,
      token: companyB,
    });
    expect(removal.status).toBe(404);
    expect(await ok(server, admin, 'GET', `${BASE}/attach-list?certificateId=${certA}`)).toHaveLength(1);
  });

  it('answers 404 for an unknown owner and 400 for a bad attachment id', async () => {
    expect(
      (await server.call({ method: 'GET', url: `${BASE}/attach-list?certificateId=123`, token: admin })).status,
    ).toBe(404);
    expect((await server.call({ method: 'POST', url: `${BASE}/remove-attach?id=x`, token: admin })).status).toBe(400);
  });
});
