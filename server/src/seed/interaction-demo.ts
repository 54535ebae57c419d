import { FEEDBACK_STATUS, PUBLISH_STATUS } from '@park/catalog';
import { send } from '../modules/message/inbox.ts';
import { ORDINARY } from '../modules/message/outbox.ts';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { SEED } from './platform.ts';

/**
 * Demo news, park guides and feedback threads of tenant 000000: news published over the last weeks
 * and one draft, guides of every type with tags, and feedback from the demo company accounts in each
 * state (one waiting, one answered, one answered, followed up and closed), whose park replies reached
 * their authors as messages. Ids 19000000000142NNNN; every text says 演示数据.
 */
const DEMO = '演示数据';
const id = (n: number) => `19000000000142${String(n).padStart(4, '0')}`;
const paragraphs = (lines: string[]) => [...lines, `（${DEMO}）`].map((line) => `<p>${line}</p>`).join('');

interface DemoArticle {
  title: string;
  /** Days from today it was published; null for a draft. */
  published: number | null;
  body: string;
}

const NEWS: (DemoArticle & { source: string; summary: string })[] = [
  {
    title: '星河科技园举办2025年度企业家座谈会',
    source: '园区管理处',
    summary: '三十余家在园企业负责人与园区管理处交流了政策申报、配套服务等议题。',
    published: -1,
    body: `<h2>座谈会概况</h2>${paragraphs([
      '本次座谈会邀请了<strong>三十余家</strong>在园企业负责人，围绕政策申报、人才公寓、停车与餐饮配套等议题展开交流。',
      '园区管理处将在两周内就企业提出的问题逐一答复。',
    ])}`,
  },
  {
    title: '园区智慧停车系统正式上线',
    source: '物业服务中心',
    summary: '车牌识别入场、线上缴费，企业月卡可在线申请。',
    published: -5,
    body: `${paragraphs(['即日起园区各停车场启用车牌识别，访客可扫码缴费。'])}<ul><li>企业月卡：在线申请，次日生效</li><li>访客车辆：首小时免费</li></ul>`,
  },
  {
    title: '南山区高新技术企业认定培训会将在园区召开',
    source: '南山区科技创新局',
    summary: '面向拟申报高新技术企业的在园企业，讲解认定条件与材料准备。',
    published: -12,
    body: paragraphs([
      '培训会将讲解高新技术企业认定的主要条件、研发费用归集与申报材料准备。',
      '报名请联系园区企业服务部。',
    ]),
  },
  {
    title: '园区第三季度安全生产检查情况通报',
    source: '园区安全办',
    summary: '检查发现的隐患均已整改完毕。',
    published: -30,
    body: paragraphs(['第三季度共检查企业42家，发现一般隐患11处，均已按期整改。']),
  },
  {
    title: '园区食堂冬季菜单调整（待发布）',
    source: '园区食堂',
    summary: '新增特色窗口与轻食套餐。',
    published: null,
    body: paragraphs(['冬季菜单将新增特色面食窗口与轻食套餐，具体上线时间另行通知。']),
  },
];

/** Guide types (dictionary guide_type): 1 入驻, 2 办事, 3 生活, 4 交通, 5 安全. */
const GUIDES: (DemoArticle & { type: number; tags: string })[] = [
  {
    title: '企业入驻办理流程',
    type: 1,
    tags: '入驻,证照办理',
    published: -60,
    body: `<h2>办理步骤</h2><ol><li>提交入驻申请与营业执照</li><li>园区审核（3个工作日）</li><li>签订租赁合同并领取门禁卡</li></ol>${paragraphs(['详情咨询园区企业服务部。'])}`,
  },
  {
    title: '园区停车与月卡办理',
    type: 4,
    tags: '停车',
    published: -20,
    body: paragraphs(['园区共有地面及地下车位800个，企业月卡可在物业服务中心或线上申请。']),
  },
  {
    title: '园区食堂与周边餐饮',
    type: 3,
    tags: '餐饮',
    published: -10,
    body: paragraphs(['园区食堂位于A栋一层，工作日供应早、中、晚三餐，可在线订餐。']),
  },
  {
    title: '消防安全须知',
    type: 5,
    tags: '物业',
    published: -3,
    body: `<blockquote>发现火情请立即拨打119并通知园区安全办。</blockquote>${paragraphs(['请勿占用消防通道，定期检查灭火器有效期。'])}`,
  },
  {
    title: '人才公寓申请指南（修订中）',
    type: 2,
    tags: '人才',
    published: null,
    body: paragraphs(['修订后的人才公寓申请条件将于近期发布。']),
  },
];

interface DemoReply {
  fromPark: boolean;
  content: string;
  /** Days from today. */
  day: number;
}

interface DemoFeedback {
  account: string;
  title: string;
  type: number;
  content: string;
  day: number;
  state: number;
  replies: DemoReply[];
}

