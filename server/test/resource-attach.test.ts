import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { exportSheet } from './exports.ts';
import { createTenant, createUserWithButtons, login, multipart, startServer, type TestServer } from './harness.ts';
import { tokenFor } from './tokens.ts';

/** Attachment management: a tenant's attached files, paged with their uploader, searched, exported and removed. */
let server: TestServer;
let admin: string;
let other: string;
let otherAdminId: string;
const A = '/api/blade-resource/attach';

/** An attachment row as save-attach writes it. */
async function attachment(tenantId: string, name: string, createUser: string, createTime: string, ext = 'pdf') {
  const id = nextId();
  const stored = `${tenantId}/${'a'.repeat(32)}.${ext}`;
  await server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(q, 'park_attachment', [
      {
        id,
        tenant_id: tenantId,
        business_type: 'certificate',
        business_id: nextId(),
        name,
        stored_name: stored,
        link: `/api/blade-resource/oss/endpoint/file/${stored}`,
        extension: ext,
        attach_size: 2048,
        create_user: createUser,
        update_user: createUser,
        create_time: createTime,
      },
    ]),
  );
  return id;
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  otherAdminId = (await createTenant(server, '640001')).adminId;
  other = await login(server, 'admin', 'admin', '640001');
});
afterAll(() => server.close());

