import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, label, loginAsAdmin, openMenu, toast } from '../support/console.ts';
import { dataRows, loginAsCompany, openTab, pageTag } from '../support/crm.ts';
import { clickRowAction, confirm, rowWithCell } from '../support/system.ts';

/** 星河智能科技有限公司 of the demo data, and rows of 青禾生物医药有限公司 (ids 19000000000001EENN). */
const XINGHE = '190000000000010100';
const QINGHE_CERTIFICATE = '190000000000010209';
const QINGHE_PROJECT = '190000000000010211';
const ENTERPRISE_TAG = '企业详情：星河智能科技有限公司';

/** A small PDF the server recognises by its content. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1500, 0x20)]);

/** One row of each tab with a detail page: where it opens and what its page must show. */
/** The detail pages the test opens again after the walk. */
const REVISITED = ['project', 'rd-platform'];

const DETAILS = [
  {
    tab: '知识产权',
    key: 'intellectual-property',
    route: 'intellectual-property',
    name: '一种智能控制器及其制备方法',
    shows: ['ZL202110000123.4', '发明专利', '2022-08-16', '有效'],
  },
  {
    tab: '企业资质',
    key: 'qualification',
    route: 'qualification',
    name: '高新技术企业证书',
    shows: ['GR202244200001', '高新技术企业', '2022-12-19'],
  },
  {
    tab: '证书奖项',
    key: 'certificate',
    route: 'certificate',
    name: '创新创业大赛优胜奖',
    shows: ['CX2023-001', '竞赛奖项', '中国创新创业大赛', '科技部火炬中心', '2023-10-20'],
  },
  {
    tab: '科研项目',
    key: 'project',
    route: 'project',
    name: '智能控制器关键技术攻关',
    shows: ['SZKJ2023-001', '1,000,000.00', '立项', '2025-06-30'],
  },
  {
    tab: '研发平台',
    key: 'rdPlatform',
    route: 'rd-platform',
    name: '智能控制器工程技术研究中心',
    shows: ['市级', '深圳市科技创新委员会', '2022-09-01'],
  },
];

/** The read-only fields of a detail page. */
const fieldsOf = (page: Page) => page.locator('.ant-descriptions').first();

test('the enterprise list creates enterprises only with their company account', async ({ page }) => {
  await loginAsAdmin(page);
  await openMenu(page, '企业管理', '企业信息');
  await expect(page.getByRole('button', { name: label('新增企业') })).toBeVisible();
  await expect(page.getByRole('button', { name: label('新增') })).toHaveCount(0);
});

test('each of the five detail pages opens from its tab, named in the tags bar, and leads back', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`/crm/enterprise/detail?id=${XINGHE}`);
  await expect(pageTag(page, ENTERPRISE_TAG)).toBeVisible();

  for (const row of DETAILS) {
    await test.step(`${row.tab}: ${row.name}`, async () => {
      await openTab(page, row.tab);
      await clickRowAction(rowWithCell(page, row.name), '查看');
      await expect(page).toHaveURL(new RegExp(`/crm/${row.route}/detail/\\d+$`));
      await expect(pageTag(page, `${row.tab}：${row.name}`)).toBeVisible();
      const fields = fieldsOf(page);
      await expect(fields.locator('.ant-descriptions-title')).toHaveText(row.name);
      await expect(fields).toContainText('星河智能科技有限公司');
      for (const text of row.shows) await expect(fields).toContainText(text);
      // The enterprise's tab goes back to the same enterprise and the same tab.
      await pageTag(page, ENTERPRISE_TAG).click();
      await expect(page).toHaveURL(new RegExp(`/crm/enterprise/detail\\?id=${XINGHE}&tab=${row.key}$`));
      await expect(page.getByRole('tab', { name: row.tab, exact: true })).toHaveAttribute('aria-selected', 'true');
      // Close the detail's tab (the later steps come back to the project's and the platform's), so the
      // bar stays short enough to show every tab whole.
      if (!REVISITED.includes(row.route)) {
        const detailTab = page.locator('.ant-tabs-tab').filter({ has: pageTag(page, `${row.tab}：${row.name}`) });
        await detailTab.locator('.ant-tabs-tab-remove').click();
        await expect(detailTab).toHaveCount(0);
      }
    });
  }

  await test.step("the project's page shows its history, the platform's its assets", async () => {
    await pageTag(page, '科研项目：智能控制器关键技术攻关').click();
    const history = page.locator('.ant-card').filter({ hasText: '项目历史记录' });
    await expect(dataRows(history)).toHaveCount(1);
    await expect(dataRows(history)).toContainText('项目立项，签订任务合同书');
    await expect(dataRows(history)).toContainText('2023-03-15');
    await pageTag(page, '研发平台：智能控制器工程技术研究中心').click();
    const assets = page.locator('.ant-card').filter({ hasText: '研发平台资产' });
    await expect(dataRows(assets)).toHaveCount(1);
    await expect(dataRows(assets)).toContainText('高精度测试仪');
    await expect(dataRows(assets)).toContainText('260,000.00');
  });

  await test.step('a detail page reached by its address names its tab too', async () => {
    await page.reload();
    await expect(pageTag(page, '研发平台：智能控制器工程技术研究中心')).toBeVisible();
    await expect(page).toHaveTitle(/^研发平台：智能控制器工程技术研究中心 - /);
  });
});

