import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { label, toast } from './console.ts';
import { dataRows } from './crm.ts';
import { clickRowAction, confirm } from './system.ts';

/** A small PDF the server recognises by its content. */
export const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1500, 0x20)]);

/**
 * A record's files in its 附件 dialog (web/src/views/crm/shared/AttachmentsModal.tsx, shared by the screens with
 * files): one is uploaded through the dialog's button and listed, downloaded under its name with its bytes, and
 * removed after the confirmation.
 */
export async function attachmentRoundTrip(page: Page, files: Locator, fileName: string) {
  await test.step('a file is uploaded and listed', async () => {
    const chooser = page.waitForEvent('filechooser');
    await files.getByRole('button', { name: label('上传附件') }).click();
    await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
    await expect(toast(page, '上传成功').first()).toBeVisible();
    await expect(dataRows(files).filter({ hasText: fileName })).toHaveCount(1);
  });

  await test.step('it downloads under its name with its bytes', async () => {
    const download = page.waitForEvent('download');
    await files.getByRole('link', { name: fileName }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(fileName);
    expect(fs.readFileSync(await file.path()).equals(PDF)).toBe(true);
  });

  await test.step('it is removed after the confirmation', async () => {
    await clickRowAction(dataRows(files).filter({ hasText: fileName }), '删除');
    await confirm(page, '确定删除该附件?', '操作成功');
    await expect(dataRows(files)).toHaveCount(0);
  });
}
