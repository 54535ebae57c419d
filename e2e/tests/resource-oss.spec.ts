import { test } from '@playwright/test';
import { pickOption } from '../support/crm.ts';
import { walkProvider } from '../support/resource.ts';

/** The object storage screen (spec parts 1 and 7): one provider enabled at a time, the secret never shown. */
test('an administrator adds, edits, enables and deletes OSS configurations', async ({ page }) => {
  await walkProvider(page, {
    menu: '对象存储',
    path: /\/resource\/oss$/,
    api: 'blade-resource/oss',
    codeField: 'ossCode',
    fill: async (p, dialog) => {
      await pickOption(p, dialog, 'category', 'minio');
      await dialog.locator('#endpoint').fill('http://127.0.0.1:9000');
      await dialog.locator('#accessKey').fill('minio');
      await dialog.locator('#secretKey').fill('e2e-secret');
      await dialog.locator('#bucketName').fill('park');
    },
    body: {
      category: 3,
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      accessKey: 'ali',
      secretKey: 's2',
      bucketName: 'b2',
    },
    edit: { field: 'bucketName', value: 'e2e-bucket' },
  });
});
