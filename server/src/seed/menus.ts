import { createHash } from 'node:crypto';
import { platformOnlyIds } from '../modules/system/menu-access.ts';
import type { Queryable } from '../platform/db.ts';
import { nextId } from '../platform/ids.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/**
 * The product's menu tree: every module and screen of spec parts 1 and 2, so that the
 * sidebar shows the whole product. A list screen carries the four buttons
 * `<key>_add|_edit|_delete|_view` (CONTRACT.md), which the server also enforces; a
 * read-only screen names the ones it has in `actions`. `source` is an Ant Design icon
 * (the Outlined one, kebab-case without the suffix).
 */
export type ButtonAction = 'add' | 'edit' | 'delete' | 'view';

export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  source: string;
  /** 2 keeps the page alive. */
  isOpen?: 1 | 2;
  /** The catalog key whose button codes the screen gets. */
  buttons?: string;
  /** Which of the four buttons (default all). */
  actions?: ButtonAction[];
  /** A screen's own buttons beyond the four (grant, reset password, ...): full codes, shown in the toolbar or row. */
  more?: { code: string; name: string; source: string; action: 1 | 2 | 3 }[];
  children?: MenuSeed[];
}

export const MENUS: MenuSeed[] = [
  {
    code: 'desk',
    name: '工作台',
    path: '/desk',
    source: 'desktop',
    children: [
      { code: 'home', name: '首页', path: '/wel/index', source: 'home' },
      { code: 'dashboard', name: '控制台', path: '/wel/dashboard', source: 'dashboard' },
      { code: 'notice', name: '通知公告', path: '/desk/notice', source: 'sound', buttons: 'notice' },
      {
        code: 'desk_team_project',
        // Not 团队项目: that is the basic-data list of the projects themselves, and two tabs would share a title.
        name: '项目待办',
        path: '/desk/teamproject',
        source: 'carry-out',
        more: [{ code: 'desk_team_project_complete', name: '完成', source: 'check', action: 2 }],
      },
    ],
  },
  {
    code: 'crm',
    name: '企业管理',
    path: '/crm',
    source: 'bank',
    children: [
      { code: 'enterprise', name: '企业信息', path: '/crm/enterprise', source: 'bank', buttons: 'enterprise' },
      { code: 'my_enterprise', name: '我的企业', path: '/crm/my-enterprise', source: 'idcard' },
      { code: 'enterprise_staff', name: '企业人员', path: '/crm/staff', source: 'team', buttons: 'enterprise_staff' },
      {
        code: 'intellectual_property',
        name: '知识产权',
        path: '/crm/intellectual-property',
        source: 'safety-certificate',
        buttons: 'intellectual_property',
      },
      {
        code: 'qualification',
        name: '企业资质',
        path: '/crm/qualification',
        source: 'audit',
        buttons: 'qualification',
      },
      { code: 'certificate', name: '证书奖项', path: '/crm/certificate', source: 'trophy', buttons: 'certificate' },
      { code: 'project', name: '科研项目', path: '/crm/project', source: 'project', buttons: 'project' },
      {
        code: 'enterprise_plan',
        name: '企业规划',
        path: '/crm/enterprise-plan',
        source: 'schedule',
        buttons: 'enterprise_plan',
      },
      {
        code: 'enterprise_history',
        name: '企业历程',
        path: '/crm/history',
        source: 'history',
        buttons: 'enterprise_history',
      },
      {
        code: 'enterprise_finance',
        name: '财务信息',
        path: '/crm/finance',
        source: 'account-book',
        buttons: 'enterprise_finance',
      },
      { code: 'agreement', name: '协议管理', path: '/crm/agreement', source: 'file-protect', buttons: 'agreement' },
      { code: 'rd_platform', name: '研发平台', path: '/crm/rd-platform', source: 'experiment', buttons: 'rd_platform' },
      { code: 'workshop', name: '车间管理', path: '/crm/workshop', source: 'build', buttons: 'workshop' },
      { code: 'production', name: '生产情况', path: '/crm/production', source: 'tool', buttons: 'production' },
      {
        code: 'production_detail',
        name: '生产明细',
        path: '/crm/production-detail',
        source: 'unordered-list',
        buttons: 'production_detail',
      },
      { code: 'standard', name: '标准制定', path: '/crm/standard', source: 'file-done', buttons: 'standard' },
      {
        code: 'project_example',
        name: '项目案例',
        path: '/crm/project-example',
        source: 'bulb',
        buttons: 'project_example',
      },
      {
        code: 'project_history',
        name: '项目历史记录',
        path: '/crm/project-history',
        source: 'field-time',
        buttons: 'project_history',
      },
      {
        code: 'business_info',
        name: '工商信息',
        path: '/crm/business-info',
        source: 'solution',
        buttons: 'business_info',
      },
      {
        code: 'business_holding',
        name: '股东信息',
        path: '/crm/business-holding',
        source: 'pie-chart',
        buttons: 'business_holding',
      },
      { code: 'economic', name: '经济数据', path: '/crm/economic', source: 'line-chart', buttons: 'economic' },
      {
        code: 'rd_platform_assets',
        name: '研发平台资产',
        path: '/crm/rd-platform-assets',
        source: 'hdd',
        buttons: 'rd_platform_assets',
      },
    ],
  },
  {
    code: 'basic',
    name: '基础数据',
    path: '/basic',
    source: 'database',
    children: [
      { code: 'job', name: '招聘岗位', path: '/basic/job', source: 'solution', buttons: 'job' },
      { code: 'carousel', name: '轮播图', path: '/basic/carousel', source: 'picture', buttons: 'carousel' },
      { code: 'policy', name: '政策管理', path: '/basic/policy', source: 'file-text', buttons: 'policy' },
      { code: 'policy_info', name: '政策资讯', path: '/policy/info', source: 'container', buttons: 'policy_info' },
      { code: 'policy_push', name: '政策推送', path: '/policy/push', source: 'notification', buttons: 'policy_push' },
      { code: 'team_project', name: '团队项目', path: '/basic/team-project', source: 'team', buttons: 'team_project' },
      {
        code: 'team_project_matters',
        name: '项目事项',
        path: '/basic/team-project-matters',
        source: 'carry-out',
        buttons: 'team_project_matters',
      },
      {
        code: 'team_project_matters_comment',
        name: '事项评论',
        path: '/basic/team-project-matters-comment',
        source: 'comment',
        buttons: 'team_project_matters_comment',
      },
      {
        code: 'team_project_document',
        name: '项目文档',
        path: '/basic/team-project-document',
        source: 'folder-open',
        buttons: 'team_project_document',
      },
      { code: 'feedback', name: '意见反馈', path: '/basic/feedback', source: 'comment', buttons: 'feedback' },
      {
        code: 'personel',
        name: '人员管理',
        path: '/basic/personel',
        source: 'idcard',
        children: [
          { code: 'staff', name: '人员信息', path: '/basic/personel/staff', source: 'user', buttons: 'staff' },
          {
            code: 'staff_subsidy',
            name: '人才补贴',
            path: '/basic/personel/staff-subsidy',
            source: 'red-envelope',
            buttons: 'staff_subsidy',
          },
          {
            code: 'staff_assessment',
            name: '人员考核',
            path: '/basic/personel/staff-assessment',
            source: 'star',
            buttons: 'staff_assessment',
          },
          {
            code: 'staff_assessment_evaluation',
            name: '考核评价',
            path: '/basic/personel/staff-assessment-evaluation',
            source: 'check-square',
            buttons: 'staff_assessment_evaluation',
          },
        ],
      },
      { code: 'news', name: '新闻资讯', path: '/interaction/news', source: 'read', buttons: 'news' },
      { code: 'guide', name: '园区指南', path: '/interaction/guide', source: 'info-circle', buttons: 'guide' },
      { code: 'industry', name: '行业分类', path: '/basic/industry', source: 'tags', buttons: 'industry' },
      { code: 'qa', name: '常见问答', path: '/basic/qa', source: 'question-circle', buttons: 'qa' },
    ],
  },
  {
    code: 'dhm',
    name: '食堂管理',
    path: '/dhm',
    source: 'coffee',
    children: [
      { code: 'dishes', name: '菜品管理', path: '/dhm/dhm/dishes', source: 'fire', buttons: 'dishes' },
      {
        code: 'category_meal',
        name: '餐别分类',
        path: '/dhm/dhm/category-meal',
        source: 'appstore',
        buttons: 'category_meal',
      },
      { code: 'meal', name: '套餐管理', path: '/dhm/dhm/meal', source: 'profile', buttons: 'meal' },
      {
        code: 'meal_config',
        name: '订餐配置',
        path: '/dhm/dhm/meal/meal-config',
        source: 'setting',
        buttons: 'meal_config',
      },
      {
        code: 'order_meal',
        name: '订餐记录',
        path: '/dhm/dhm/order-meal',
        source: 'shopping-cart',
        buttons: 'order_meal',
        // The canteen's own acts: 核销 (whoever holds it is the canteen: sees, cancels and books for anyone) and statistics.
        more: [
          { code: 'order_meal_verification', name: '核销', source: 'check-circle', action: 2 },
          { code: 'order_meal_statistics', name: '订餐统计', source: 'bar-chart', action: 1 },
        ],
      },
    ],
  },
  {
    code: 'property',
    name: '物业管理',
    path: '/property',
    source: 'environment',
    children: [
      { code: 'storey', name: '楼宇楼层', path: '/property/storey', source: 'block', buttons: 'storey' },
      { code: 'office', name: '办公室', path: '/property/office', source: 'shop', buttons: 'office' },
      { code: 'room', name: '房间管理', path: '/property/room', source: 'layout', buttons: 'room' },
      {
        code: 'room_contract',
        name: '房间合同',
        path: '/property/room-contract',
        source: 'file-text',
        buttons: 'room_contract',
      },
      {
        code: 'office_contract',
        name: '办公室合同',
        path: '/property/office-contract',
        source: 'file-protect',
        buttons: 'office_contract',
      },
      {
        code: 'lease_contract_cost',
        name: '租赁费用',
        path: '/property/lease-contract-cost',
        source: 'pay-circle',
        buttons: 'lease_contract_cost',
      },
      {
        code: 'public_space',
        name: '公共空间',
        path: '/property/public-space',
        source: 'flag',
        buttons: 'public_space',
      },
      { code: 'repair', name: '报修管理', path: '/property/repair', source: 'tool', buttons: 'repair' },
      {
        code: 'work_order',
        name: '工单管理',
        path: '/property/work-order',
        source: 'file-sync',
        buttons: 'work_order',
      },
      { code: 'rebuild', name: '改造记录', path: '/property/rebuild', source: 'build', buttons: 'rebuild' },
    ],
  },
  {
    code: 'prod',
    name: '生产管理',
    path: '/prod',
    source: 'experiment',
    children: [
      { code: 'prod_report', name: '生产报告', path: '/prod/report', source: 'file-text', buttons: 'prod_report' },
      {
        code: 'experimental_facility',
        name: '实验设施',
        path: '/prod/experimental-facility',
        source: 'experiment',
        buttons: 'experimental_facility',
      },
      {
        code: 'danger_chemical',
        name: '危险化学品',
        path: '/prod/danger-chemical',
        source: 'alert',
        buttons: 'danger_chemical',
      },
    ],
  },
  {
    code: 'finance',
    name: '财务管理',
    path: '/finance',
    source: 'money-collect',
    children: [
      {
        code: 'facility_return',
        name: '设施回报',
        path: '/finance/facility-return',
        source: 'rise',
        buttons: 'facility_return',
      },
      {
        code: 'facility_lease',
        name: '设施租赁',
        path: '/finance/facility-lease',
        source: 'transaction',
        buttons: 'facility_lease',
      },
      { code: 'asset', name: '资产管理', path: '/finance/asset', source: 'gold', buttons: 'asset' },
    ],
  },
  {
    code: 'questionnaire',
    name: '问卷管理',
    path: '/questionnaire',
    source: 'form',
    children: [
      {
        code: 'questionnaire_form',
        name: '问卷表单',
        path: '/questionnaire/form',
        source: 'form',
        buttons: 'questionnaire_form',
      },
      {
        code: 'questionnaire_category',
        name: '问卷分类',
        path: '/questionnaire/category',
        source: 'appstore',
        buttons: 'questionnaire_category',
      },
      { code: 'research', name: '调研管理', path: '/questionnaire/research', source: 'search', buttons: 'research' },
      { code: 'survey', name: '问卷调查', path: '/questionnaire/survey', source: 'audit', buttons: 'survey' },
      {
        code: 'survey_data',
        name: '问卷数据',
        path: '/questionnaire/survey-data',
        source: 'table',
        isOpen: 2,
        buttons: 'survey_data',
      },
      {
        code: 'survey_scope',
        name: '问卷范围',
        path: '/questionnaire/survey-scope',
        source: 'share-alt',
        buttons: 'survey_scope',
      },
      {
        code: 'questionnaire_template',
        name: '问卷模板',
        path: '/questionnaire/template',
        source: 'copy',
        buttons: 'questionnaire_template',
      },
    ],
  },
  {
    code: 'workflow',
    name: '流程管理',
    path: '/workflow',
    source: 'branches',
    children: [
      {
        code: 'workflow_design',
        name: '流程设计',
        path: '/workflow/design',
        source: 'deployment-unit',
        children: [
          {
            code: 'wf_form',
            name: '表单设计',
            path: '/workflow/design/form',
            source: 'form',
            buttons: 'wf_form',
            more: [
              { code: 'wf_form_design', name: '设计', source: 'highlight', action: 2 },
              { code: 'wf_form_history', name: '历史', source: 'history', action: 2 },
            ],
          },
          {
            code: 'wf_form_default',
            name: '表单默认值',
            path: '/workflow/design/form-default',
            source: 'save',
            buttons: 'wf_form_default',
          },
          {
            code: 'wf_model',
            name: '模型设计',
            path: '/workflow/design/model',
            source: 'apartment',
            buttons: 'wf_model',
            more: [
              { code: 'wf_model_design', name: '设计', source: 'highlight', action: 2 },
              { code: 'wf_model_deploy', name: '部署', source: 'rocket', action: 2 },
              { code: 'wf_model_history', name: '历史', source: 'history', action: 2 },
            ],
          },
          {
            code: 'wf_model_scope',
            name: '模型范围',
            path: '/workflow/design/model-scope',
            source: 'cluster',
            buttons: 'wf_model_scope',
          },
          {
            code: 'wf_category',
            name: '流程分类',
            path: '/workflow/design/category',
            source: 'appstore',
            buttons: 'wf_category',
          },
          {
            code: 'wf_condition',
            name: '流程表达式',
            path: '/workflow/design/condition',
            source: 'function',
            buttons: 'wf_condition',
          },
          {
            code: 'wf_button',
            name: '流程按钮',
            path: '/workflow/design/button',
            source: 'control',
            buttons: 'wf_button',
            // The engine's twelve buttons: renamed, ordered and shown by default or not, never added or removed.
            actions: ['edit', 'view'],
          },
          {
            code: 'wf_deployment',
            name: '部署管理',
            path: '/workflow/design/deployment',
            source: 'rocket',
            buttons: 'wf_deployment',
            more: [{ code: 'wf_deployment_status', name: '挂起/激活', source: 'swap', action: 2 }],
          },
        ],
      },
      {
        code: 'workflow_process',
        name: '流程事务',
        path: '/workflow/process',
        source: 'profile',
        children: [
          { code: 'wf_start', name: '发起事务', path: '/workflow/process/start', source: 'play-circle' },
          { code: 'wf_todo', name: '待办事务', path: '/workflow/process/todo', source: 'schedule' },
          { code: 'wf_claim', name: '待签事务', path: '/workflow/process/claim', source: 'pushpin' },
          { code: 'wf_send', name: '已发事务', path: '/workflow/process/send', source: 'send' },
          { code: 'wf_done', name: '办结事务', path: '/workflow/process/done', source: 'check-circle' },
          { code: 'wf_copy', name: '抄送事务', path: '/workflow/process/copy', source: 'copy' },
          {
            code: 'wf_draft',
            name: '草稿箱',
            path: '/workflow/process/draft',
            source: 'edit',
            buttons: 'wf_draft',
            actions: ['delete', 'view'],
          },
        ],
      },
      { code: 'wf_ops', name: '流程监控', path: '/workflow/ops', source: 'monitor' },
    ],
  },
  {
    code: 'oa',
    name: 'OA办公',
    path: '/oa',
    source: 'solution',
    children: [
      { code: 'oa_category', name: 'OA分类', path: '/oa/category', source: 'appstore', buttons: 'oa_category' },
      { code: 'oa_work', name: '我的工作', path: '/oa/work', source: 'carry-out' },
    ],
  },
  {
    code: 'decision',
    name: '决策驾驶舱',
    path: '/decision',
    source: 'fund',
    children: [
      { code: 'cockpit', name: '驾驶舱', path: '/decision/cockpit', source: 'dashboard' },
      { code: 'analyse', name: '决策分析', path: '/decision/analyse', source: 'line-chart' },
      { code: 'rank', name: '排行榜', path: '/decision/rank', source: 'bar-chart' },
      { code: 'trend', name: '趋势分析', path: '/decision/trend', source: 'rise' },
      { code: 'overview', name: '企业概览', path: '/decision/overview', source: 'pie-chart' },
    ],
  },
  {
    code: 'message',
    name: '消息中心',
    path: '/message',
    source: 'message',
    children: [
      { code: 'my_message', name: '我的消息', path: '/message/my', source: 'inbox' },
      { code: 'message_send', name: '消息管理', path: '/message/send', source: 'send', buttons: 'message' },
      // Who hears of each kind of incoming work (issue 34.1): the rules are read there, saved with its edit button.
      {
        code: 'notify_rule',
        name: '通知规则',
        path: '/message/notify-rule',
        source: 'alert',
        buttons: 'notify_rule',
        actions: ['edit'],
      },
    ],
  },
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'setting',
    children: [
      {
        code: 'user',
        name: '用户管理',
        path: '/system/user',
        source: 'user',
        buttons: 'user',
        more: [
          { code: 'user_role', name: '角色配置', source: 'team', action: 1 },
          { code: 'user_reset', name: '密码重置', source: 'key', action: 1 },
          { code: 'user_platform', name: '平台配置', source: 'setting', action: 1 },
          { code: 'user_unlock', name: '账号解封', source: 'unlock', action: 1 },
          { code: 'user_register', name: '账号审核', source: 'audit', action: 1 },
          { code: 'user_export', name: '导出', source: 'download', action: 1 },
          { code: 'user_import', name: '导入', source: 'upload', action: 1 },
        ],
      },
      { code: 'dept', name: '机构管理', path: '/system/dept', source: 'apartment', buttons: 'dept' },
      { code: 'post', name: '岗位管理', path: '/system/post', source: 'idcard', buttons: 'post' },
      { code: 'menu', name: '菜单管理', path: '/system/menu', source: 'menu', buttons: 'menu' },
      {
        code: 'topmenu',
        name: '顶部菜单',
        path: '/system/topmenu',
        source: 'layout',
        buttons: 'topmenu',
        more: [{ code: 'topmenu_setting', name: '菜单配置', source: 'setting', action: 1 }],
      },
      { code: 'navigate', name: '导航管理', path: '/system/navigate', source: 'compass', buttons: 'navigate' },
      { code: 'dict', name: '系统字典', path: '/system/dict', source: 'book', buttons: 'dict' },
      { code: 'dictbiz', name: '业务字典', path: '/system/dictbiz', source: 'container', buttons: 'dictbiz' },
      // The system dictionaries in two more layouts, each with its view button (spec part 2); adding and
      // changing dictionaries takes the dict screen's buttons, which the server checks.
      {
        code: 'dict_horizontal',
        name: '字典管理(横向)',
        path: '/dict-horizontal/index',
        source: 'column-width',
        buttons: 'dict_horizontal',
        actions: ['view'],
      },
      {
        code: 'dict_vertical',
        name: '字典管理(纵向)',
        path: '/dict-vertical/index',
        source: 'column-height',
        buttons: 'dict_vertical',
        actions: ['view'],
      },
      { code: 'param', name: '参数管理', path: '/system/param', source: 'profile', buttons: 'param' },
      {
        code: 'tenant',
        name: '租户管理',
        path: '/system/tenant',
        source: 'cluster',
        buttons: 'tenant',
        more: [
          { code: 'tenant_setting', name: '授权配置', source: 'setting', action: 1 },
          { code: 'tenant_datasource', name: '数据源配置', source: 'database', action: 2 },
        ],
      },
      {
        code: 'tenant_package',
        name: '租户产品包',
        path: '/system/tenantpackage',
        source: 'gift',
        buttons: 'tenant_package',
      },
      { code: 'client', name: '应用管理', path: '/system/client', source: 'mobile', buttons: 'client' },
      {
        code: 'social_provider',
        name: '第三方登录',
        path: '/system/social',
        source: 'api',
        buttons: 'social_provider',
      },
    ],
  },
  // BladeX's folders and paths for the screens a Saber console finds by path (its views/authority/role, ...;
  // issue 35.6): 权限管理 and 基础配置 beside 系统管理, 研发工具's /tool, and 报表管理's /report/reportlist.
  {
    code: 'authority',
    name: '权限管理',
    path: '/authority',
    source: 'safety-certificate',
    children: [
      {
        code: 'role',
        name: '角色管理',
        path: '/authority/role',
        source: 'team',
        buttons: 'role',
        more: [{ code: 'role_grant', name: '权限设置', source: 'safety', action: 1 }],
      },
      {
        code: 'data_scope',
        name: '数据权限',
        path: '/authority/datascope',
        source: 'lock',
        buttons: 'data_scope',
        // Saber's 权限配置 (issue 35; migration 0182 brings these and region_debug to older databases).
        more: [{ code: 'data_scope_setting', name: '权限配置', source: 'setting', action: 2 }],
      },
      {
        code: 'api_scope',
        name: '接口权限',
        path: '/authority/apiscope',
        source: 'key',
        buttons: 'api_scope',
        more: [{ code: 'api_scope_setting', name: '权限配置', source: 'setting', action: 2 }],
      },
    ],
  },
  {
    code: 'base',
    name: '基础配置',
    path: '/base',
    source: 'global',
    children: [
      {
        code: 'region',
        name: '行政区划',
        path: '/base/region',
        source: 'global',
        buttons: 'region',
        more: [{ code: 'region_debug', name: '调试', source: 'bug', action: 2 }],
      },
    ],
  },
  {
    code: 'resource',
    name: '资源管理',
    path: '/resource',
    source: 'cloud',
    children: [
      {
        code: 'sms',
        name: '短信配置',
        path: '/resource/sms',
        source: 'mail',
        buttons: 'sms',
        more: [{ code: 'sms_send', name: '发送测试', source: 'send', action: 2 }],
      },
      { code: 'oss', name: '对象存储', path: '/resource/oss', source: 'cloud-upload', buttons: 'oss' },
      {
        code: 'attach',
        name: '附件管理',
        path: '/resource/attach',
        source: 'paper-clip',
        buttons: 'attach',
        // Files come in through their owner's upload: the list only views and removes them.
        actions: ['delete', 'view'],
      },
      {
        code: 'scheduled_job',
        name: '定时任务',
        path: '/resource/job',
        source: 'field-time',
        buttons: 'scheduled_job',
        more: [
          { code: 'scheduled_job_pause', name: '暂停', source: 'pause-circle', action: 2 },
          { code: 'scheduled_job_resume', name: '恢复', source: 'play-circle', action: 2 },
          { code: 'scheduled_job_execute', name: '立即执行', source: 'thunderbolt', action: 2 },
        ],
      },
    ],
  },
  {
    code: 'log',
    name: '日志管理',
    path: '/monitor/log',
    source: 'file-search',
    children: [
      {
        code: 'log_usual',
        name: '通用日志',
        path: '/monitor/log/usual',
        source: 'file-text',
        buttons: 'log_usual',
        actions: ['view'],
      },
      {
        code: 'log_api',
        name: '接口日志',
        path: '/monitor/log/api',
        source: 'api',
        buttons: 'log_api',
        actions: ['view'],
      },
      {
        code: 'log_error',
        name: '错误日志',
        path: '/monitor/log/error',
        source: 'bug',
        buttons: 'log_error',
        actions: ['view'],
      },
    ],
  },
  {
    code: 'develop',
    name: '开发工具',
    path: '/tool',
    source: 'code',
    children: [
      {
        code: 'code',
        name: '代码生成',
        path: '/tool/code',
        source: 'code',
        buttons: 'code',
        more: [
          { code: 'code_gen', name: '生成', source: 'download', action: 3 },
          { code: 'code_copy', name: '复制', source: 'copy', action: 2 },
        ],
      },
      {
        code: 'datasource',
        name: '数据源管理',
        path: '/tool/datasource',
        source: 'database',
        buttons: 'datasource',
      },
    ],
  },
  {
    // Not BladeX's code `report`: that is the screen's, which its buttons' codes and the catalog's key follow.
    code: 'reports',
    name: '报表中心',
    path: '/report',
    source: 'file-excel',
    children: [
      {
        code: 'report',
        name: '报表管理',
        path: '/report/reportlist',
        source: 'file-excel',
        buttons: 'report',
        actions: ['delete', 'view'],
        // 生成报表 (blade-report/report/rest/generate): a month's report made, or made again, on demand.
        more: [{ code: 'report_generate', name: '生成', source: 'file-add', action: 1 }],
      },
    ],
  },
];

