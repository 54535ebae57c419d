import type { Resources } from '../types.ts';

export const home: Resources['home'] = {
  welcome: 'Welcome, {{name}}',
  account: 'Account',
  realName: 'Name',
  tenant: 'Tenant',
  role: 'Role',
  accountType: 'Account type',
  platformAccount: 'Platform account',
  companyAccount: 'Company account',
  quickNavigation: 'Quick navigation',
  notices: 'Notices',
  noNotices: 'No notices yet',
};
