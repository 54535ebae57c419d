import { test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { pickOption } from '../support/crm.ts';
import { walkProvider } from '../support/resource.ts';

/** The SMS configuration screen (spec parts 1 and 7): one provider enabled at a time, the secret never shown. */
test('an administrator adds, edits, enables and deletes SMS configurations', async ({ page }) => {
  await walkProvider(page, {
    menu: '短信配置',
    path: /\/resource\/sms$/,
    api: 'blade-resource/sms',
    codeField: 'smsCode',
    fill: async (p, dialog) => {
      await pickOption(p, dialog, 'category', '阿里云');
      await dialog.locator('#templateId').fill('SMS_100');
      await dialog.locator('#accessKey').fill('LTAI-e2e');
      await dialog.locator('#secretKey').fill('e2e-secret');
      await dialog.locator('#signName').fill('园区');
      await expectNoAxeViolations(p, 'SMS configuration dialog');
    },
    body: { category: 4, templateId: 'T-2', accessKey: 'tencent', secretKey: 's2', signName: '园区二' },
    edit: { field: 'signName', value: '端到端签名' },
  });
  await expectNoAxeViolations(page, 'SMS configurations');
});
