import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, settled, toast } from '../support/console.ts';
import { callApi, clickRowAction, rowActionNames, rowWithCell } from '../support/system.ts';

/** A 16-pixel PNG, as a picture taken from the clipboard would be. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGMQK/9PEmIY1TCqYfhqAACdg4wQ/jLGqgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * 新闻资讯 and 意见反馈 (issue 15): a news item is written on its own add page with bold text and a picture
 * uploaded from the editor's toolbar, saved, and both are there when its edit page opens again; then a
 * feedback's thread takes a park reply (the state follows, 已回复) and a close (已关闭, no reply box).
 */
test('a news item keeps its rich text and picture, and a feedback thread is answered and closed', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const title = `E2E新闻${stamp}`;
  await loginAsAdmin(page, { at: '/interaction/news' });

  await test.step('新增 opens the add page, where the editor writes bold text and uploads a picture', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    await expect(page).toHaveURL(/\/interaction\/news\/add$/);
    await page.locator('#title').fill(title);
    const editor = page.getByRole('textbox', { name: '新闻内容' });
    await editor.click();
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('加粗的导语');
    await expect(page.getByRole('button', { name: '加粗' })).toHaveAttribute('aria-pressed', 'true');
    const uploaded = page.waitForResponse((r) => r.url().includes('/put-file'));
    await page
      .locator('.rich-text input[type=file]')
      .setInputFiles({ name: '园区.png', mimeType: 'image/png', buffer: PNG });
    expect((await uploaded).status()).toBe(200);
    await expect(editor.locator('img[alt="园区"]')).toBeVisible();
    await expectNoAxeViolations(page, 'news add page with the rich-text editor');
    await page.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(page).toHaveURL(/\/interaction\/news$/);
  });

  await test.step('编辑 opens the edit page with the bold text and the picture', async () => {
    await clickRowAction(rowWithCell(page, title), '编辑');
    await expect(page).toHaveURL(/\/interaction\/news\/edit\/\d+$/);
    const editor = page.getByRole('textbox', { name: '新闻内容' });
    await expect(editor.locator('strong')).toHaveText('加粗的导语');
    await expect(editor.locator('img')).toHaveAttribute('src', /\/oss\/endpoint\/file\/.+\.png$/);
    await expect(page.locator('#title')).toHaveValue(title);
    await page.getByRole('button', { name: label('取消') }).click();
    await expect(page).toHaveURL(/\/interaction\/news$/);
  });

  await test.step('a feedback thread takes a reply, then a close', async () => {
    const subject = `E2E反馈${stamp}`;
    await callApi(page, 'blade-basic/feedback/submit', {
      method: 'POST',
      data: { title: subject, feedbackType: 1, content: '访客车位不足' },
    });
    await page.goto('/basic/feedback');
    // The thread is the row's main work: it comes right after 查看, before 编辑 and 删除.
    expect((await rowActionNames(rowWithCell(page, subject))).slice(0, 2)).toEqual(['查看', '对话']);
    await clickRowAction(rowWithCell(page, subject), '对话');
    const dialog = await settled(page.getByRole('dialog', { name: `意见反馈：${subject}` }));
    await expect(dialog).toContainText('暂无回复');
    await dialog.getByRole('button', { name: label('发送回复') }).click();
    await expect(dialog).toContainText('请输入回复内容');
    await dialog.getByLabel('回复内容').fill('已在B栋增设访客车位');
    await dialog.getByRole('button', { name: label('发送回复') }).click();
    await expect(toast(page, '回复成功').first()).toBeVisible();
    await expect(dialog.getByTestId('feedback-thread')).toContainText('已在B栋增设访客车位');
    await expect(dialog).toContainText('已回复');
    await expectNoAxeViolations(page, 'feedback thread');
    await dialog.getByRole('button', { name: label('关闭反馈') }).click();
    const question = await settled(page.getByRole('dialog').filter({ hasText: '确定关闭' }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(dialog).toContainText('该反馈已关闭，不能再回复。');
    await expect(dialog.getByRole('button', { name: label('发送回复') })).toHaveCount(0);
    await dialog
      .getByRole('button', { name: label('关闭') })
      .last()
      .click();
    await expect(rowWithCell(page, subject)).toContainText('已关闭');
  });
});
