import type { Queryable } from '../platform/db.ts';
import { insertMissing } from './rows.ts';

/**
 * The system dictionaries of spec part 4 (enumerations) that every module reads.
 * Each code is a parent row (dict_key -1) with its entries as children.
 */
const DICTIONARIES: [code: string, name: string, entries: [key: string, value: string][]][] = [
  [
    'sex',
    '性别',
    [
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ],
  ],
  [
    'status',
    '状态',
    [
      ['1', '正常'],
      ['0', '停用'],
    ],
  ],
  [
    'yes_no',
    '是否',
    [
      ['0', '否'],
      ['1', '是'],
    ],
  ],
  [
    'notice',
    '通知类型',
    [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
      ['7', '其他通知'],
    ],
  ],
  [
    'menu_category',
    '菜单类型',
    [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  ],
  [
    'button_func',
    '按钮功能',
    [
      ['0', '无'],
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  ],
  [
    'open_type',
    '打开方式',
    [
      ['1', '否'],
      ['2', '是'],
    ],
  ],
  [
    'data_scope_type',
    '数据权限',
    [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  ],
  [
    'api_scope_type',
    '接口权限',
    [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  ],
  [
    'org_category',
    '机构类型',
    [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  ],
  [
    'post_category',
    '岗位类型',
    [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  ],
  [
    'user_type',
    '用户平台',
    [
      ['1', '平台账号'],
      ['2', '企业账号'],
    ],
  ],
  [
    'account_type',
    '账号类型',
    [
      ['platform', '平台账号'],
      ['web', '企业账号'],
    ],
  ],
  [
    'job_state',
    '任务状态',
    [
      ['WAITING', '等待'],
      ['PAUSED', '暂停'],
      ['ACQUIRED', '运行中'],
      ['BLOCKED', '阻塞'],
      ['ERROR', '错误'],
    ],
  ],
  [
    'ip_status',
    '知识产权状态',
    [
      ['0', '无效'],
      ['1', '有效'],
    ],
  ],
  [
    'contract_registration_status',
    '合同登记状态',
    [
      ['0', '未登记'],
      ['1', '已登记'],
    ],
  ],
  [
    'contract_status',
    '项目合同状态',
    [
      ['0', '立项'],
      ['1', '通过中期检查'],
      ['2', '提前终止'],
      ['3', '已验收'],
    ],
  ],
  [
    'order_meal_status',
    '订餐状态',
    [
      ['0', '已预订'],
      ['1', '已核销'],
    ],
  ],
  [
    'report_cycle',
    '报告周期',
    [
      ['1', '周报'],
      ['4', '月报'],
      ['2', '季报'],
      ['3', '年报'],
    ],
  ],
  [
    'meal_config_date',
    '订餐截止',
    [
      ['-1', '不限'],
      ['0', '当天'],
      ['1', '提前一天'],
      ['2', '提前两天'],
    ],
  ],
  [
    'message_type',
    '消息类型',
    [
      ['1', '普通消息'],
      ['2', '部门广播'],
      ['3', '审批消息'],
      ['4', '角色广播'],
    ],
  ],
  // Enterprise CRM (issue 5); the spec does not list their values, so these are the park's usual ones.
  [
    'enterprise_status',
    '企业状态',
    [
      ['1', '在园'],
      ['0', '已迁出'],
    ],
  ],
  [
    'industry',
    '所属行业',
    [
      ['1', '电子信息'],
      ['2', '生物医药'],
      ['3', '先进制造'],
      ['4', '新材料'],
      ['5', '新能源'],
      ['6', '现代服务业'],
      ['7', '其他'],
    ],
  ],
  [
    'identity_type',
    '人员身份',
    [
      ['1', '企业负责人'],
      ['2', '技术骨干'],
      ['3', '普通员工'],
      ['4', '实习生'],
    ],
  ],
  [
    'patent_type',
    '专利类型',
    [
      ['1', '发明专利'],
      ['2', '实用新型'],
      ['3', '外观设计'],
      ['4', '软件著作权'],
    ],
  ],
  [
    'qualification_type',
    '资质类型',
    [
      ['1', '高新技术企业'],
      ['2', '专精特新企业'],
      ['3', '科技型中小企业'],
      ['4', '行业许可'],
      ['5', '其他'],
    ],
  ],
  [
    'certificate_type',
    '证书类型',
    [
      ['1', '荣誉证书'],
      ['2', '竞赛奖项'],
      ['3', '体系认证'],
      ['4', '其他'],
    ],
  ],
  [
    'sms',
    '短信服务类型',
    [
      ['1', '云片'],
      ['2', '七牛'],
      ['3', '阿里云'],
      ['4', '腾讯云'],
    ],
  ],
  [
    'oss',
    '对象存储类型',
    [
      ['1', 'minio'],
      ['2', '七牛云'],
      ['3', '阿里云'],
      ['4', '腾讯云'],
    ],
  ],
  [
    // BladeX's provider status: one SMS and one OSS configuration enabled per tenant.
    'enable_status',
    '启用状态',
    [
      ['1', '关闭'],
      ['2', '启用'],
    ],
  ],
];

/** The built-in dictionaries' rows; ids follow the list's order, so new dictionaries go at its end. */
function dictionaryRows() {
  let n = 0;
  const id = () => `1123598819738670${String(++n).padStart(3, '0')}`;
  return DICTIONARIES.flatMap(([code, name, entries], sort) => {
    const parentId = id();
    return [
      { id: parentId, parent_id: 0, code, dict_key: '-1', dict_value: name, sort: sort + 1 },
      ...entries.map(([key, value], i) => ({
        id: id(),
        parent_id: parentId,
        code,
        dict_key: key,
        dict_value: value,
        sort: i + 1,
      })),
    ];
  });
}

/** The built-in dictionaries a database lacks (all of them on a new one). */
export async function seedDictionaries(q: Queryable) {
  await insertMissing(q, 'blade_dict', dictionaryRows());
}
