import { FILE_ROUTE } from '../modules/resource/files.ts';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import type { FileStore } from '../platform/storage.ts';
import { demoPng, type RGB } from './demo-png.ts';
import { SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/**
 * Demo basic data of tenant 000000: the industry tree (the national classification's 20 top categories,
 * GB/T 4754-2017, with the classes a science park meets most below some of them), job categories with
 * positions of the demo enterprises, three carousels whose pictures are drawn here and put in the file
 * store, the park's common questions, and a few guide and policy tags. Ids 19000000000036NNNN; every
 * row says 演示数据.
 */
const DEMO = '演示数据';
const id = (n: number) => `19000000000036${String(n).padStart(4, '0')}`;
/** A demo enterprise of crm-demo.ts (its row 0). */
const enterprise = (e: number) => `19000000000001${String(e + 1).padStart(2, '0')}00`;

/** [code, name, children: [code, name, grandchildren?]] */
type Industry = [string, string, [string, string, [string, string][]?][]?];
const INDUSTRIES: Industry[] = [
  [
    'A',
    '农、林、牧、渔业',
    [
      ['01', '农业'],
      ['02', '林业'],
      ['03', '畜牧业'],
      ['04', '渔业'],
    ],
  ],
  ['B', '采矿业'],
  [
    'C',
    '制造业',
    [
      ['13', '农副食品加工业'],
      ['26', '化学原料和化学制品制造业'],
      ['27', '医药制造业'],
      ['34', '通用设备制造业'],
      ['39', '计算机、通信和其他电子设备制造业'],
    ],
  ],
  ['D', '电力、热力、燃气及水生产和供应业'],
  ['E', '建筑业'],
  ['F', '批发和零售业'],
  ['G', '交通运输、仓储和邮政业'],
  ['H', '住宿和餐饮业'],
  [
    'I',
    '信息传输、软件和信息技术服务业',
    [
      ['63', '电信、广播电视和卫星传输服务'],
      ['64', '互联网和相关服务'],
      [
        '65',
        '软件和信息技术服务业',
        [
          ['651', '软件开发'],
          ['652', '集成电路设计'],
          ['653', '信息系统集成和物联网技术服务'],
        ],
      ],
    ],
  ],
  ['J', '金融业'],
  ['K', '房地产业'],
  ['L', '租赁和商务服务业'],
  [
    'M',
    '科学研究和技术服务业',
    [
      ['73', '研究和试验发展'],
      ['74', '专业技术服务业'],
      ['75', '科技推广和应用服务业'],
    ],
  ],
  ['N', '水利、环境和公共设施管理业'],
  ['O', '居民服务、修理和其他服务业'],
  ['P', '教育'],
  ['Q', '卫生和社会工作'],
  ['R', '文化、体育和娱乐业'],
  ['S', '公共管理、社会保障和社会组织'],
  ['T', '国际组织'],
];

/** [category, positions: [title, enterprise index, salary, openings, education]] */
const JOBS: [string, [string, number, string, number, string][]][] = [
  [
    '技术研发',
    [
      ['嵌入式软件工程师', 0, '15K-25K', 3, '本科'],
      ['算法工程师', 0, '25K-40K', 2, '硕士'],
      ['药物研发工程师', 1, '12K-20K', 2, '硕士'],
    ],
  ],
  [
    '生产制造',
    [
      ['材料工艺工程师', 2, '10K-15K', 2, '本科'],
      ['质量检验员', 2, '6K-8K', 4, '大专'],
    ],
  ],
  ['市场销售', [['大客户经理', 3, '10K-20K', 2, '本科']]],
];

/** [title, colours, link] */
const CAROUSELS: [string, RGB, RGB, string | null][] = [
  ['星河科技园欢迎您', [22, 119, 255], [19, 194, 194], null],
  ['2024 年度科技创新政策解读会', [114, 46, 209], [47, 84, 235], '/policy/info'],
  ['园区人才招聘月', [250, 140, 22], [245, 34, 45], '/basic/job'],
];

/**
 * The id the demo tree gives the industry of this classification code (seedBasicDemo numbers the nodes
 * in INDUSTRIES' order, parents before their children), so the demo enterprises and policies, seeded
 * before or after the tree, name their industry by code.
 */
export function demoIndustryId(code: string): string {
  let n = 0;
  for (const [top, , classes = []] of INDUSTRIES) {
    if (top === code) return id(n + 1);
    n++;
    for (const [child, , subclasses = []] of classes) {
      if (child === code) return id(n + 1);
      n++;
      for (const [sub] of subclasses) {
        if (sub === code) return id(n + 1);
        n++;
      }
    }
  }
  throw new Error(`The demo industry tree has no code ${code}`);
}

/** The classification code of each demo enterprise's industry (crm-demo.ts, by its row). */
export const DEMO_ENTERPRISE_INDUSTRY = ['39', '27', '26', '39'];

/** [question, answer] */
const QUESTIONS: [string, string][] = [
  ['企业如何申请入驻园区？', '登录园区平台提交入驻申请，附营业执照和项目介绍，招商部门在 5 个工作日内联系您。'],
  ['园区提供哪些公共服务？', '会议室、路演厅、共享实验室、人才公寓、员工食堂和政策申报辅导等，详见园区指南。'],
  ['办公室报修怎么处理？', '在企业账号的报修页面提交报修单，物业 2 小时内响应，紧急情况请拨打服务热线。'],
  ['如何在食堂订餐？', '在食堂管理的订餐页面选择日期和套餐预订，按餐别的截止时间前可以取消。'],
  ['政策推送的消息在哪里查看？', '园区推送给企业的政策会发送到企业账号的消息中心，点击右上角的铃铛查看。'],
];

const TAGS: [string, string[]][] = [
  ['guide_tag_option', ['办事流程', '交通出行', '生活配套', '会议室']],
  ['policy_tag_option', ['稳岗补贴', '知识产权', '融资支持']],
];

export async function seedBasicDemo(q: Queryable, files: FileStore) {
  const t = PLATFORM_TENANT;
  const audit = { tenant_id: t, create_user: SEED.adminUser, create_dept: SEED.rootDept, update_user: SEED.adminUser };

  let n = 0;
  const industries: Record<string, unknown>[] = [];
  const addIndustry = (code: string, name: string, sort: number, parent: string, ancestors: string) => {
    const row = { id: id(++n), ...audit, parent_id: parent, ancestors, industry_code: code, industry_name: name, sort };
    industries.push({ ...row, remark: DEMO });
    return row.id;
  };
  for (const [i, [code, name, classes = []]] of INDUSTRIES.entries()) {
    const top = addIndustry(code, name, i + 1, '0', '0');
    for (const [j, [childCode, childName, subclasses = []]] of classes.entries()) {
      const child = addIndustry(childCode, childName, j + 1, top, `0,${top}`);
      for (const [k, [subCode, subName]] of subclasses.entries()) {
        addIndustry(subCode, subName, k + 1, child, `0,${top},${child}`);
      }
    }
  }
  await insertRows(q, 'basic_industry', industries);
  // A database whose demo enterprises predate the tree (their dictionary industry found no node then).
  for (const [e, code] of DEMO_ENTERPRISE_INDUSTRY.entries()) {
    await q.query('update crm_enterprise set industry = $1 where id = $2 and tenant_id = $3 and industry is null', [
      demoIndustryId(code),
      enterprise(e),
      t,
    ]);
  }

  n = 100;
  for (const [i, [category, positions]] of JOBS.entries()) {
    const parent = id(++n);
    await insertRows(q, 'basic_job', [
      { id: parent, ...audit, parent_id: 0, ancestors: '0', job_name: category, sort: i + 1, job_description: DEMO },
    ]);
    await insertRows(
      q,
      'basic_job',
      positions.map(([title, e, salary, headcount, education], j) => ({
        id: id(++n),
        ...audit,
        parent_id: parent,
        ancestors: `0,${parent}`,
        job_name: title,
        enterprise_id: enterprise(e),
        salary,
        headcount,
        education,
        work_place: '星河科技园',
        contact_phone: '0755-86000000',
        job_description: `负责${title}相关工作，有相关经验者优先。（${DEMO}）`,
        sort: j + 1,
        // The last category's positions are filled: both states show.
        status: i === JOBS.length - 1 ? 0 : 1,
      })),
    );
  }

  for (const [i, [title, from, to, link]] of CAROUSELS.entries()) {
    const name = await files.put(t, 'png', demoPng(960, 360, from, to));
    await insertRows(q, 'basic_carousel', [
      {
        id: id(201 + i),
        ...audit,
        title,
        image_url: `${FILE_ROUTE}/${name}`,
        link_url: link,
        sort: i + 1,
        remark: DEMO,
        // One switched off, to show both states.
        status: i === CAROUSELS.length - 1 ? 0 : 1,
      },
    ]);
  }

  await insertRows(
    q,
    'basic_qa',
    QUESTIONS.map(([question, answer], i) => ({
      id: id(301 + i),
      ...audit,
      question,
      answer: `${answer}（${DEMO}）`,
      sort: i + 1,
    })),
  );

  n = 400;
  await insertRows(
    q,
    'basic_tag_option',
    TAGS.flatMap(([tagKey, values]) =>
      values.map((value) => ({ id: id(++n), ...audit, tag_key: tagKey, tag_value: value })),
    ),
  );
}
