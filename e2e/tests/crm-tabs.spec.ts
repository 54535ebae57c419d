import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { dataRows, fillDate, openTab, pickOption } from '../support/crm.ts';
import { callApi, deleteRow, pickInTree, rowWithCell, saveDialog } from '../support/system.ts';

/**
 * The enterprise detail's tabs that no other walk drives, each as a person would: a row added
 * through the tab's form with its required fields, seen in the list, edited and deleted after the
 * confirmation. One table drives them all, on a fresh enterprise whose tabs start empty.
 */
// Wide enough that the bar shows all 16 tabs, none behind its overflow menu.
test.use({ viewport: { width: 1920, height: 1080 } });

interface TabWalk {
  /** The tab's name. */
  tab: string;
  /** The new row's inputs by field name (a name ending in Date is a date picker). */
  add: Record<string, string>;
  /** What the list shows of the new row. */
  shows: string;
  /** The field changed by the edit, its new value, and what the list then shows. */
  edit: [field: string, value: string, shows: string];
}

const WALKS: TabWalk[] = [
  // The business tab's list is the shareholders, below the business registration.
  { tab: '工商信息', add: { holderName: '端到端股东' }, shows: '端到端股东', edit: ['holderType', '法人', '法人'] },
  {
    tab: '经济数据',
    add: { dataYear: '2025', revenue: '1200000' },
    shows: '1,200,000.00',
    edit: ['revenue', '1300000', '1,300,000.00'],
  },
  {
    tab: '企业规划',
    add: { planYear: '2026', planTitle: '五年发展规划' },
    shows: '五年发展规划',
    edit: ['planTitle', '五年发展规划(修订)', '五年发展规划(修订)'],
  },
  {
    tab: '企业历程',
    add: { eventDate: '2025-03-01', eventTitle: '获评专精特新' },
    shows: '获评专精特新',
    edit: ['eventTitle', '获评专精特新小巨人', '获评专精特新小巨人'],
  },
  {
    tab: '协议管理',
    add: { agreementNo: 'XY-E2E-001', agreementName: '入驻协议', startDate: '2025-01-01', endDate: '2027-12-31' },
    shows: 'XY-E2E-001',
    edit: ['agreementName', '入驻补充协议', '入驻补充协议'],
  },
  {
    tab: '财务信息',
    add: { reportDate: '2025-06-30', totalAssets: '5000000' },
    shows: '5,000,000.00',
    edit: ['netProfit', '250000', '250,000.00'],
  },
  {
    tab: '生产情况',
    add: { productName: '端到端产品', productionYear: '2025' },
    shows: '端到端产品',
    edit: ['productName', '端到端产品二代', '端到端产品二代'],
  },
  {
    tab: '标准制定',
    add: { standardNo: 'T/E2E 001-2025', standardName: '端到端团体标准' },
    shows: 'T/E2E 001-2025',
    edit: ['standardName', '端到端团体标准(修订)', '端到端团体标准(修订)'],
  },
];

async function fill(dialog: Locator, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    if (field.endsWith('Date')) await fillDate(dialog, field, value);
    else await dialog.locator(`#${field}`).fill(value);
  }
}

/** The first data row of a tab's list that shows the text. */
const rowShowing = (panel: Locator, text: string) => dataRows(panel).filter({ hasText: text });