const BUTTONS: Record<ButtonAction, { name: string; source: string; action: number }> = {
  add: { name: '新增', source: 'plus', action: 1 },
  edit: { name: '修改', source: 'edit', action: 2 },
  delete: { name: '删除', source: 'delete', action: 3 },
  view: { name: '查看', source: 'eye', action: 2 },
};

/** The top menus of tenant 000000 and the top-level menus each covers. */
export const TOP_MENUS = [
  { code: 'desk', name: '工作台', source: 'desktop', path: '/wel/index', covers: ['desk', 'message'] },
  {
    code: 'system',
    name: '系统管理',
    path: '/system/user',
    source: 'setting',
    covers: ['system', 'authority', 'base', 'log', 'resource', 'develop', 'reports'],
  },
];

/** The tenant package every new tenant can be given: the desk, CRM and system modules, but the platform's own menus. */
const BASIC_PACKAGE = { name: '基础套餐', covers: ['desk', 'crm', 'system', 'authority', 'base'] };

/**
 * A seed id derived from a stable key (a menu's code, a button's `menu:code`), so that
 * adding a menu anywhere never moves another one's id.
 */
export function seedId(key: string): string {
  const hash = BigInt(`0x${createHash('sha256').update(key).digest('hex').slice(0, 15)}`);
  return (1_164_733n * 10n ** 12n + (hash % 10n ** 12n)).toString();
}

