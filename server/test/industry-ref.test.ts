import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { demoIndustryId } from '../src/seed/basic-demo.ts';
import { ok } from './crm-fixtures.ts';
import { login, startServer, type TestServer } from './harness.ts';

/**
 * The enterprise's and the policy's industry are nodes of the 行业分类 tree (migration 0154): a demo start
 * names tree industries, and a database whose rows still hold keys of the `industry` dictionary has them
 * mapped to the tenant's tree by the migration, a key without a matching industry becoming null.
 */
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

const XINGHE = '190000000000010100'; // 星河智能科技有限公司, the demo's first enterprise
const QINGHE = '190000000000010200'; // 青禾生物医药有限公司
const YUANHANG = '190000000000010300'; // 远航新材料股份有限公司
const QIMING = '190000000000010400'; // 启明光电技术有限公司
const BIO_POLICY = '190000000000150002'; // the demo's 生物医药 policy

describe('a demo start', () => {
  it('gives the demo enterprises and policies industries of the tree, read with their names', async () => {
    const enterprise = await ok(server, admin, 'GET', `/api/blade-crm/enterprise/detail?id=${XINGHE}`);
    expect(enterprise).toMatchObject({
      industry: demoIndustryId('39'),
      industryName: '计算机、通信和其他电子设备制造业',
    });
    const policy = await ok(server, admin, 'GET', `/api/blade-basic/policy/detail?id=${BIO_POLICY}`);
    expect(policy).toMatchObject({ industry: demoIndustryId('27'), industryName: '医药制造业' });
  });

  it('pushes a policy of 制造业 to the manufacturers of every class below it', async () => {
    const policyId = (
      await ok(server, admin, 'POST', '/api/blade-basic/policy/submit', {
        title: '制造业技改补贴',
        issuingBody: '工业和信息化局',
        issueDate: '2024-05-01',
        content: '<p>技改</p>',
        publishStatus: 1,
        industry: demoIndustryId('C'),
      })
    ).id;
    const pushId = (await ok(server, admin, 'POST', '/api/blade-demo/policy-push/submit', { policyId })).id;
    const answer = await ok(server, admin, 'POST', `/api/blade-demo/policy-push/analysisPush/${pushId}?preview=1`);
    const found = answer.enterprises.map((e: { id: string; industryName: string }) => [e.id, e.industryName]);
    // 启明光电 (also 39) has moved out of the park.
    expect(new Map(found)).toEqual(
      new Map([
        [XINGHE, '计算机、通信和其他电子设备制造业'],
        [QINGHE, '医药制造业'],
        [YUANHANG, '化学原料和化学制品制造业'],
      ]),
    );
  });
});

describe('migration 0154 on a database holding dictionary keys', () => {
  it("maps each key to the tenant's industry of its label, or of the label's national class, else to null", async () => {
    const db = server.platform.db.admin;
    // The older schema: int columns holding keys of the industry dictionary (1 电子信息, 2 生物医药, 3 先进制造,
    // 4 新材料, 7 其他), and the tenant's business dictionary naming key 6 after one of its tree's nodes.
    await db.exec(`drop index if exists crm_enterprise_industry;
      alter table crm_enterprise alter column industry type int using null;
      alter table basic_policy alter column industry type int using null;
      delete from park_migration where version = '0154_industry_ref.sql';`);
    const keys: [string, number][] = [
      [XINGHE, 1],
      [QINGHE, 2],
      [YUANHANG, 4],
      [QIMING, 3],
    ];
    for (const [id, key] of keys) await db.query('update crm_enterprise set industry = $2 where id = $1', [id, key]);
    const others = [
      { id: '1954000000000000011', industry: 7 },
      { id: '1954000000000000012', industry: 6 },
    ];
    for (const e of others) {
      await db.query(
        `insert into crm_enterprise (id, tenant_id, enterprise_name, industry) values ($1, '000000', $2, $3)`,
        [e.id, `迁移企业${e.industry}`, e.industry],
      );
    }
    await db.query(
      `insert into blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value)
       values (1954000000000000001, '000000', 0, 'industry', '-1', '所属行业'),
              (1954000000000000002, '000000', 1954000000000000001, 'industry', '6', '软件开发')`,
    );
    await db.query('update basic_policy set industry = 2 where id = $1', [BIO_POLICY]);

    expect(await migrate(server.platform.db)).toEqual(['0154_industry_ref.sql']);

    const industries = async (ids: string[], table = 'crm_enterprise') =>
      (
        await db.query<{ industry: string | null }>(
          `select industry::text as industry from ${table} where id = any($1::bigint[]) order by array_position($1::bigint[], id)`,
          [ids],
        )
      ).map((r) => r.industry);
    expect(await industries([XINGHE, QINGHE, YUANHANG, QIMING, others[0].id, others[1].id])).toEqual([
      demoIndustryId('39'),
      demoIndustryId('27'),
      demoIndustryId('26'),
      demoIndustryId('C'),
      null,
      demoIndustryId('651'),
    ]);
    expect(await industries([BIO_POLICY], 'basic_policy')).toEqual([demoIndustryId('27')]);
    const [column] = await db.query<{ data_type: string }>(
      `select data_type from information_schema.columns where table_name = 'crm_enterprise' and column_name = 'industry'`,
    );
    expect(column.data_type).toBe('bigint');
    await db.query("delete from blade_dict_biz where id in ('1954000000000000001', '1954000000000000002')");
    await db.query("delete from crm_enterprise where id in ('1954000000000000011', '1954000000000000012')");
  });
});