test("the enterprise detail's other tabs add, show, edit and delete their rows", async ({ page }) => {
  // A long walk (a row added, edited and deleted in each of many tabs): on a busy machine it needs more than a minute.
  test.setTimeout(150_000);
  const stamp = Date.now();
  const enterpriseName = `标签页企业${stamp}`;
  await loginAsAdmin(page);
  const { id } = await callApi<{ id: string }>(page, 'blade-crm/enterprise/submit', {
    method: 'POST',
    data: { enterpriseName },
  });
  await page.goto(`/crm/enterprise/detail?id=${id}&tab=business`);
  await expect(page.getByText(enterpriseName, { exact: true })).toBeVisible();
  const panel = page.getByRole('tabpanel');

  await test.step('the business registration is filled in and changed', async () => {
    await panel.getByRole('button', { name: label('填写工商信息') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增', exact: true }));
    await dialog.locator('#legalPerson').fill('端到端法人');
    await expectNoAxeViolations(page, 'business registration dialog');
    await saveDialog(page, dialog, '新增成功');
    await panel.getByRole('button', { name: label('修改工商信息') }).click();
    const edit = await settled(page.getByRole('dialog', { name: '编辑', exact: true }));
    await expect(edit.locator('#legalPerson')).toHaveValue('端到端法人');
    await edit.locator('#registeredAddress').fill('星河科技园E-0101');
    await saveDialog(page, edit, '更新成功');
    await expect(panel.locator('.ant-descriptions')).toContainText('星河科技园E-0101');
    await expectNoAxeViolations(page, 'enterprise detail, business registration');
  });

  for (const walk of WALKS) {
    await test.step(walk.tab, async () => {
      await openTab(page, walk.tab);
      await expect(dataRows(panel)).toHaveCount(0);
      await panel.getByRole('button', { name: label('新增') }).click();
      const dialog = await settled(page.getByRole('dialog', { name: '新增', exact: true }));
      await fill(dialog, walk.add);
      await saveDialog(page, dialog, '新增成功');
      await expect(dataRows(panel)).toHaveCount(1);
      await expect(rowShowing(panel, walk.shows)).toHaveCount(1);

      const [field, value, shows] = walk.edit;
      await dataRows(panel)
        .getByRole('button', { name: label('编辑') })
        .click();
      const edit = await settled(page.getByRole('dialog', { name: '编辑', exact: true }));
      await fill(edit, { [field]: value });
      await saveDialog(page, edit, '更新成功');
      await expect(rowShowing(panel, shows)).toHaveCount(1);

      if (walk.tab === '经济数据') await exportHasOnlyItsRow(page, enterpriseName);
      await deleteRow(page, rowShowing(panel, shows));
      await expect(dataRows(panel)).toHaveCount(0);
    });
  }
});

/** 导出 of a detail tab writes the tab's rows only: this enterprise's, while the demo ones have theirs too. */
async function exportHasOnlyItsRow(page: Page, enterpriseName: string) {
  const download = page.waitForEvent('download');
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: label('导出') })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('经济数据.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(sheet.rowCount).toBe(2);
  const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1).value;
  expect(cell('所属企业')).toBe(enterpriseName);
  expect(cell('年度')).toBe(2025);
  expect(cell('营业收入(元)')).toBe(1300000);
}

test('the enterprise list searches by status and by industry', async ({ page }) => {
  await loginAsAdmin(page);
  await openMenu(page, '企业管理', '企业信息');
  const search = async (values: Record<string, string>) => {
    await page.getByRole('button', { name: label('清空') }).click();
    const form = page.locator('form#search');
    for (const [id, option] of Object.entries(values)) {
      // The industry is a node of the 行业分类 tree, picked from the tree.
      if (id === 'industry') await pickInTree(page, form, 'search_industry', [option]);
      else await pickOption(page, form, `search_${id}`, option);
    }
    await page.getByRole('button', { name: label('搜索') }).click();
  };
  /** Every row on the page shows the text, and there is at least one. */
  const allShow = async (text: string) => {
    await expect(dataRows(page).first()).toBeVisible();
    for (const row of await dataRows(page).all()) await expect(row).toContainText(text);
  };

  await test.step('已迁出 lists the moved-out enterprises only', async () => {
    await search({ status: '已迁出' });
    await expect(rowWithCell(page, '启明光电技术有限公司')).toBeVisible();
    await expect(rowWithCell(page, '星河智能科技有限公司')).toHaveCount(0);
    await allShow('已迁出');
  });

  const chemicals = '化学原料和化学制品制造业';
  const electronics = '计算机、通信和其他电子设备制造业';
  await test.step(`${chemicals} lists that industry only`, async () => {
    await search({ industry: chemicals });
    await expect(rowWithCell(page, '远航新材料股份有限公司')).toBeVisible();
    await expect(rowWithCell(page, '青禾生物医药有限公司')).toHaveCount(0);
    await allShow(chemicals);
  });

  await test.step(`both together: ${electronics} still in the park`, async () => {
    await search({ industry: electronics, status: '在园' });
    await expect(rowWithCell(page, '星河智能科技有限公司')).toBeVisible();
    await expect(rowWithCell(page, '启明光电技术有限公司')).toHaveCount(0);
    await allShow(electronics);
    await allShow('在园');
  });
});
