import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import type { FileStore } from '../platform/storage.ts';
import { storeAttachment } from '../resources/attachments.ts';
import { demoPdf } from './demo-pdf.ts';
import { SEED } from './platform.ts';

/**
 * Demo personnel of tenant 000000: a dozen of the park's people, with talent subsidies and yearly
 * assessments (two evaluations each, the assessment's score their mean), and a few comments on the
 * demo team projects' matters and documents of its projects, each with a PDF in the file store.
 * Ids 1900000000002100NN (staff), 1900000000002110NN (subsidies), 1900000000002120NN (assessments),
 * 1900000000002130NN (evaluations), 1900000000002140NN (comments), 1900000000002150NN (documents);
 * every row says 演示数据.
 */
const DEMO = '演示数据';
const t = PLATFORM_TENANT;
const admin = SEED.adminUser;
const id = (block: number, i: number) => `19000000000021${block}0${String(i + 1).padStart(2, '0')}`;

/** [name, sex, mobile, post, professional title, talent title, education, joined days ago] */
const STAFF: [string, number, string, number, number, number | null, string, number][] = [
  ['王建国', 1, '13800001001', 1, 4, 1, '博士研究生', 2900],
  ['李晓梅', 2, '13800001002', 2, 3, 2, '硕士研究生', 2100],
  ['张伟', 1, '13800001003', 3, 2, 3, '硕士研究生', 1500],
  ['刘芳', 2, '13800001004', 5, 2, null, '本科', 1300],
  ['陈志强', 1, '13800001005', 4, 1, null, '大专', 900],
  ['杨静', 2, '13800001006', 2, 2, 3, '本科', 700],
  ['赵磊', 1, '13800001007', 3, 3, 2, '博士研究生', 1800],
  ['黄丽', 2, '13800001008', 1, 2, null, '本科', 600],
  ['周鹏', 1, '13800001009', 4, 1, null, '本科', 400],
  ['吴敏', 2, '13800001010', 5, 3, 4, '硕士研究生', 1100],
  ['徐涛', 1, '13800001011', 3, 2, 3, '硕士研究生', 500],
  ['孙悦', 2, '13800001012', 2, 1, null, '本科', 200],
];

/** [staff index, subsidy, amount, granted days ago] */
const SUBSIDIES: [number, string, number, number][] = [
  [0, '领军人才安家补贴', 300000, 400],
  [0, '领军人才年度津贴', 60000, 60],
  [1, '高层次人才购房补贴', 150000, 300],
  [2, '青年英才生活补贴', 36000, 90],
  [5, '青年英才生活补贴', 36000, 45],
  [6, '高层次人才购房补贴', 150000, 200],
  [9, '人才引进一次性奖励', 50000, 120],
  [10, '青年英才生活补贴', 36000, 30],
];

/** [staff index, assessment, year, the two evaluations' scores] */
const ASSESSMENTS: [number, string, number, [number, number]][] = [
  [0, '2025年度绩效考核', 2025, [95, 92]],
  [1, '2025年度绩效考核', 2025, [88, 90]],
  [2, '2025年度绩效考核', 2025, [82, 86]],
  [3, '2025年度绩效考核', 2025, [78, 80]],
  [4, '2025年度绩效考核', 2025, [72, 75]],
  [6, '2025年度绩效考核', 2025, [91, 89]],
  [0, '2024年度绩效考核', 2024, [93, 94]],
  [2, '2024年试用期转正考核', 2024, [85, 88]],
];

/** [matter id (team-project-demo.ts), comment] */
const COMMENTS: [string, string][] = [
  ['190000000000021001', '账单已与物业核对，电费比上月高 8%，需要确认空调用量。'],
  ['190000000000021002', '方案初稿已上传，请各位周五前给出意见。'],
  ['190000000000021004', '星河智能计划明年扩租约 500 平方米，已记录需求。'],
];

