import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, label, loginAsAdmin, settled, startSession, switchToEnglish, toast } from '../support/console.ts';
import { callApi } from '../support/system.ts';

/**
 * 企业概览 (/decision/overview) over the demo park. As the administrator: the screen opens on the default
 * enterprise and every card draws; the exported economy and radar hold what the API answers; another enterprise
 * picked by a search, set as the default, and opened again after a reload; English once with axe. As a company
 * account whose role holds the screen: only its own enterprise, the picker offering nothing else. The admin's
 * default and the company account made here are put back as they were.
 */
const API = 'blade-decision/overview';
const XINGHE = '星河智能科技有限公司';
const QINGHE = '青禾生物医药有限公司';

/** The chart cards by their Chinese titles (ChartCard's data-chart-card). */
const CHARTS = ['历年经济数据', '与园区平均对比', '历年从业人数', '历年生产情况', '有效知识产权构成', '资质与证书'];
const card = (page: Page, title: string) => page.locator(`[data-chart-card="${title}"]`);
const heading = (page: Page) => page.getByTestId('overview-name');

interface YearRow {
  year: number;
  revenue: number | null;
  taxAmount: number | null;
  outputValue: number | null;
  rdInvestment: number | null;
}
interface RadarAxis {
  key: string;
  value: number;
  average: number;
  max: number;
  score: number;
  averageScore: number;
}

/** Yuan in 万元 as the screen exports it. */
const wan = (yuan: number | null) => (yuan === null ? '' : String(Math.round(yuan / 100) / 100));
const csvRow = (cells: (string | number)[]) => cells.map((c) => `"${c}"`).join(',');

async function idOf(page: Page, name: string): Promise<string> {
  const list = await callApi<{ records: { id: string; enterpriseName: string }[] }>(page, `${API}/list`, {
    params: { enterpriseName: name },
  });
  const found = list.records.find((r) => r.enterpriseName === name);
  expect(found, name).toBeTruthy();
  return (found as { id: string }).id;
}