test("the certificate list opens a row's attachments and its detail page, as the tab does", async ({ page }) => {
  await loginAsAdmin(page);
  await openMenu(page, '企业管理', '证书奖项');
  await expect(page).toHaveURL(/\/crm\/certificate$/);
  await page.locator('#search_certificateNo').fill('CX2023-001');
  await page.getByRole('button', { name: label('搜索') }).click();
  await expect(dataRows(page)).toHaveCount(1);
  const row = rowWithCell(page, 'CX2023-001');
  await expect(row).toContainText('星河智能科技有限公司');
  await expectNoAxeViolations(page, 'certificates');

  await test.step('附件 lists the demo scan', async () => {
    await clickRowAction(row, '附件');
    const files = page.getByRole('dialog', { name: '附件 - 创新创业大赛优胜奖' });
    await expect(dataRows(files)).toHaveCount(1);
    await expect(files.getByRole('link', { name: '创新创业大赛优胜奖证书.pdf' })).toBeVisible();
    await expectNoAxeViolations(page, 'certificate attachments dialog');
    await files.getByRole('button', { name: '关闭', exact: true }).click();
    await expect(files).toBeHidden();
  });

  await test.step('查看 opens the row on its own page', async () => {
    await clickRowAction(row, '查看');
    await expect(page).toHaveURL(/\/crm\/certificate\/detail\/190000000000010109$/);
    await expect(pageTag(page, '证书奖项：创新创业大赛优胜奖')).toBeVisible();
    await expect(fieldsOf(page)).toContainText('星河智能科技有限公司');
    await expect(fieldsOf(page)).toContainText('CX2023-001');
    const attachments = page.locator('.ant-card').filter({ hasText: '附件' });
    await expect(attachments.getByRole('link', { name: '创新创业大赛优胜奖证书.pdf' })).toBeVisible();
    await expectNoAxeViolations(page, 'certificate detail');
  });
});

test('an attachment downloads under its name and size, and is removed after a confirmation', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`/crm/enterprise/detail?id=${XINGHE}&tab=qualification`);
  const fileName = `资质扫描件${Date.now()}.pdf`;

  await test.step('it is uploaded to the qualification', async () => {
    await clickRowAction(rowWithCell(page, '高新技术企业证书'), '附件');
    const files = page.getByRole('dialog', { name: '附件 - 高新技术企业证书' });
    const chooser = page.waitForEvent('filechooser');
    await files.getByRole('button', { name: label('上传附件') }).click();
    await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
    await expect(toast(page, '上传成功').first()).toBeVisible();
    await expect(rowWithCell(page, fileName)).toBeVisible();
    await files.getByRole('button', { name: '关闭', exact: true }).click();
  });

  await test.step("the qualification's page lists it and downloads it", async () => {
    const listed = page.waitForResponse((r) => r.url().includes('/api/blade-crm/qualification/attach-list?'));
    await clickRowAction(rowWithCell(page, '高新技术企业证书'), '查看');
    expect((await listed).status()).toBe(200);
    const attachments = page.locator('.ant-card').filter({ hasText: '附件' });
    const download = page.waitForEvent('download');
    await attachments.getByRole('link', { name: fileName }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(fileName);
    expect(fs.statSync(await file.path()).size).toBe(PDF.length);
  });

  await test.step('it is removed from the row, after a confirmation', async () => {
    await pageTag(page, ENTERPRISE_TAG).click();
    await clickRowAction(rowWithCell(page, '高新技术企业证书'), '附件');
    const files = page.getByRole('dialog', { name: '附件 - 高新技术企业证书' });
    await clickRowAction(rowWithCell(page, fileName), '删除');
    // The qualification's attachments are removed by DELETE (spec part 7), then listed again.
    const removed = page.waitForRequest((r) => r.url().includes('/api/blade-crm/qualification/remove-attach?id='));
    const relisted = page.waitForResponse((r) => r.url().includes('/api/blade-crm/qualification/attach-list?'));
    await confirm(page, '确定删除该附件?', '操作成功');
    expect((await removed).method()).toBe('DELETE');
    expect((await relisted).status()).toBe(200);
    await expect(rowWithCell(page, fileName)).toHaveCount(0);
    await expect(dataRows(files)).toHaveCount(0);
  });
});

