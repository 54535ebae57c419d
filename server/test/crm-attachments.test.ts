import { certificate, type EntityDef, intellectualProperty, project, qualification, workshop } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnterprise, ok, requiredBody, submit } from './crm-fixtures.ts';
import { ADMIN, login, multipart, startServer, type TestServer } from './harness.ts';

/** Attachments of CRM rows: checked by content and size, scoped like their owner row, listed, served, removed. */
let server: TestServer;
let admin: string;
let companyA: string;
let companyB: string;
let certA: string;
let enterpriseA: string;
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
  enterpriseA = a.id;
  await createEnterprise(server, admin, '附件乙', 'attach_b');
  certA = (await submit(server, admin, certificate.api, requiredBody(certificate, { enterpriseId: a.id }))).id;
  // The company role may edit certificates (its default grants), so what refuses B below is the scope.
  companyA = await login(server, 'attach_a', 'secret1', '000000', 'web');
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
    // Refused as they streamed in: nothing was recorded.
    expect(await ok(server, admin, 'GET', `${BASE}/attach-list?certificateId=${certA}`)).toEqual([]);
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

/** The five owners of spec part 7 "crm": the parameter naming the row, and how an attachment is removed. */
const OWNERS: [EntityDef, string, 'POST' | 'DELETE'][] = [
  [certificate, 'certificateId', 'POST'],
  [qualification, 'qualificationId', 'DELETE'],
  [intellectualProperty, 'intellectPropertyId', 'POST'],
  [project, 'projectId', 'POST'],
  [workshop, 'workshopId', 'POST'],
];

describe.each(OWNERS.map(([e, param, method]) => [e.key, e, param, method] as const))(
  '%s attachments',
  (_key, entity, param, method) => {
    const base = `/api/${entity.api}`;
    const send = (token: string, ownerId: string, name: string) =>
      server.call({
        method: 'POST',
        url: `${base}/save-attach?${param}=${ownerId}`,
        token,
        ...multipart(name, PDF, 'application/pdf'),
      });

    it(`are saved with save-attach, listed by ${param} and removed by ${method}, by park and company alike`, async () => {
      const owner = (await submit(server, admin, entity.api, requiredBody(entity, { enterpriseId: enterpriseA }))).id;
      const list = (token = admin) => ok(server, token, 'GET', `${base}/attach-list?${param}=${owner}`);
      const parkFile = await send(admin, owner, `${entity.key}-park.pdf`);
      expect(parkFile.body, JSON.stringify(parkFile.body)).toMatchObject({ code: 200, data: { extension: 'pdf' } });
      const companyFile = await send(companyA, owner, `${entity.key}-company.pdf`);
      expect(companyFile.body.code, JSON.stringify(companyFile.body)).toBe(200);
      expect((await list(companyA)).map((r: { name: string }) => r.name)).toEqual([
        `${entity.key}-park.pdf`,
        `${entity.key}-company.pdf`,
      ]);
      // Another enterprise's account neither sees nor adds nor removes them.
      expect((await send(companyB, owner, 'b.pdf')).status).toBe(404);
      const byB = await server.call({
        method,
        url: `${base}/remove-attach?id=${parkFile.body.data.id}`,
        token: companyB,
      });
      expect(byB.status).toBe(404);
      const removed = await server.call({
        method,
        url: `${base}/remove-attach?id=${parkFile.body.data.id}`,
        token: admin,
      });
      expect(removed.body.code).toBe(200);
      expect((await list()).map((r: { name: string }) => r.name)).toEqual([`${entity.key}-company.pdf`]);
      // An attachment of another owner kind is not this owner's to remove.
      const [other, , otherMethod] = OWNERS.find(([e]) => e !== entity)!;
      const foreign = await server.call({
        method: otherMethod,
        url: `/api/${other.api}/remove-attach?id=${companyFile.body.data.id}`,
        token: admin,
      });
      expect(foreign.status).toBe(404);
      expect(await list()).toHaveLength(1);
    });
  },
);
