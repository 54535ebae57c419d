export const login = {
  platformTitle: '平台账号登录',
  companyTitle: '企业账号登录',
  toPlatform: '平台账号登录',
  toCompany: '企业账号登录',
  tenantId: '请输入租户ID',
  username: '请输入账号',
  password: '请输入密码',
  code: '请输入验证码',
  captcha: '验证码',
  captchaRefresh: '看不清？点击刷新',
  submit: '登 录',
};
