import { certificate, project } from '@park/catalog';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import type { FileStore } from '../platform/storage.ts';
import { storeAttachment } from '../resources/attachments.ts';
import { DEMO_ENTERPRISE_INDUSTRY, demoIndustryId } from './basic-demo.ts';
import { demoPdf } from './demo-pdf.ts';
import { hashPassword, SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/**
 * Demo enterprises of tenant 000000 with rows in every CRM tab, one of them moved out of the
 * park, and a company account for each enterprise in the park (xinghe, qinghe, yuanhang, password
 * 123456; each its enterprise's agent user) whose company role (granted by the platform seed) may
 * use the CRM screens of its own enterprise. The first enterprise's certificate and project carry
 * an attachment each, a small PDF put in the file store. Every row says 演示数据 in its remark.
 */
const DEMO = '演示数据';

const ENTERPRISES = [
  {
    name: '星河智能科技有限公司',
    code: '91440300MA5FXH1234',
    office: 'A-1201',
    entered: '2021-04-12',
    due: '2027-04-11',
    founded: '2016-08-23',
    address: '深圳市南山区粤海街道科技南十二路18号星河科技园A栋1201',
    legal: '王明',
    daysAgo: 3,
    agent: '王明',
    phone: '13800001111',
    capital: 10_000_000,
    product: '智能控制器',
    account: { account: 'xinghe', name: '星河智能' },
  },
  {
    name: '青禾生物医药有限公司',
    code: '91440300MA5GQH5678',
    office: 'B-0803',
    entered: '2022-09-01',
    due: '2025-08-31',
    founded: '2018-03-15',
    address: '深圳市南山区西丽街道留仙大道3370号星河科技园B栋803',
    legal: '周海燕',
    daysAgo: 11,
    agent: '李静',
    phone: '13800002222',
    capital: 30_000_000,
    product: '诊断试剂盒',
    account: { account: 'qinghe', name: '青禾生物' },
  },
  {
    name: '远航新材料股份有限公司',
    code: '91440300MA5HYH9012',
    office: 'C-0501',
    entered: '2023-06-19',
    due: '2028-06-18',
    founded: '2012-11-02',
    address: '深圳市宝安区新安街道创业二路66号远航大厦5楼',
    legal: '张强',
    daysAgo: 26,
    agent: '张强',
    phone: '13800003333',
    capital: 50_000_000,
    product: '碳纤维板材',
    account: { account: 'yuanhang', name: '远航新材料' },
  },
  {
    name: '启明光电技术有限公司',
    code: '91440300MA5JQM3456',
    office: 'D-0302',
    entered: '2020-01-06',
    due: '2024-01-05',
    founded: '2015-05-28',
    address: '深圳市南山区桃源街道学苑大道1001号南山智园D栋302',
    legal: '陈晨',
    daysAgo: 58,
    agent: '陈晨',
    phone: '13800004444',
    capital: 8_000_000,
    product: '激光测距模组',
    movedOut: true,
  },
];

/** The local time (timestamp(0) text) a number of days before the seeding, at a working hour. */
function daysBefore(days: number): string {
  const at = new Date(Date.now() - days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hour = 9 + (days % 9);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(hour)}:${pad((days * 7) % 60)}:00`;
}

/** The enterprise_status of an enterprise that moved out (1 is in the park, the column's default). */
const MOVED_OUT = 0;
/** The password of the demo company accounts. */
export const DEMO_PASSWORD = '123456';

/** Ids 19000000000001EENN: enterprise EE, row NN, so every demo row is easy to find and remove. */
const idOf = (e: number, n: number) => `19000000000001${String(e + 1).padStart(2, '0')}${String(n).padStart(2, '0')}`;
/** The company account of enterprise e (its agent user). */
const userOf = (e: number) => idOf(e, 99);

export async function seedCrmDemo(q: Queryable, files: FileStore) {
  const t = PLATFORM_TENANT;
  const own = (e: number, n: number) => ({ id: idOf(e, n), tenant_id: t, enterprise_id: idOf(e, 0), remark: DEMO });
  for (const [e, ent] of ENTERPRISES.entries()) {
    await insertRows(q, 'crm_enterprise', [
      {
        id: idOf(e, 0),
        tenant_id: t,
        enterprise_name: ent.name,
        credit_code: ent.code,
        industry: demoIndustryId(DEMO_ENTERPRISE_INDUSTRY[e]),
        registered_capital: ent.capital,
        office_number: ent.office,
        agent_name: ent.agent,
        agent_phone: ent.phone,
        entry_date: ent.entered,
        due_date: ent.due,
        // Spread over the last weeks, so the desk's 企业动态 reads as a park's, not as one import.
        create_time: daysBefore(ent.daysAgo + 400),
        update_time: daysBefore(ent.daysAgo),
        status: 'movedOut' in ent ? MOVED_OUT : 1,
        agent_user: ent.account ? userOf(e) : null,
        remark: DEMO,
      },
    ]);
    const year = 2023;
    const rows: [string, Record<string, unknown>][] = [
      [
        'crm_business_info',
        {
          ...own(e, 1),
          legal_person: ent.legal,
          establish_date: ent.founded,
          enterprise_type: '有限责任公司',
          registration_authority: '深圳市市场监督管理局',
          registered_address: ent.address,
          business_scope: `${ent.product}的研发、生产与销售`,
        },
      ],
      [
        'crm_business_holding',
        {
          ...own(e, 2),
          holder_name: ent.agent,
          holder_type: '自然人',
          share_ratio: 60,
          subscribed_capital: ent.capital * 0.6,
          subscribed_date: ent.founded,
        },
      ],
      [
        'crm_economic',
        {
          ...own(e, 3),
          data_year: year,
          output_value: ent.capital * 1.8,
          revenue: ent.capital * 1.5,
          tax_amount: ent.capital * 0.08,
          rd_investment: ent.capital * 0.2,
          employee_count: 40 + e * 25,
        },
      ],
      [
        'crm_finance',
        {
          ...own(e, 4),
          report_date: `${year}-12-31`,
          total_assets: ent.capital * 2,
          total_liabilities: ent.capital * 0.7,
          net_profit: ent.capital * 0.15,
        },
      ],
      [
        'crm_staff',
        {
          ...own(e, 5),
          staff_name: ent.agent,
          birth_date: '1985-04-12',
          qualification: '硕士',
          identity_type: 1,
          phone: ent.phone,
          join_date: '2019-06-18',
        },
      ],
      [
        'crm_staff',
        {
          ...own(e, 6),
          staff_name: `研发工程师${e + 1}`,
          birth_date: '1995-09-01',
          qualification: '本科',
          identity_type: 2,
          join_date: '2021-07-01',
        },
      ],
      [
        'crm_intellectual_property',
        {
          ...own(e, 7),
          patent_no: `ZL20211000${e}123.4`,
          patent_name: `一种${ent.product}及其制备方法`,
          patent_type: 1,
          grant_pub_date: '2022-08-16',
          owner: ent.name,
        },
      ],
      [
        'crm_qualification',
        {
          ...own(e, 8),
          qualification_no: `GR20224420${e}001`,
          qualification_name: '高新技术企业证书',
          qualification_type: 1,
          acquisition_date: '2022-12-19',
        },
      ],
      [
        'crm_certificate',
        {
          ...own(e, 9),
          certificate_no: `CX2023-${e}01`,
          certificate_name: '创新创业大赛优胜奖',
          certificate_type: 2,
          contest_name: '中国创新创业大赛',
          certificate_authority: '科技部火炬中心',
          acquisition_date: '2023-10-20',
        },
      ],
      [
        'crm_standard',
        {
          ...own(e, 10),
          standard_no: `T/SZ ${100 + e}-2023`,
          standard_name: `${ent.product}技术规范`,
          standard_level: '团体标准',
          participation: '主导',
          publish_date: '2023-05-10',
        },
      ],
      [
        'crm_project',
        {
          ...own(e, 11),
          project_no: `SZKJ2023-${e}01`,
          project_name: `${ent.product}关键技术攻关`,
          entrust_institution: '深圳市科技创新委员会',
          due_time: '2025-06-30',
          amount: 1_000_000 + e * 500_000,
          contract_status: e % 4,
        },
      ],
      [
        'crm_project_history',
        {
          ...own(e, 12),
          project_id: idOf(e, 11),
          record_date: '2023-03-15',
          contract_status: 0,
          content: '项目立项，签订任务合同书',
        },
      ],
      [
        'crm_project_example',
        {
          ...own(e, 13),
          example_name: `${ent.product}示范应用`,
          customer: '星河科技园管理中心',
          amount: 800_000,
          completion_date: '2023-11-30',
          description: `园区内${ent.product}的落地应用案例`,
        },
      ],
      [
        'crm_enterprise_plan',
        {
          ...own(e, 14),
          plan_year: 2024,
          plan_title: '三年发展规划',
          target_revenue: ent.capital * 3,
          content: '扩大产能，申报专精特新',
        },
      ],
      [
        'crm_enterprise_history',
        { ...own(e, 15), event_date: ent.entered, event_title: '入驻星河科技园', content: `入驻${ent.office}` },
      ],
      [
        'crm_agreement',
        {
          ...own(e, 16),
          agreement_no: `RZXY-2023-${e}01`,
          agreement_name: '入驻协议',
          sign_date: '2023-02-20',
          start_date: '2023-03-01',
          end_date: '2026-12-31',
          amount: 360_000,
        },
      ],
      [
        'crm_rd_platform',
        {
          ...own(e, 17),
          platform_name: `${ent.product}工程技术研究中心`,
          platform_level: '市级',
          approval_authority: '深圳市科技创新委员会',
          approval_date: '2022-09-01',
        },
      ],
      [
        'crm_rd_platform_assets',
        {
          ...own(e, 18),
          rd_platform_id: idOf(e, 17),
          asset_name: '高精度测试仪',
          asset_no: `ZC-${e}001`,
          quantity: 2,
          amount: 260_000,
          purchase_date: '2022-10-15',
        },
      ],
      [
        'crm_workshop',
        {
          ...own(e, 19),
          workshop_name: `${ent.product}生产车间`,
          address: `星河科技园${ent.office.slice(0, 1)}栋1层`,
          area: 1200,
          purpose: '生产',
          start_date: '2023-04-01',
        },
      ],
      [
        'crm_production',
        {
          ...own(e, 20),
          product_name: ent.product,
          production_year: year,
          capacity: 100_000,
          output: 82_000,
          output_value: ent.capital * 1.2,
        },
      ],
      [
        'crm_production_detail',
        {
          ...own(e, 21),
          production_id: idOf(e, 20),
          item_name: `${ent.product}一季度`,
          production_date: `${year}-03-31`,
          quantity: 20_000,
          unit: '件',
          amount: ent.capital * 0.3,
        },
      ],
    ];
    for (const [table, row] of rows) await insertRows(q, table, [row]);
  }

  await insertRows(
    q,
    'blade_user',
    ENTERPRISES.flatMap((ent, e) =>
      ent.account
        ? [
            {
              id: userOf(e),
              tenant_id: t,
              user_type: 2,
              account: ent.account.account,
              password: hashPassword(DEMO_PASSWORD),
              initial_password: 1,
              name: ent.account.name,
              real_name: ent.agent,
              phone: ent.phone,
              role_id: SEED.companyRole,
              enterprise_id: idOf(e, 0),
              create_user: SEED.adminUser,
            },
          ]
        : [],
    ),
  );

  // The first enterprise's certificate and project, each with a scanned document to open.
  const attach = (businessType: string, businessId: string, name: string, lines: string[]) =>
    storeAttachment(q, files, {
      tenantId: t,
      businessType,
      businessId,
      name,
      ext: 'pdf',
      bytes: demoPdf(lines),
      userId: SEED.adminUser,
      deptId: null,
    });
  await attach(certificate.key, idOf(0, 9), '创新创业大赛优胜奖证书.pdf', [
    'Park Console demo attachment',
    'Certificate CX2023-001',
  ]);
  await attach(project.key, idOf(0, 11), '项目任务合同书.pdf', [
    'Park Console demo attachment',
    'Project SZKJ2023-001',
  ]);
}
