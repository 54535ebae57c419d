import type { Queryable } from '../platform/db.ts';
import { insertMissing } from './rows.ts';

/**
 * The system dictionaries of spec part 4 (enumerations) that every module reads.
 * Each code is a parent row (dict_key -1) with its entries as children.
 */
const DICTIONARIES: [
  code: string,
  name: string,
  english: string,
  entries: [key: string, value: string, english: string][],
][] = [
  [
    'sex',
    '性别',
    'Gender',
    [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
      ['3', '未知', 'Unknown'],
    ],
  ],
  [
    'status',
    '状态',
    'Status',
    [
      ['1', '正常', 'Normal'],
      ['0', '停用', 'Disabled'],
    ],
  ],
  [
    'yes_no',
    '是否',
    'Yes or no',
    [
      ['0', '否', 'No'],
      ['1', '是', 'Yes'],
    ],
  ],
  [
    'notice',
    '通知类型',
    'Notice type',
    [
      ['1', '发布通知', 'Announcement'],
      ['2', '批转通知', 'Approval forward'],
      ['3', '转发通知', 'Forwarded notice'],
      ['4', '指示通知', 'Instruction'],
      ['5', '任免通知', 'Appointment'],
      ['6', '事务通知', 'Affairs notice'],
      ['7', '其他通知', 'Other notice'],
    ],
  ],
  [
    'menu_category',
    '菜单类型',
    'Menu type',
    [
      ['1', '菜单', 'Menu'],
      ['2', '按钮', 'Button'],
    ],
  ],
  [
    'button_func',
    '按钮功能',
    'Button place',
    [
      ['0', '无', 'None'],
      ['1', '工具栏', 'Toolbar'],
      ['2', '操作栏', 'Row'],
      ['3', '工具操作栏', 'Toolbar and row'],
    ],
  ],
  [
    'open_type',
    '打开方式',
    'Opens in a new window',
    [
      ['1', '否', 'No'],
      ['2', '是', 'Yes'],
    ],
  ],
  [
    'data_scope_type',
    '数据权限',
    'Data scope',
    [
      ['1', '全部可见', 'All'],
      ['2', '本人可见', 'Own only'],
      ['3', '所在机构可见', 'Own organisation'],
      ['4', '所在机构及子级可见', 'Own organisation and below'],
      ['5', '自定义', 'Custom'],
    ],
  ],
  [
    'api_scope_type',
    '接口权限',
    'API scope',
    [
      ['1', '系统接口', 'System API'],
      ['2', '业务接口', 'Business API'],
    ],
  ],
  [
    'org_category',
    '机构类型',
    'Organisation type',
    [
      ['1', '公司', 'Company'],
      ['2', '部门', 'Department'],
      ['3', '小组', 'Team'],
    ],
  ],
  [
    'post_category',
    '岗位类型',
    'Post type',
    [
      ['1', '高层', 'Senior'],
      ['2', '中层', 'Middle'],
      ['3', '基层', 'Junior'],
      ['4', '其他', 'Other'],
    ],
  ],
  [
    'user_type',
    '用户平台',
    'User platform',
    [
      ['1', '平台账号', 'Platform account'],
      ['2', '企业账号', 'Company account'],
    ],
  ],
  [
    'account_type',
    '账号类型',
    'Account type',
    [
      ['platform', '平台账号', 'Platform account'],
      ['web', '企业账号', 'Company account'],
    ],
  ],
  [
    'job_state',
    '任务状态',
    'Job state',
    [
      ['WAITING', '等待', 'Waiting'],
      ['PAUSED', '暂停', 'Paused'],
      ['ACQUIRED', '运行中', 'Running'],
      ['BLOCKED', '阻塞', 'Blocked'],
      ['ERROR', '错误', 'Error'],
    ],
  ],
  [
    'ip_status',
    '知识产权状态',
    'Intellectual property status',
    [
      ['0', '无效', 'Invalid'],
      ['1', '有效', 'Valid'],
    ],
  ],
  [
    'contract_registration_status',
    '合同登记状态',
    'Contract registration',
    [
      ['0', '未登记', 'Not registered'],
      ['1', '已登记', 'Registered'],
    ],
  ],
  [
    'contract_status',
    '项目合同状态',
    'Project contract status',
    [
      ['0', '立项', 'Approved'],
      ['1', '通过中期检查', 'Passed mid-term review'],
      ['2', '提前终止', 'Terminated early'],
      ['3', '已验收', 'Accepted'],
    ],
  ],
  [
    'order_meal_status',
    '订餐状态',
    'Meal order status',
    [
      ['0', '已预订', 'Booked'],
      ['1', '已核销', 'Redeemed'],
    ],
  ],
  [
    'report_cycle',
    '报告周期',
    'Report cycle',
    [
      ['1', '周报', 'Weekly'],
      ['4', '月报', 'Monthly'],
      ['2', '季报', 'Quarterly'],
      ['3', '年报', 'Yearly'],
    ],
  ],
  [
    'meal_config_date',
    '订餐截止',
    'Meal order deadline',
    [
      ['-1', '不限', 'No limit'],
      ['0', '当天', 'Same day'],
      ['1', '提前一天', 'One day before'],
      ['2', '提前两天', 'Two days before'],
    ],
  ],
  [
    'message_type',
    '消息类型',
    'Message type',
    [
      ['1', '普通消息', 'Ordinary message'],
      ['2', '部门广播', 'Department broadcast'],
      ['3', '审批消息', 'Approval message'],
      ['4', '角色广播', 'Role broadcast'],
    ],
  ],
  // Enterprise CRM (issue 5); the spec does not list their values, so these are the park's usual ones.
  [
    'enterprise_status',
    '企业状态',
    'Enterprise status',
    [
      ['1', '在园', 'In the park'],
      ['0', '已迁出', 'Moved out'],
    ],
  ],
  [
    'industry',
    '所属行业',
    'Industry',
    [
      ['1', '电子信息', 'Electronics and IT'],
      ['2', '生物医药', 'Biomedicine'],
      ['3', '先进制造', 'Advanced manufacturing'],
      ['4', '新材料', 'New materials'],
      ['5', '新能源', 'New energy'],
      ['6', '现代服务业', 'Modern services'],
      ['7', '其他', 'Other'],
    ],
  ],
  [
    'identity_type',
    '人员身份',
    'Staff role',
    [
      ['1', '企业负责人', 'Head of the enterprise'],
      ['2', '技术骨干', 'Key engineer'],
      ['3', '普通员工', 'Employee'],
      ['4', '实习生', 'Intern'],
    ],
  ],
  [
    'patent_type',
    '专利类型',
    'Patent type',
    [
      ['1', '发明专利', 'Invention patent'],
      ['2', '实用新型', 'Utility model'],
      ['3', '外观设计', 'Design patent'],
      ['4', '软件著作权', 'Software copyright'],
    ],
  ],
  [
    'qualification_type',
    '资质类型',
    'Qualification type',
    [
      ['1', '高新技术企业', 'High-tech enterprise'],
      ['2', '专精特新企业', 'Specialised SME'],
      ['3', '科技型中小企业', 'Tech-based SME'],
      ['4', '行业许可', 'Industry licence'],
      ['5', '其他', 'Other'],
    ],
  ],
  [
    'certificate_type',
    '证书类型',
    'Certificate type',
    [
      ['1', '荣誉证书', 'Honour'],
      ['2', '竞赛奖项', 'Competition award'],
      ['3', '体系认证', 'System certification'],
      ['4', '其他', 'Other'],
    ],
  ],
  [
    'sms',
    '短信服务类型',
    'SMS provider',
    [
      ['1', '云片', 'Yunpian'],
      ['2', '七牛', 'Qiniu'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
    ],
  ],
  [
    'oss',
    '对象存储类型',
    'Object storage provider',
    [
      ['1', 'MinIO', 'MinIO'],
      ['2', '七牛云', 'Qiniu Cloud'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
    ],
  ],
  [
    // BladeX's provider status: one SMS and one OSS configuration enabled per tenant.
    'enable_status',
    '启用状态',
    'Enabled state',
    [
      ['1', '关闭', 'Off'],
      ['2', '启用', 'On'],
    ],
  ],
  [
    'team_project_status',
    '团队项目状态',
    'Team project status',
    [
      ['1', '进行中', 'In progress'],
      ['2', '已完成', 'Completed'],
      ['3', '已暂停', 'Paused'],
    ],
  ],
  [
    'matter_status',
    '事项状态',
    'Matter status',
    [
      ['0', '待办', 'To do'],
      ['1', '进行中', 'In progress'],
      ['2', '已完成', 'Done'],
    ],
  ],
  [
    'matter_priority',
    '事项优先级',
    'Matter priority',
    [
      ['1', '低', 'Low'],
      ['2', '中', 'Medium'],
      ['3', '高', 'High'],
    ],
  ],
  [
    // Scheduled jobs' states (spec part 4), kept by the scheduler.
    'job_state',
    '任务状态',
    'Job state',
    [
      ['WAITING', '等待', 'Waiting'],
      ['PAUSED', '暂停', 'Paused'],
      ['ACQUIRED', '执行中', 'Running'],
      ['BLOCKED', '阻塞', 'Blocked'],
      ['ERROR', '错误', 'Error'],
    ],
  ],
  [
    // The built-in handlers a scheduled job may run (catalog JOB_HANDLERS; one registered by each module).
    'job_handler',
    '任务执行器',
    'Job handler',
    [
      ['logCleanup', '清理过期日志', 'Clean up old logs'],
      ['sessionCleanup', '清理过期会话', 'Clean up expired logins'],
      ['sendMessage', '发送站内消息', 'Send an in-app message'],
      ['workflowTimers', '流程任务提醒与超时', 'Workflow reminders and due times'],
    ],
  ],
  [
    // blade_log_api.type as the server writes it (platform/logs.ts).
    'api_log_type',
    '接口日志类型',
    'API log type',
    [
      ['1', '正常', 'Normal'],
      ['2', '失败', 'Failed'],
    ],
  ],
  [
    // blade_region.region_level: the depth of the region in the tree, as BladeX's region screen names it.
    'region_level',
    '区划等级',
    'Region level',
    [
      ['1', '省份', 'Province'],
      ['2', '地市', 'City'],
      ['3', '区县', 'District'],
      ['4', '乡镇', 'Town'],
      ['5', '村', 'Village'],
    ],
  ],
  // The park's personnel (basic staff): post, professional title and talent title (spec part 3's codes).
  [
    'staff_post',
    '人员岗位',
    'Post',
    [
      ['1', '园区管理', 'Park management'],
      ['2', '招商服务', 'Investment service'],
      ['3', '企业服务', 'Enterprise service'],
      ['4', '物业运营', 'Property operations'],
      ['5', '财务行政', 'Finance and administration'],
    ],
  ],
  [
    'professional_title',
    '职称',
    'Professional title',
    [
      ['1', '初级', 'Junior'],
      ['2', '中级', 'Intermediate'],
      ['3', '副高级', 'Associate senior'],
      ['4', '正高级', 'Senior'],
    ],
  ],
  [
    'talent_title',
    '人才称号',
    'Talent title',
    [
      ['1', '领军人才', 'Leading talent'],
      ['2', '高层次人才', 'High-level talent'],
      ['3', '青年英才', 'Young talent'],
      ['4', '其他', 'Other'],
    ],
  ],
  // The workflow design studio (issue 30): who a model's scope names, a deployment's state, the task
  // buttons and the form field types (a default value's type).
  [
    'wf_scope_type',
    '流程范围类型',
    'Process scope type',
    [
      ['user', '用户', 'Users'],
      ['role', '角色', 'Roles'],
      ['dept', '部门', 'Departments'],
      ['post', '岗位', 'Posts'],
      ['company', '企业账号', 'Company accounts'],
    ],
  ],
  [
    'wf_deployment_status',
    '部署状态',
    'Deployment status',
    [
      ['1', '激活', 'Active'],
      ['2', '挂起', 'Suspended'],
    ],
  ],
  [
    'wf_button_key',
    '流程按钮',
    'Process button',
    [
      ['wf_pass', '同意', 'Approve'],
      ['wf_reject', '驳回', 'Reject'],
      ['wf_print', '打印', 'Print'],
      ['wf_transfer', '转办', 'Transfer'],
      ['wf_delegate', '委托', 'Delegate'],
      ['wf_terminate', '终止', 'Terminate'],
      ['wf_add_instance', '加签', 'Add signers'],
      ['wf_del_instance', '减签', 'Remove signers'],
      ['wf_rollback', '退回', 'Roll back'],
      ['wf_withdraw', '撤回', 'Withdraw'],
      ['wf_copy', '抄送', 'Copy to'],
      ['wf_urge', '催办', 'Urge'],
    ],
  ],
  [
    'wf_field_type',
    '表单字段类型',
    'Form field type',
    [
      ['input', '单行文本', 'Text'],
      ['textarea', '多行文本', 'Long text'],
      ['number', '数字', 'Number'],
      ['money', '金额', 'Money'],
      ['date', '日期', 'Date'],
      ['dateRange', '日期范围', 'Date range'],
      ['select', '下拉选择', 'Select'],
      ['radio', '单选', 'Radio'],
      ['checkbox', '多选', 'Checkboxes'],
      ['switch', '开关', 'Switch'],
      ['region', '行政区划', 'Region'],
      ['user', '人员', 'Person'],
      ['dept', '部门', 'Department'],
      ['enterprise', '企业', 'Enterprise'],
      ['upload', '附件', 'Attachments'],
      ['richText', '富文本', 'Rich text'],
      ['table', '明细表', 'Sub-table'],
      ['divider', '分割线', 'Divider'],
      ['group', '分组', 'Group'],
    ],
  ],
  [
    // Issue 37: the presets of a third-party login provider (catalog SOCIAL_CATEGORIES).
    'social_category',
    '第三方登录类型',
    'Third-party login type',
    [
      ['wechat_open', '微信开放平台', 'WeChat open platform'],
      ['wechat_enterprise', '企业微信', 'WeChat Work'],
      ['dingtalk', '钉钉', 'DingTalk'],
      ['feishu', '飞书', 'Feishu'],
      ['gitee', 'Gitee', 'Gitee'],
      ['github', 'GitHub', 'GitHub'],
      ['oidc', 'OpenID Connect', 'OpenID Connect'],
    ],
  ],
  [
    // Saber's region screen (区划等级 column, dictionary?code=region; issue 35): the levels as SpringBlade's.
    'region',
    '区划等级',
    'Region level',
    [
      ['1', '省份', 'Province'],
      ['2', '地市', 'City'],
      ['3', '区县', 'District'],
      ['4', '乡镇', 'Town'],
      ['5', '村委', 'Village committee'],
    ],
  ],
];

/** The built-in dictionaries' rows; ids follow the list's order, so new dictionaries go at its end. */
function dictionaryRows() {
  let n = 0;
  const id = () => `1123598819738670${String(++n).padStart(3, '0')}`;
  return DICTIONARIES.flatMap(([code, name, english, entries], sort) => {
    const parentId = id();
    return [
      { id: parentId, parent_id: 0, code, dict_key: '-1', dict_value: name, dict_value_en: english, sort: sort + 1 },
      ...entries.map(([key, value, valueEn], i) => ({
        id: id(),
        parent_id: parentId,
        code,
        dict_key: key,
        dict_value: value,
        dict_value_en: valueEn,
        sort: i + 1,
      })),
    ];
  });
}

/** The built-in dictionaries a database lacks (all of them on a new one), with their English values. */
export async function seedDictionaries(q: Queryable) {
  await insertMissing(q, 'blade_dict', dictionaryRows());
}

/**
 * The English values of the built-in rows a database made before they existed (migration 0070), given
 * once (a seed set): a value an operator has set meanwhile stays, and so does one cleared later.
 */
export async function seedDictionaryEnglish(q: Queryable) {
  const rows = dictionaryRows();
  await q.query(
    `update blade_dict d set dict_value_en = e.english
       from unnest($1::bigint[], $2::text[]) as e(id, english)
      where d.id = e.id and d.dict_value_en is null`,
    [rows.map((r) => r.id), rows.map((r) => r.dict_value_en)],
  );
}

/**
 * The object-storage type 1 read "minio" beside 七牛云, 阿里云 and 腾讯云 (issue 34): a database seeded before gets the
 * product's own name once (a seed set), unless an operator has named it otherwise meanwhile.
 */
export async function seedMinioName(q: Queryable) {
  await q.query(
    `update blade_dict set dict_value = 'MinIO'
      where code = 'oss' and dict_key = '1' and dict_value = 'minio' and parent_id <> 0`,
  );
}