/** The text of the CSV a card's 导出数据 downloads. */
async function exported(page: Page, title: string): Promise<string> {
  const download = page.waitForEvent('download');
  await card(page, title)
    .getByRole('button', { name: `导出数据：${title}` })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${title}.csv`);
  return readFile((await file.path()) as string, 'utf8');
}

async function expectEveryCardDrawn(page: Page) {
  for (const title of CHARTS) await expect(card(page, title).locator('canvas'), title).toBeVisible();
}

/** Picks an enterprise in the picker after typing part of its name. */
async function pick(page: Page, picker: Locator, typed: string, name: string) {
  await picker.click();
  await picker.fill(typed);
  const dropdown = await settled(page.locator('.ant-select-dropdown:visible'));
  await dropdown.getByTitle(name, { exact: true }).click();
}

test('an enterprise overview: the default one, another picked and made the default, its figures as the API counts them', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const original = await callApi<{ id: string; chosen: boolean } | null>(page, `${API}/getDefaultEnterprise`);
  const [xinghe, qinghe] = [await idOf(page, XINGHE), await idOf(page, QINGHE)];
  // A known default to open on: the first of the list by name may be another walk's enterprise meanwhile.
  await callApi(page, `${API}/setDefaultEnterprise/${xinghe}`, { method: 'POST' });

  try {
    await test.step('it opens on the default enterprise and every card draws', async () => {
      await page.goto('/decision/overview');
      await expect(heading(page)).toHaveText(XINGHE);
      await expectEveryCardDrawn(page);
      const profile = await callApi<Record<string, number>>(page, `${API}/enterprise`, { params: { id: xinghe } });
      for (const key of ['staff', 'intellectualProperty', 'certificate']) {
        await expect(page.locator(`[data-count="${key}"]`), key).toContainText(String(profile[key]));
      }
      const tags = await callApi<{ label: string }[]>(page, `${API}/tags`, { params: { id: xinghe } });
      const shownTags = page.getByRole('region', { name: '企业标签' });
      for (const tag of tags) await expect(shownTags).toContainText(tag.label);
      await expect(page.getByRole('button', { name: label('已是默认企业') })).toBeDisabled();
    });

    await test.step('the economy card exports the years in 万元 as the API sums them', async () => {
      const { years } = await callApi<{ years: YearRow[] }>(page, `${API}/production`, { params: { id: xinghe } });
      const economic = years.filter((y) => y.revenue !== null);
      expect(economic.length).toBeGreaterThan(0);
      const text = await exported(page, CHARTS[0]);
      expect(text).toContain(csvRow(['年度', '营业收入(万元)', '纳税额(万元)', '产值(万元)', '研发投入(万元)']));
      for (const y of economic) {
        expect(text).toContain(
          csvRow([y.year, wan(y.revenue), wan(y.taxAmount), wan(y.outputValue), wan(y.rdInvestment)]),
        );
      }
    });

    await test.step('another enterprise, found by a search, draws its own figures and becomes the default', async () => {
      await pick(page, page.locator('#overview_enterprise'), '青禾', QINGHE);
      await expect(heading(page)).toHaveText(QINGHE);
      await expectEveryCardDrawn(page);
      const radar = await callApi<{ axes: RadarAxis[] }>(page, `${API}/radar-data`, { params: { id: qinghe } });
      const text = await exported(page, CHARTS[1]);
      const revenue = radar.axes.find((a) => a.key === 'revenue') as RadarAxis;
      const staff = radar.axes.find((a) => a.key === 'staff') as RadarAxis;
      expect(text).toContain(
        csvRow([
          '营业收入(万元)',
          wan(revenue.value),
          wan(revenue.average),
          wan(revenue.max),
          revenue.score,
          revenue.averageScore,
        ]),
      );
      expect(text).toContain(
        csvRow([
          '在职员工(人)',
          staff.value,
          Math.round(staff.average * 100) / 100,
          staff.max,
          staff.score,
          staff.averageScore,
        ]),
      );

      await page.getByRole('button', { name: label('设为默认企业') }).click();
      await expect(toast(page, '已设为默认企业').first()).toBeVisible();
      await expect(page.getByRole('button', { name: label('已是默认企业') })).toBeDisabled();
      await expect(page.locator('.ant-select').filter({ has: page.locator('#overview_enterprise') })).toContainText(
        '默认',
      );
      expect(await callApi<{ id: string; chosen: boolean }>(page, `${API}/getDefaultEnterprise`)).toMatchObject({
        id: qinghe,
        chosen: true,
      });
    });

    await test.step('reloaded, it opens on the new default, its resources as the API counts them', async () => {
      await page.reload();
      await expect(heading(page)).toHaveText(QINGHE);
      const resource = await callApi<Record<string, number> & { contracts: { contractNo: string }[] }>(
        page,
        `${API}/resource`,
        { params: { id: qinghe } },
      );
      const figures = page.locator('[data-resource-card]');
      await expect(figures.locator('[data-figure="offices"]')).toContainText(String(resource.offices));
      await expect(figures.locator('[data-figure="openRepairs"]')).toContainText(String(resource.openRepairs));
      await expect(figures.locator('[data-figure="rentOverdue"]')).toContainText(
        resource.rentOverdue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      );
      for (const c of resource.contracts) await expect(figures).toContainText(c.contractNo);
      // The CRM record of the enterprise is a click away.
      await expect(page.getByRole('link', { name: `查看企业档案：${QINGHE}` })).toHaveAttribute(
        'href',
        `/crm/enterprise/detail?id=${qinghe}`,
      );
    });

    await test.step('in English, and accessible', async () => {
      await switchToEnglish(page);
      await expect(page.locator('[data-chart-card="Economy over the years"] canvas')).toBeVisible();
      await expect(page.locator('[data-chart-card="Against the park average"] canvas')).toBeVisible();
      await expect(page.getByRole('button', { name: 'The default enterprise' })).toBeDisabled();
      await expectNoAxeViolations(page, '/decision/overview en', 'screen');
    });
  } finally {
    // Back to the default the administrator had (the first of the list when none was chosen).
    if (original) await callApi(page, `${API}/setDefaultEnterprise/${original.id}`, { method: 'POST' });
  }
});

test('a company account sees only its own enterprise', async ({ page, browser }) => {
  const stamp = Date.now();
  await loginAsAdmin(page);
  const xinghe = await idOf(page, XINGHE);
  // A role holding 企业概览 (the seeded company role does not), and a company account of 星河智能 holding it.
  const role = await callApi<{ id: string }>(page, 'blade-system/role/submit', {
    method: 'POST',
    data: { roleName: `概览${stamp % 100_000}`, roleAlias: `overview_${stamp}`, parentId: '0', sort: 99 },
  });
  const menuOf = async (code: string) =>
    (await callApi<{ id: string }[]>(page, 'blade-system/menu/list', { params: { code_equal: code } }))[0].id;
  await callApi(page, 'blade-system/role/grant', {
    method: 'POST',
    data: { roleIds: [role.id], menuIds: [await menuOf('decision'), await menuOf('overview')] },
  });
  const account = `ov${stamp}`;
  const user = await callApi<{ id: string }>(page, 'blade-user/submit', {
    method: 'POST',
    data: {
      account,
      password: 'Secret-123',
      name: account,
      realName: '概览企业用户',
      userType: 2,
      roleId: role.id,
      enterpriseId: xinghe,
    },
  });

  const company = await browser.newPage();
  try {
    await startSession(
      company,
      { tenantId: ADMIN.tenantId, username: account, password: 'Secret-123' },
      { accountType: 'web', at: '/decision/overview', home: '决策驾驶舱' },
    );
    await expect(heading(company)).toHaveText(XINGHE);
    await expectEveryCardDrawn(company);
    const list = await callApi<{ total: number }>(company, `${API}/list`);
    expect(list.total).toBe(1);
    // Searched for another enterprise, the picker finds none; unsearched it offers its own alone.
    const picker = company.locator('#overview_enterprise');
    await picker.click();
    await picker.fill('青禾');
    const dropdown = await settled(company.locator('.ant-select-dropdown:visible'));
    await expect(dropdown).toContainText('暂无可查看的企业');
    await picker.fill('');
    await expect(dropdown.locator('.ant-select-item-option')).toHaveCount(1);
    await expect(dropdown.locator('.ant-select-item-option')).toHaveAttribute('title', XINGHE);
    await company.keyboard.press('Escape');
    // Without the CRM screens, no link to them.
    await expect(company.getByRole('link', { name: /查看企业档案/ })).toHaveCount(0);
  } finally {
    await company.close();
    await callApi(page, 'blade-user/remove', { method: 'POST', params: { ids: user.id } });
    await callApi(page, 'blade-system/role/remove', { method: 'POST', params: { ids: role.id } });
  }
});

test('an enterprise with no rows shows every card empty; a failed call says so and is retried', async ({ page }) => {
  const name = `概览空白企业${Date.now()}`;
  await loginAsAdmin(page);
  const { id } = await callApi<{ id: string }>(page, 'blade-crm/enterprise/submit', {
    method: 'POST',
    data: { enterpriseName: name },
  });
  // The radar's call fails until it is let through again.
  let failing = true;
  await page.route('**/api/blade-decision/overview/radar-data**', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { code: 500, success: false, data: null, msg: '服务暂不可用' } })
      : route.fallback(),
  );
  try {
    await page.goto('/decision/overview');
    await expect(heading(page)).not.toBeEmpty();
    await pick(page, page.locator('#overview_enterprise'), name.slice(0, 8), name);
    await expect(heading(page)).toHaveText(name);
    for (const title of CHARTS.filter((title) => title !== '与园区平均对比')) {
      await expect(card(page, title), title).toContainText('暂无数据');
      await expect(card(page, title).locator('canvas'), title).toHaveCount(0);
    }
    await expect(page.locator('[data-products-card]')).toContainText('暂无数据');
    await expect(page.locator('[data-resource-card]')).toContainText('暂无在租合同');
    await expect(page.getByRole('region', { name: '企业标签' })).toContainText('暂无标签');
    await expect(page.locator('[data-count="staff"]')).toContainText('0');

    const radar = card(page, '与园区平均对比');
    await expect(radar).toContainText('图表数据加载失败');
    failing = false;
    await radar.getByRole('button', { name: label('重试') }).click();
    // Set against a park that has figures, the enterprise's own are all nought.
    await expect(radar.locator('canvas')).toBeVisible();
  } finally {
    await callApi(page, 'blade-crm/enterprise/remove', { method: 'POST', params: { ids: id } });
  }
});