test("a company account opens its own rows' details and is refused another enterprise's", async ({ page }) => {
  await loginAsCompany(page, { tenantId: ADMIN.tenantId, username: 'xinghe', password: '123456' });
  await openMenu(page, '企业管理', '我的企业');
  await openTab(page, '科研项目');
  await clickRowAction(rowWithCell(page, '智能控制器关键技术攻关'), '查看');
  await expect(page).toHaveURL(/\/crm\/project\/detail\/\d+$/);
  await expect(pageTag(page, '科研项目：智能控制器关键技术攻关')).toBeVisible();
  await expect(fieldsOf(page)).toContainText('1,000,000.00');
  await expect(page.locator('.ant-card').filter({ hasText: '项目历史记录' })).toContainText('项目立项，签订任务合同书');
  await expectNoAxeViolations(page, 'project detail');

  for (const [path, kind] of [
    [`/crm/project/detail/${QINGHE_PROJECT}`, '科研项目'],
    [`/crm/certificate/detail/${QINGHE_CERTIFICATE}`, '证书奖项'],
  ]) {
    await page.goto(path);
    const refusal = page.locator('.ant-result');
    await expect(refusal).toContainText(`无法查看该${kind}`);
    await expect(refusal).toContainText('数据不存在或已删除');
    await expect(page.getByText('青禾生物医药有限公司')).toHaveCount(0);
    if (kind === '科研项目') await expectNoAxeViolations(page, 'a refused detail page');
    await refusal.getByRole('button', { name: label('返回企业') }).click();
    await expect(page).toHaveURL(/\/crm\/my-enterprise\/detail\?tab=/);
  }
});

test('a file over 20 MB or of another kind is refused before it is sent', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`/crm/enterprise/detail?id=${XINGHE}&tab=workshop`);
  await clickRowAction(rowWithCell(page, '智能控制器生产车间'), '附件');
  const files = page.getByRole('dialog', { name: '附件 - 智能控制器生产车间' });
  await expect(files.locator('.ant-table-placeholder')).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/save-attach')) sent.push(r.url());
  });

  const refusals = [
    {
      file: { name: '车间图纸.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 0x20) },
      message: '附件大小不能超过 20MB',
    },
    {
      file: { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ this is a program') },
      message: '附件只能是 PDF、图片(JPG/PNG)、Office 文档或 ZIP 压缩包',
    },
  ];
  for (const { file, message } of refusals) {
    await test.step(`${file.name}: ${message}`, async () => {
      const chooser = page.waitForEvent('filechooser');
      await files.getByRole('button', { name: label('上传附件') }).click();
      await (await chooser).setFiles(file);
      await expect(toast(page, message).first()).toBeVisible();
    });
  }
  // Nothing went to the server and nothing is listed.
  expect(sent).toEqual([]);
  await expect(files.locator('.ant-table-placeholder')).toBeVisible();
  await expect(dataRows(files)).toHaveCount(0);
});

test('我的企业 tells park staff what it is for and leads them to 企业信息', async ({ page }) => {
  await loginAsAdmin(page, { at: '/crm/my-enterprise' });
  await expect(page.getByText('仅企业账号可查看我的企业')).toBeVisible();
  await expect(page.getByText('园区人员可在企业信息中查看和管理所有入驻企业')).toBeVisible();
  await page.getByRole('button', { name: label('前往企业信息') }).click();
  await expect(page).toHaveURL(/\/crm\/enterprise$/);
});