/** The id of the seeded menu with this code. */
export const menuId = (code: string) => seedId(code);

type MenuRow = Record<string, unknown> & { id: string; code: string };

/** The blade_menu rows of a subtree, menus and buttons, parents before children. */
function menuRows(menus: MenuSeed[], parentId: string): MenuRow[] {
  return menus.flatMap((m, i) => {
    const id = menuId(m.code);
    const menu: MenuRow = {
      id,
      parent_id: parentId,
      code: m.code,
      name: m.name,
      alias: 'menu',
      path: m.path,
      source: m.source,
      sort: i + 1,
      category: 1,
      action: 0,
      is_open: m.isOpen ?? 1,
    };
    const actions = m.buttons ? (m.actions ?? (Object.keys(BUTTONS) as ButtonAction[])) : [];
    const specs = [
      ...actions.map((suffix) => ({ code: `${m.buttons}_${suffix}`, alias: suffix, ...BUTTONS[suffix] })),
      ...(m.more ?? []).map((b) => ({ ...b, alias: b.code.slice(b.code.indexOf('_') + 1) })),
    ];
    const buttons = specs.map(
      (b, j): MenuRow => ({
        id: seedId(`${m.code}:${b.code}`),
        parent_id: id,
        code: b.code,
        name: b.name,
        alias: b.alias,
        path: `${m.path}/${b.alias}`,
        source: b.source,
        sort: j + 1,
        category: 2,
        action: b.action,
        is_open: 1,
      }),
    );
    return [menu, ...buttons, ...menuRows(m.children ?? [], id)];
  });
}

