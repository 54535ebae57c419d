import type { Resources } from '../types.ts';

/** Policies: their files (政策管理) and their push (政策推送). */
export const policy: Resources['policy'] = {
  files: 'Files',
  filesTitle: 'Files of {{name}}',
  analysePush: 'Analyse & push',
  analyseTitle: 'Analyse & push: {{title}}',
  summary: '{{total}} enterprise(s) in the park fit the policy; {{fresh}} of them have not been sent it yet.',
  nobody: 'No enterprise in the park fits this policy.',
  allPushed: 'Every fitting enterprise has been sent it already; nothing is sent twice.',
  confirmPush: 'Confirm push',
  enterpriseName: 'Enterprise',
  industry: 'Industry',
  scale: 'Scale',
  tags: 'Matching tags',
  accounts: 'Company accounts',
  accountCount: 'Accounts: {{count}}',
  state: 'Push',
  pushed: 'Sent',
  pending: 'To send',
  // Enterprises added and left out by hand (issue 34.5).
  addByHand: 'Add by hand',
  addByHandPlaceholder: 'Pick enterprises to send to as well',
  addedByHand: 'Added by hand',
  leaveOut: 'Leave out',
  leaveOutLabel: 'Leave out {{name}}',
  leftOut: 'Left out:',
  restoreLabel: 'Restore {{name}}',
  noAccount: 'No company account',
};
