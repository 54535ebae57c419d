export const home = {
  welcome: '欢迎，{{name}}',
  account: '账号',
  realName: '姓名',
  tenant: '租户',
  role: '角色',
  accountType: '账号类型',
  platformAccount: '平台账号',
  companyAccount: '企业账号',
  quickNavigation: '快捷导航',
  notices: '通知公告',
  noNotices: '暂无通知公告',
};