/** Every id of the named top-level menus' subtrees. */
function subtreeIds(rows: MenuRow[], topCodes: string[]): string[] {
  const roots = new Set(topCodes.map(menuId));
  const inside = new Set<string>();
  // Rows come parents first, so one pass sees each parent before its children.
  for (const r of rows) if (roots.has(r.id) || inside.has(String(r.parent_id))) inside.add(r.id);
  return rows.filter((r) => inside.has(r.id)).map((r) => r.id);
}

/**
 * The fields a release seeds on a built-in row, and which the operator may change: what a row's
 * seed hash covers. Not is_deleted: an operator's deletion is kept apart (below).
 */
const BUILT_IN_FIELDS = [
  'parent_id',
  'code',
  'name',
  'alias',
  'path',
  'source',
  'sort',
  'category',
  'action',
  'is_open',
] as const;

/** A row's built-in fields as one hash, the same for a seed row and the database's copy of it. */
export function menuSeedHash(row: Record<string, unknown>): string {
  const values = BUILT_IN_FIELDS.map((f) => (row[f] === null || row[f] === undefined ? null : String(row[f])));
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

/** Whether a row's id is the one the seeds derive for its code: a built-in row of some release. */
function builtInId(row: { id: string; code: string; category: number; parent_code: string | null }): boolean {
  return row.id === menuId(row.code) || (row.category === 2 && row.id === seedId(`${row.parent_code}:${row.code}`));
}

/** A key of its own for the menus' reconciliation, so instances starting together take turns. */
const MENU_SEED_LOCK = 724_521_002;

type StoredMenu = Record<(typeof BUILT_IN_FIELDS)[number], unknown> & {
  id: string;
  code: string;
  category: number;
  is_deleted: number;
  parent_code: string | null;
  /** Never written through the console: no update_user, and not touched since it was made. */
  pristine: boolean;
  seeded: string | null;
  withdrawn: boolean | null;
};

/**
 * Brings the built-in menus and buttons to this release's, at every start (in the seeding
 * transaction), without undoing the operator's work:
 * - a built-in row the database lacks is added (all of them on a new database);
 * - a built-in row the operator has not changed since it was seeded (its fields still hash to what
 *   park_menu_seed recorded) takes this release's name, path, icon, order, ...; one they changed stays;
 * - a built-in row this release no longer has is logically deleted, unless the operator changed it;
 * - an operator's deletion stays, and rows the operator added (ids not derived from a seed code)
 *   are never touched.
 * A database from before park_menu_seed has no hashes: there a row counts as unchanged when it was
 * never written through the console (no update_user, update_time still its create_time), which holds
 * for every row only a seed or migration wrote.
 */
export async function seedMenus(q: Queryable) {
  await q.query('select pg_advisory_xact_lock($1)', [MENU_SEED_LOCK]);
  const release = builtInMenus();
  const stored = await q.query<StoredMenu>(
    `select m.id::text as id, m.parent_id::text as parent_id, m.code, m.name, m.alias, m.path, m.source, m.sort,
            m.category, m.action, m.is_open, m.is_deleted, p.code as parent_code,
            (m.update_user is null and m.update_time = m.create_time) as pristine, s.seeded, s.withdrawn
       from blade_menu m
       left join blade_menu p on p.id = m.parent_id
       left join park_menu_seed s on s.id = m.id`,
  );
  const byId = new Map(stored.map((r) => [r.id, r]));
  const liveCodes = new Set(stored.filter((r) => r.is_deleted === 0).map((r) => r.code));
  const unchanged = (row: StoredMenu) => (row.seeded === null ? row.pristine : menuSeedHash(row) === row.seeded);
  /** What park_menu_seed is to hold afterwards, for the rows whose entry changes. */
  const records = new Map<string, { seeded: string; withdrawn: boolean }>();

  const missing: MenuRow[] = [];
  for (const row of release) {
    const hash = menuSeedHash(row);
    const now = byId.get(row.id);
    if (!now) {
      // An operator's own row holding the code keeps it; the built-in one waits until the code is free.
      if (liveCodes.has(row.code)) continue;
      missing.push(row);
      records.set(row.id, { seeded: hash, withdrawn: false });
      continue;
    }
    const restore = now.is_deleted !== 0 && now.withdrawn === true && unchanged(now) && !liveCodes.has(row.code);
    if (now.is_deleted !== 0 && !restore) {
      // Deleted by the operator: it stays deleted, and is known as built-in from now on.
      if (now.seeded === null) records.set(row.id, { seeded: hash, withdrawn: false });
      continue;
    }
    if (restore || (unchanged(now) && menuSeedHash(now) !== hash)) {
      await q.query(
        `update blade_menu set parent_id = $2, name = $3, alias = $4, path = $5, source = $6, sort = $7,
                category = $8, action = $9, is_open = $10, is_deleted = 0, update_time = localtimestamp(0)
          where id = $1`,
        [
          row.id,
          row.parent_id,
          row.name,
          row.alias,
          row.path,
          row.source,
          row.sort,
          row.category,
          row.action,
          row.is_open,
        ],
      );
      records.set(row.id, { seeded: hash, withdrawn: false });
    } else if (now.seeded === null || (now.seeded !== hash && menuSeedHash(now) === hash)) {
      // A first hash for a row of an older database (changed or not, from now on it is measured
      // against this release), or a changed row whose fields now are this release's anyway.
      records.set(row.id, { seeded: hash, withdrawn: false });
    }
  }
  await insertRows(q, 'blade_menu', missing);

  // Built-in rows this release withdrew: gone, unless the operator made them their own.
  const inRelease = new Set(release.map((r) => r.id));
  for (const now of stored) {
    if (inRelease.has(now.id) || now.is_deleted !== 0) continue;
    if (now.seeded === null && !builtInId(now)) continue;
    if (!unchanged(now)) continue;
    await q.query('update blade_menu set is_deleted = 1, update_time = localtimestamp(0) where id = $1', [now.id]);
    records.set(now.id, { seeded: menuSeedHash(now), withdrawn: true });
  }

  if (records.size) {
    const ids = [...records.keys()];
    await q.query(
      `insert into park_menu_seed (id, seeded, withdrawn)
       select * from unnest($1::bigint[], $2::varchar[], $3::boolean[])
       on conflict (id) do update set seeded = excluded.seeded, withdrawn = excluded.withdrawn`,
      [ids, ids.map((id) => records.get(id)!.seeded), ids.map((id) => records.get(id)!.withdrawn)],
    );
  }
}

/** Every built-in menu and button row, parents before children. */
export function builtInMenus(): MenuRow[] {
  const rows = menuRows(MENUS, '0');
  if (new Set(rows.map((r) => r.id)).size !== rows.length) {
    throw new Error('Two seeded menus share an id: make their codes unique');
  }
  return rows;
}

/** The top menus and the basic tenant package, made once with the platform. */
export async function seedMenuSets(q: Queryable) {
  const rows = builtInMenus();
  for (const [i, top] of TOP_MENUS.entries()) {
    const topId = seedId(`top:${top.code}`);
    const { covers, ...fields } = top;
    await insertRows(q, 'blade_top_menu', [{ id: topId, tenant_id: PLATFORM_TENANT, ...fields, sort: i + 1 }]);
    await insertRows(
      q,
      'blade_top_menu_setting',
      subtreeIds(rows, covers).map((menu) => ({
        id: seedId(`top:${top.code}:${menu}`),
        top_menu_id: topId,
        menu_id: menu,
      })),
    );
  }

  const platformOnly = platformOnlyIds(
    rows.map((r) => ({ id: r.id, parentId: String(r.parent_id), code: r.code, path: String(r.path) })),
  );
  await insertRows(q, 'blade_tenant_package', [
    {
      id: SEED.package,
      tenant_id: PLATFORM_TENANT,
      package_name: BASIC_PACKAGE.name,
      menu_id: subtreeIds(rows, BASIC_PACKAGE.covers)
        .filter((id) => !platformOnly.has(id))
        .join(','),
      remark: '企业管理、工作台与系统管理',
    },
  ]);
}

/** Buttons the company role's default grants leave out: whether an enterprise exists is the park's call. */
const PARK_ONLY_BUTTONS = ['enterprise_add', 'enterprise_delete'];

/**
 * The canteen a company account uses: 食堂管理 > 订餐记录 (its own orders, and the booking screen below it)
 * with 订餐 alone; write-off, statistics and the menu's editing stay the park's.
 */
const companyCanteen = () => [menuId('dhm'), menuId('order_meal'), seedId('order_meal:order_meal_add')];

/**
 * The policies a company account reads: 政策资讯 (the published ones) and 政策推送 (those pushed to
 * its enterprise), each with its view button alone; the server scopes both (modules/basic/policy.ts).
 */
const companyPolicies = () => [
  menuId('basic'),
  menuId('policy_info'),
  seedId('policy_info:policy_info_view'),
  menuId('policy_push'),
  seedId('policy_push:policy_push_view'),
];

/**
 * The production reports a company account hands in (`companyReports`): 生产报告 with view, add and edit, for
 * its own enterprise only, with the reports' files (modules/prod scopes them); never delete or export.
 */
const companyReports = () => [
  menuId('prod'),
  menuId('prod_report'),
  seedId('prod_report:prod_report_view'),
  seedId('prod_report:prod_report_add'),
  seedId('prod_report:prod_report_edit'),
];

/**
 * The leases a company account reads: its own enterprise's office and room contracts and their costs, each
 * with its view button alone; the property module scopes them and refuses its writes (modules/property).
 */
const companyLeases = () => [
  menuId('property'),
  menuId('office_contract'),
  seedId('office_contract:office_contract_view'),
  menuId('room_contract'),
  seedId('room_contract:room_contract_view'),
  menuId('lease_contract_cost'),
  seedId('lease_contract_cost:lease_contract_cost_view'),
];

/**
 * The public spaces a company account books (`companySpaces`): 公共空间 with its view button alone; the property
 * module shows it the enabled spaces, books and cancels its own reservations and refuses its writes to the spaces.
 */
const companySpaces = () => [menuId('property'), menuId('public_space'), seedId('public_space:public_space_view')];

/**
 * The repairs a company account reports (`companyRepairs`): 报修管理 with view, add and edit (its own
 * enterprise's repairs, reported through blade-crm/work-order/submit, amended while nobody has taken them up,
 * rated and cancelled; modules/property/repairs.ts scopes them); never delete, never the work orders.
 */
const companyRepairs = () => [
  menuId('property'),
  menuId('repair'),
  seedId('repair:repair_view'),
  seedId('repair:repair_add'),
  seedId('repair:repair_edit'),
];

/**
 * The workflow's process screens for company accounts (`companyWorkflow`): 待办事务, 已发事务, 办结事务 and 抄送事务,
 * where a repair reported through its process asks the reporter to confirm it; not 发起事务 (a company reports a
 * repair on 报修管理), 待签事务, the drafts or 流程监控.
 */
const companyWorkflow = () => [
  menuId('workflow'),
  menuId('workflow_process'),
  menuId('wf_todo'),
  menuId('wf_send'),
  menuId('wf_done'),
  menuId('wf_copy'),
];

/**
 * The surveys company accounts answer (`companySurveys`): 问卷调查 with its view button, where they find the
 * enabled surveys whose scope names their enterprise and answer them (modules/questionnaire scopes the list and
 * their sheets); never the design, the scopes, the statistics or the other answers.
 */
const companySurveys = () => [menuId('questionnaire'), menuId('survey'), seedId('survey:survey_view')];

/**
 * The interaction portal for company accounts (`companyInteraction`): 新闻资讯 and 园区指南 with their view
 * button (the published ones), 意见反馈 to submit, amend while unanswered and read its own with the
 * replies (modules/basic/interaction.ts scopes all of it); never delete.
 */
const companyInteraction = () => [
  menuId('basic'),
  menuId('news'),
  seedId('news:news_view'),
  menuId('guide'),
  seedId('guide:guide_view'),
  menuId('feedback'),
  seedId('feedback:feedback_add'),
  seedId('feedback:feedback_edit'),
  seedId('feedback:feedback_view'),
];

/**
 * The company role's default grants: the CRM's screens (its own enterprise's, as the company
 * scope narrows them) with every button but adding or removing enterprises, and the canteen's
 * booking. Given to the company role the platform seeds and to the one the CRM creates in a
 * tenant that has none; an operator may change them afterwards.
 */
export async function grantCompanyMenus(q: Queryable, roleId: string): Promise<void> {
  const crm = menuId('crm');
  const menus = await q.query<{ id: string }>(
    `select id from blade_menu
      where is_deleted = 0 and code <> all($2::text[])
        and (id = $1 or parent_id = $1 or parent_id in (select id from blade_menu where parent_id = $1))`,
    [crm, PARK_ONLY_BUTTONS],
  );
  await insertRows(
    q,
    'blade_role_menu',
    menus.map((m) => ({ id: nextId(), menu_id: m.id, role_id: roleId })),
  );
  await grantCompanyCanteen(q, [roleId]);
  await grantCompanyReports(q, [roleId]);
  await grantCompanyPolicies(q, [roleId]);
  await grantCompanyInteraction(q, [roleId]);
  await grantCompanyLeases(q, [roleId]);
  await grantCompanyRepairs(q, [roleId]);
  await grantCompanySpaces(q, [roleId]);
  await grantCompanyWorkflow(q, [roleId]);
  await grantCompanySurveys(q, [roleId]);
}

/**
 * The canteen's booking for company roles (`companyCanteen`), each grant once: with the default grants,
 * and once (seed set company-canteen) to the company roles of a database seeded before companies could book.
 */
export function grantCompanyCanteen(q: Queryable, roleIds: string[]): Promise<void> {
  return grantMissing(q, roleIds, companyCanteen());
}

/** The production reports for company roles (`companyReports`), as the canteen's: with the defaults, and once to older company roles. */
export function grantCompanyReports(q: Queryable, roleIds: string[]): Promise<void> {
  return grantMissing(q, roleIds, companyReports());
}

/** The policies for company roles (`companyPolicies`), as the canteen's: with the defaults, and once to older company roles. */
export function grantCompanyPolicies(q: Queryable, roleIds: string[]): Promise<void> {
  return grantMissing(q, roleIds, companyPolicies());
}

/** News, guides and feedback for company roles (`companyInteraction`), as the policies'. */
export function grantCompanyInteraction(q: Queryable, roleIds: string[]): Promise<void> {
  return grantMissing(q, roleIds, companyInteraction());
}

/** The leases for company roles (`companyLeases`), as the policies'. */
export function grantCompanyLeases(q: Queryable, roleIds: string[]): Promise<void> {
  return grantMissing(q, roleIds, companyLeases());
}

/** The public spaces for company roles (`companySpaces`), as the leases'. */
export function grantCompanySpaces(q: Queryable, roleIds: string[]): Promise<void> {
  return grantMissing(q, roleIds, companySpaces());
}

/** The repairs for company roles (`companyRepairs`), as the leases'. */
export function grantCompanyRepairs(q: Queryable, roleIds: string[]): Promise<void> {
  return grantMissing(q, roleIds, companyRepairs());
}

/** The process screens for company roles (`companyWorkflow`), as the repairs': with the defaults, and once to older company roles. */
export function grantCompanyWorkflow(q: Queryable, roleIds: string[]): Promise<void> {
  return grantMissing(q, roleIds, companyWorkflow());
}

/** The surveys for company roles (`companySurveys`), as the process screens': with the defaults, and once to older company roles. */
export function grantCompanySurveys(q: Queryable, roleIds: string[]): Promise<void> {
  return grantMissing(q, roleIds, companySurveys());
}

/** Each of the menus to each of the roles, unless it holds it already. */
async function grantMissing(q: Queryable, roleIds: string[], menuIds: string[]): Promise<void> {
  const missing = await q.query<{ menuId: string; roleId: string }>(
    `select m.id::text as "menuId", r.id::text as "roleId"
       from blade_menu m cross join unnest($1::bigint[]) as r(id)
      where m.id = any($2::bigint[]) and m.is_deleted = 0
        and not exists (select 1 from blade_role_menu g where g.menu_id = m.id and g.role_id = r.id)`,
    [roleIds, menuIds],
  );
  await insertRows(
    q,
    'blade_role_menu',
    missing.map((g) => ({ id: nextId(), menu_id: g.menuId, role_id: g.roleId })),
  );
}