/** Feedback types (dictionary feedback_type): 1 建议, 2 投诉, 3 咨询, 4 其他. */
const FEEDBACK: DemoFeedback[] = [
  {
    account: 'xinghe',
    title: '建议增加园区访客车位',
    type: 1,
    content: '工作日上午访客车位经常已满，客户来访需要在园区外停车，建议在B栋旁增设临时访客车位。',
    day: -6,
    state: FEEDBACK_STATUS.replied,
    replies: [
      {
        fromPark: true,
        content: '感谢建议。园区已规划在B栋东侧增设20个访客车位，预计下月投入使用。',
        day: -4,
      },
    ],
  },
  {
    account: 'qinghe',
    title: '实验室危废转运流程咨询',
    type: 3,
    content: '我司实验室产生少量化学废液，请问园区是否有统一的危废转运服务，如何预约？',
    day: -1,
    state: FEEDBACK_STATUS.pending,
    replies: [],
  },
  {
    account: 'yuanhang',
    title: '三楼空调维修不及时',
    type: 2,
    content: '三楼东区空调故障已报修三天，至今未有人处理，影响正常办公。',
    day: -15,
    state: FEEDBACK_STATUS.closed,
    replies: [
      { fromPark: true, content: '非常抱歉，已安排维修人员今天下午上门处理。', day: -14 },
      { fromPark: false, content: '空调已修好，谢谢。', day: -13 },
      { fromPark: true, content: '收到，如再有问题请随时反馈。本反馈已处理完毕。', day: -13 },
    ],
  },
];

export async function seedInteractionDemo(q: Queryable) {
  const t = PLATFORM_TENANT;
  const admin = SEED.adminUser;
  const publishedAt = (day: number | null) => (day === null ? null : `${day} days`);

  for (const [i, n] of NEWS.entries()) {
    await q.query(
      `insert into basic_news (id, tenant_id, title, source, summary, content, publish_status, publish_time,
                               create_user, update_user, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, localtimestamp(0) + $8::interval, $9, $9,
               localtimestamp(0) + coalesce($8::interval, interval '0 days'))`,
      [
        id(i + 1),
        t,
        n.title,
        n.source,
        `${n.summary}（${DEMO}）`,
        n.body,
        n.published === null ? PUBLISH_STATUS.draft : PUBLISH_STATUS.published,
        publishedAt(n.published),
        admin,
      ],
    );
  }

  for (const [i, g] of GUIDES.entries()) {
    await q.query(
      `insert into basic_guide (id, tenant_id, title, guide_type, tags, content, sort, publish_status, publish_time,
                                create_user, update_user)
       values ($1, $2, $3, $4, $5, $6, $7, $8, localtimestamp(0) + $9::interval, $10, $10)`,
      [
        id(101 + i),
        t,
        g.title,
        g.type,
        g.tags,
        g.body,
        i + 1,
        g.published === null ? PUBLISH_STATUS.draft : PUBLISH_STATUS.published,
        publishedAt(g.published),
        admin,
      ],
    );
  }

  const authors = await q.query<{ account: string; id: string; enterpriseId: string | null }>(
    `select account, id::text as id, enterprise_id::text as "enterpriseId" from blade_user
      where tenant_id = $1 and account = any($2::text[]) and is_deleted = 0`,
    [t, FEEDBACK.map((f) => f.account)],
  );
  const byAccount = new Map(authors.map((a) => [a.account, a]));
  for (const [i, f] of FEEDBACK.entries()) {
    const author = byAccount.get(f.account);
    // The company demo was not loaded (or its account removed): no thread without its author.
    if (!author) continue;
    const feedbackId = id(201 + i * 10);
    const parkReplies = f.replies.filter((r) => r.fromPark);
    const last = f.replies.at(-1);
    await q.query(
      `insert into basic_feedback (id, tenant_id, title, feedback_type, content, enterprise_id, feedback_status,
                                   reply_count, last_reply_time, close_time, create_user, update_user, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, localtimestamp(0) + $9::interval,
               case when $7 = ${FEEDBACK_STATUS.closed} then localtimestamp(0) + $9::interval end,
               $10, $10, localtimestamp(0) + $11::interval)`,
      [
        feedbackId,
        t,
        f.title,
        f.type,
        `${f.content}（${DEMO}）`,
        author.enterpriseId,
        f.state,
        f.replies.length,
        last ? `${last.day} days` : null,
        author.id,
        `${f.day} days`,
      ],
    );
    for (const [j, r] of f.replies.entries()) {
      const by = r.fromPark ? admin : author.id;
      await q.query(
        `insert into basic_feedback_reply (id, tenant_id, feedback_id, content, from_park, create_user, update_user,
                                           create_time)
         values ($1, $2, $3, $4, $5, $6, $6, localtimestamp(0) + $7::interval)`,
        [id(201 + i * 10 + j + 1), t, feedbackId, r.content, r.fromPark ? 1 : 0, by, `${r.day} days`],
      );
    }
    if (parkReplies.length) {
      await send(
        q,
        { tenantId: t, userId: admin, deptId: SEED.rootDept },
        {
          title: `您的意见反馈有新回复：${f.title}`,
          content: `《${f.title}》\n${parkReplies.at(-1)?.content}\n请在「意见反馈」中查看完整回复。（${DEMO}）`,
          type: ORDINARY,
          userIds: [author.id],
        },
      );
    }
  }
}