describe('attachment management', () => {
  let contract: string;
  let photo: string;
  let theirs: string;
  beforeAll(async () => {
    contract = await attachment('000000', '租赁合同.pdf', SEED.adminUser, '2025-03-01 10:00:00');
    photo = await attachment('000000', '现场照片.png', SEED.adminUser, '2025-04-01 10:00:00', 'png');
    theirs = await attachment('640001', '他租户合同.pdf', otherAdminId, '2025-03-15 10:00:00');
  });

  it("pages the tenant's files newest first, each with its uploader's name", async () => {
    const page = await server.call({ method: 'GET', url: `${A}/page?current=1&size=10`, token: admin });
    expect(page.body.code).toBe(200);
    expect(names(page.body.data.records)).toEqual(['现场照片.png', '租赁合同.pdf']);
    expect(page.body.data.records[1]).toMatchObject({
      id: contract,
      extension: 'pdf',
      attachSize: 2048,
      businessType: 'certificate',
      createUser: SEED.adminUser,
      createUserName: '管理员',
      createTime: '2025-03-01 10:00:00',
    });
    expect(page.body.data.records[1].link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\//);
    const theirPage = await server.call({ method: 'GET', url: `${A}/page`, token: other });
    expect(names(theirPage.body.data.records)).toEqual(['他租户合同.pdf']);
    const detail = await server.call({ method: 'GET', url: `${A}/detail?id=${photo}`, token: admin });
    expect(detail.body.data).toMatchObject({ name: '现场照片.png', createUserName: '管理员' });
    const foreign = await server.call({ method: 'GET', url: `${A}/detail?id=${theirs}`, token: admin });
    expect(foreign.status).toBe(404);
  });

  it('searches by name, type and upload time', async () => {
    const byName = await server.call({ method: 'GET', url: `${A}/page?name=合同`, token: admin });
    expect(names(byName.body.data.records)).toEqual(['租赁合同.pdf']);
    const byType = await server.call({ method: 'GET', url: `${A}/page?extension=png`, token: admin });
    expect(names(byType.body.data.records)).toEqual(['现场照片.png']);
    const byTime = await server.call({
      method: 'GET',
      url: `${A}/page?createTime_dategt=2025-02-01 00:00:00&createTime_datelt=2025-03-31 23:59:59`,
      token: admin,
    });
    expect(names(byTime.body.data.records)).toEqual(['租赁合同.pdf']);
  });

  it('exports the list, each file under the name of what it belongs to', async () => {
    const { type, values } = await exportSheet(server, admin, 'blade-resource/attach', 'name=合同');
    expect(type).toContain('spreadsheetml');
    expect(values).toHaveLength(1);
    expect(values[0]).toMatchObject({ 附件名称: '租赁合同.pdf', 所属业务: '证书奖项' });
  });

  it('makes no file through submit (it renames one): files come only through their owner', async () => {
    const res = await server.call({ method: 'POST', url: `${A}/submit`, token: admin, payload: { name: 'x' } });
    expect(res.body.code).toBe(400);
  });

  it('removes with the attach_delete button, in the own tenant only', async () => {
    await createUserWithButtons(server, '000000', 'att_view', ['attach', 'attach_view']);
    const viewer = await login(server, 'att_view', 'pass');
    expect((await server.call({ method: 'GET', url: `${A}/page`, token: viewer })).body.code).toBe(200);
    const refused = await server.call({ method: 'POST', url: `${A}/remove?ids=${photo}`, token: viewer });
    expect(refused.status).toBe(403);

    await server.call({ method: 'POST', url: `${A}/remove?ids=${theirs}`, token: admin });
    const still = await server.call({ method: 'GET', url: `${A}/page`, token: other });
    expect(names(still.body.data.records)).toEqual(['他租户合同.pdf']);

    const removed = await server.call({ method: 'POST', url: `${A}/remove?ids=${photo}`, token: admin });
    expect(removed.body).toMatchObject({ code: 200, msg: '删除成功' });
    const left = await server.call({ method: 'GET', url: `${A}/page`, token: admin });
    expect(names(left.body.data.records)).toEqual(['租赁合同.pdf']);
    const none = await server.call({ method: 'POST', url: `${A}/remove`, token: admin });
    expect(none.body).toMatchObject({ code: 400, msg: '请选择至少一条数据' });
  });

  it('is closed to a company account', async () => {
    const company = tokenFor(server, { accountType: 'web', roleIds: ['1'], roleAliases: ['company'] });
    expect((await server.call({ method: 'GET', url: `${A}/page`, token: company })).status).toBe(403);
  });
});

/**
 * A removed file is gone (issue 28): its link answers 404 at once, whoever asks and on every instance (the
 * file route reads the attachment row), and its stored object is deleted. Files that are no attachment (an
 * avatar) still serve.
 */
describe('a removed attachment', () => {
  const FILES = '/api/blade-resource/oss/endpoint/file/';
  const DOC = '/api/blade-basic/team-project-document';
  const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600, 0x20)]);
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200)]);
  let documentId: string;
  const fetchLink = (link: string) => server.app.inject({ method: 'GET', url: link });
  const stored = (link: string) => server.platform.files.get(link.slice(FILES.length));
  const post = async (url: string, token = admin, extra = {}) => {
    const res = await server.call({ method: 'POST', url, token, ...extra });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** A document's file, uploaded as the screen does: its row's id and link, served (200, without a token). */
  const uploaded = async () => {
    const row = await post(
      `${DOC}/save-attach?documentId=${documentId}`,
      admin,
      multipart('方案.pdf', PDF, 'application/pdf'),
    );
    const served = await fetchLink(row.link);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control'], 'an attachment is kept by no cache').toBe('no-store');
    expect(served.rawPayload.equals(PDF)).toBe(true);
    return row as { id: string; link: string };
  };

  beforeAll(async () => {
    const project = await post('/api/blade-basic/team-project/submit', admin, {
      payload: { projectName: '附件删除项目', leader: SEED.adminUser, projectStatus: 1 },
    });
    documentId = (await post(`${DOC}/submit`, admin, { payload: { teamProjectId: project.id, documentName: '方案' } }))
      .id;
  });

  it("is gone from its owner's remove-attach: the link answers 404 and the stored file is deleted", async () => {
    const { id, link } = await uploaded();
    await post(`${DOC}/remove-attach?id=${id}`);
    expect((await fetchLink(link)).statusCode).toBe(404);
    expect(await stored(link)).toBeUndefined();
  });

  it('is gone from 附件管理 too', async () => {
    const { id, link } = await uploaded();
    await post(`${A}/remove?ids=${id}`);
    expect((await fetchLink(link)).statusCode).toBe(404);
    expect(await stored(link)).toBeUndefined();
  });

  it('answers 404 by its row even while its stored file is still there (a delete that failed)', async () => {
    const name = await server.platform.files.put('000000', 'pdf', PDF);
    const id = nextId();
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'park_attachment', [
        {
          id,
          tenant_id: '000000',
          business_type: 'team_project_document',
          business_id: documentId,
          name: '旧方案.pdf',
          stored_name: name,
          link: `${FILES}${name}`,
          extension: 'pdf',
          attach_size: PDF.length,
          is_deleted: 1,
        },
      ]),
    );
    expect(await server.platform.files.get(name)).toBeDefined();
    expect((await fetchLink(`${FILES}${name}`)).statusCode).toBe(404);
  });

  it('leaves the files that are no attachment serving: an avatar', async () => {
    const avatar = await post(
      '/api/blade-resource/oss/endpoint/put-file',
      admin,
      multipart('me.png', PNG, 'image/png'),
    );
    const served = await fetchLink(avatar.link);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});
