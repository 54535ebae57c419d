import { POLICY_PUBLISH, POLICY_PUSH_STATUS } from '@park/catalog';
import { send } from '../modules/message/inbox.ts';
import { ORDINARY } from '../modules/message/outbox.ts';
import { COMPANY_USER_TYPE } from '../modules/user/company.ts';
import type { Queryable } from '../platform/db.ts';
import { nextId } from '../platform/ids.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { demoIndustryId } from './basic-demo.ts';
import { SEED } from './platform.ts';

/**
 * Demo policies of tenant 000000: published ones for every industry, for one industry and for one
 * scale, with tags that narrow (a qualification type) and tags that do not, and a draft; issue and
 * application dates spread around the day of seeding. One push of the first policy has been sent to
 * the enterprises it fits (the demo enterprises holding 高新技术企业), whose company accounts have its
 * message. Ids 19000000000015NNNN; every text says 演示数据.
 */
const DEMO = '演示数据';
const id = (n: number) => `19000000000015${String(n).padStart(4, '0')}`;

interface DemoPolicy {
  title: string;
  no: string | null;
  body: string;
  /** Days from today: issued, applications open, applications close. */
  issued: number;
  opens: number | null;
  closes: number | null;
  /** The classification code of the industry (the demo tree's, basic-demo.ts) it is for; null: every one. */
  industry: string | null;
  scale: number | null;
  tags: string;
  published: boolean;
  paragraphs: string[];
}

const POLICIES: DemoPolicy[] = [
  {
    title: '南山区科技创新专项资金管理办法',
    no: '深南科规〔2024〕3号',
    body: '南山区科技创新局',
    issued: -120,
    opens: -30,
    closes: 45,
    industry: null,
    scale: null,
    tags: '高新技术企业,研发补贴',
    published: true,
    paragraphs: [
      '为鼓励企业加大研发投入，对经认定的高新技术企业按上年度研发费用的一定比例给予资助。',
      '申报材料：申请表、高新技术企业证书、上年度研发费用专项审计报告。',
    ],
  },
  {
    title: '关于支持生物医药产业高质量发展的若干措施',
    no: '深发改〔2024〕112号',
    body: '深圳市发展和改革委员会',
    issued: -60,
    opens: -10,
    closes: 80,
    industry: '27',
    scale: null,
    tags: '专精特新企业',
    published: true,
    paragraphs: ['支持生物医药企业开展临床试验、建设公共服务平台，对获批的创新药械给予奖励。'],
  },
  {
    title: '园区中型企业房租减免实施细则',
    no: null,
    body: '星河科技园管理处',
    issued: -15,
    opens: -15,
    closes: 15,
    industry: null,
    scale: 3,
    tags: '房租减免',
    published: true,
    paragraphs: ['对注册资本1000万至5000万元的在园企业，当年房租减免两个月，由园区管理处直接核减。'],
  },
  {
    title: '2025年度人才引进补贴申报指南（征求意见稿）',
    no: null,
    body: '星河科技园管理处',
    issued: -2,
    opens: null,
    closes: null,
    industry: null,
    scale: null,
    tags: '人才引进',
    published: false,
    paragraphs: ['本指南尚在征求意见，发布后企业可在线申报。'],
  },
];

const html = (p: DemoPolicy) => [...p.paragraphs, `（${DEMO}）`].map((line) => `<p>${line}</p>`).join('');

export async function seedPolicyDemo(q: Queryable) {
  const t = PLATFORM_TENANT;
  const user = SEED.adminUser;
  for (const [i, p] of POLICIES.entries()) {
    await q.query(
      `insert into basic_policy (id, tenant_id, title, policy_no, issuing_body, issue_date, start_date, end_date,
                                 industry, enterprise_scale, tags, content, publish_status, publish_time,
                                 create_user, update_user)
       values ($1, $2, $3, $4, $5, current_date + $6::int, current_date + $7::int, current_date + $8::int,
               $9, $10, $11, $12, $13, case when $13 = ${POLICY_PUBLISH.published} then localtimestamp(0) end, $14, $14)`,
      [
        id(i + 1),
        t,
        p.title,
        p.no,
        p.body,
        p.issued,
        p.opens,
        p.closes,
        p.industry && demoIndustryId(p.industry),
        p.scale,
        p.tags,
        html(p),
        p.published ? POLICY_PUBLISH.published : POLICY_PUBLISH.draft,
        user,
      ],
    );
  }

  // The first policy, pushed: the enterprises in the park holding 高新技术企业 (qualification type 1).
  const pushId = id(101);
  const reached = await q.query<{ id: string }>(
    `select e.id::text as id from crm_enterprise e
      where e.tenant_id = $1 and e.is_deleted = 0 and e.status = 1 and exists (
        select 1 from crm_qualification qf where qf.tenant_id = e.tenant_id and qf.enterprise_id = e.id
           and qf.is_deleted = 0 and qf.qualification_type = 1)
      order by e.id`,
    [t],
  );
  await q.query(
    `insert into demo_policy_push (id, tenant_id, policy_id, push_content, push_status, push_time, push_user,
                                   enterprise_count, create_user, update_user)
     values ($1, $2, $3, $4, $5, localtimestamp(0), $6, $7, $6, $6)`,
    [
      pushId,
      t,
      id(1),
      `请符合条件的企业于截止日前提交申报材料。（${DEMO}）`,
      POLICY_PUSH_STATUS.pushed,
      user,
      reached.length,
    ],
  );
  const accounts = await q.query<{ id: string }>(
    `select id::text as id from blade_user where tenant_id = $1 and enterprise_id = any($2::bigint[])
        and user_type = ${COMPANY_USER_TYPE} and is_deleted = 0 and status = 1 order by id`,
    [t, reached.map((e) => e.id)],
  );
  const message = accounts.length
    ? await send(
        q,
        { tenantId: t, userId: user, deptId: SEED.rootDept },
        {
          title: `政策推送：${POLICIES[0].title}`,
          content: `《${POLICIES[0].title}》\n发布机构：${POLICIES[0].body}\n请在「政策推送」中查看详情。（${DEMO}）`,
          type: ORDINARY,
          userIds: accounts.map((a) => a.id),
        },
      )
    : undefined;
  for (const e of reached) {
    await q.query(
      `insert into demo_policy_push_enterprise (id, tenant_id, push_id, enterprise_id, message_id)
       values ($1, $2, $3, $4, $5)`,
      [nextId(), t, pushId, e.id, message?.id ?? null],
    );
  }
}
