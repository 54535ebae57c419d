import type { Resources } from '../types.ts';

export const login: Resources['login'] = {
  platformTitle: 'Platform account sign-in',
  companyTitle: 'Company account sign-in',
  toPlatform: 'Platform account sign-in',
  toCompany: 'Company account sign-in',
  tenantId: 'Please enter the tenant ID',
  username: 'Please enter the account',
  password: 'Please enter the password',
  code: 'Please enter the captcha',
  captcha: 'Captcha',
  captchaRefresh: 'Hard to read? Click to refresh',
  submit: 'Login',
};