/** [project id (team-project-demo.ts), document] */
const DOCUMENTS: [string, string][] = [
  ['190000000000020001', '园区智慧化改造实施方案'],
  ['190000000000020001', '智慧化改造预算表'],
  ['190000000000020002', '企业服务月活动安排'],
];

export async function seedPersonnelDemo(q: Queryable, files: FileStore) {
  for (const [i, [name, sex, phone, post, title, talent, education, joined]] of STAFF.entries()) {
    await q.query(
      `insert into basic_staff (id, tenant_id, staff_name, sex, phone, staff_post, professional_title, talent_title,
                                education, join_date, remark, create_user, update_user)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, current_date - $10::int, $11, $12, $12)`,
      [id(0, i), t, name, sex, phone, post, title, talent, education, joined, DEMO, admin],
    );
  }
  for (const [i, [staff, name, amount, granted]] of SUBSIDIES.entries()) {
    await q.query(
      `insert into basic_staff_subsidy (id, tenant_id, staff_id, subsidy_name, amount, grant_date, remark,
                                        create_user, update_user)
       values ($1, $2, $3, $4, $5, current_date - $6::int, $7, $8, $8)`,
      [id(1, i), t, id(0, staff), name, amount, granted, DEMO, admin],
    );
  }
  let evaluation = 0;
  for (const [i, [staff, name, year, scores]] of ASSESSMENTS.entries()) {
    const mean = (scores[0] + scores[1]) / 2;
    // Named with the person: the evaluation form picks its assessment by name among everyone's.
    const title = `${name}（${STAFF[staff][0]}）`;
    await q.query(
      `insert into basic_staff_assessment (id, tenant_id, staff_id, assessment_name, assessment_year, assessment_date,
                                           score, remark, create_user, update_user)
       values ($1, $2, $3, $4, $5, make_date($5, 12, 20), $6, $7, $8, $8)`,
      [id(2, i), t, id(0, staff), title, year, mean, DEMO, admin],
    );
    for (const [who, score] of [
      ['部门负责人', scores[0]],
      ['分管领导', scores[1]],
    ] as const) {
      await q.query(
        `insert into basic_staff_assessment_evaluate (id, tenant_id, assessment_id, evaluator, score, content,
                                                      create_user, update_user)
         values ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [id(3, evaluation++), t, id(2, i), who, score, `${title}评价（${DEMO}）`, admin],
      );
    }
  }
  // The demo matters and projects exist where the team-project demo was seeded; without them there is nothing to comment.
  for (const [i, [matter, content]] of COMMENTS.entries()) {
    const added = await q.query(
      `insert into basic_team_project_matters_comments (id, tenant_id, team_project_matters_id, content, comment_user,
                                                        create_user, update_user)
       select $1, $2, id, $3, $4, $4, $4 from basic_team_project_matters where id = $5 and is_deleted = 0
       returning id::text as id`,
      [id(4, i), t, `${content}（${DEMO}）`, admin, matter],
    );
    if (added.length && i === 1) await attach(q, files, 'team_project_matters_comment', id(4, i), '门禁系统升级方案');
  }
  for (const [i, [project, name]] of DOCUMENTS.entries()) {
    const added = await q.query(
      `insert into basic_team_project_document (id, tenant_id, team_project_id, document_name, remark,
                                                create_user, update_user)
       select $1, $2, id, $3, $4, $5, $5 from basic_team_project where id = $6 and is_deleted = 0
       returning id::text as id`,
      [id(5, i), t, name, DEMO, admin, project],
    );
    if (added.length) await attach(q, files, 'team_project_document', id(5, i), name);
  }
}

function attach(q: Queryable, files: FileStore, businessType: string, businessId: string, title: string) {
  return storeAttachment(q, files, {
    tenantId: t,
    businessType,
    businessId,
    name: `${title}.pdf`,
    ext: 'pdf',
    bytes: demoPdf([title, DEMO]),
    userId: admin,
    deptId: null,
  });
}
