import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { keyColumnProblems, pickFirstRow, SCREENS } from '../support/catalog.ts';
import { label, loginAsAdmin, openMenu, settled, switchToEnglish, toast } from '../support/console.ts';
import { dataRows, fillDate } from '../support/crm.ts';
import { periodRows, searchContract } from '../support/property.ts';
import { callApi, clickRowAction, rowWithCell, today } from '../support/system.ts';

/**
 * 办公室合同 (issue 17): an office contract made in the browser for an enterprise (the enterprise selector) and
 * an office (with its summed area), its generated monthly costs read under 费用 and on 租赁费用, and a second
 * contract on the same office over overlapping dates refused with the server's message. Axe on the list and the costs.
 */
test('an office contract is made, shows its generated costs, and an overlapping one is refused', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const officeName = `E2E办公室${stamp}`;
  const enterpriseName = `E2E租户${stamp}`;
  await loginAsAdmin(page, { at: '/property/office-contract' });

  const building = await callApi<{ id: string }>(page, 'blade-property/storey/submit', {
    method: 'POST',
    data: { storeyName: `E2E楼宇${stamp}`, sort: 99 },
  });
  const floor = await callApi<{ id: string }>(page, 'blade-property/storey/submit', {
    method: 'POST',
    data: { storeyName: `E2E楼层${stamp}`, parentId: building.id, sort: 1 },
  });
  await callApi(page, 'blade-property/office/submit', {
    method: 'POST',
    data: { officeName, storeyId: floor.id, buildArea: '120.5' },
  });
  await callApi(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: {
      enterpriseName,
      creditCode: `9${stamp}123456`.slice(0, 15),
      agentName: '租户联系人',
      agentPhone: '13900001234',
      account: `lease_${stamp}`,
      password: 'Secret-123',
    },
  });

  /** Fills the contract dialog for the office over [start, end] and saves it. */
  const fillContract = async (contractNo: string, start: string, end: string) => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#contractNo').fill(contractNo);
    await pickFirstRow(page, dialog, 'enterpriseId', {
      input: 'enterpriseSelector_enterpriseName',
      text: enterpriseName,
    });
    await dialog.locator('#officeIds').fill(officeName);
    await page.locator('.ant-select-dropdown:visible').getByTitle(`${officeName}（120.5㎡）`).click();
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('status')).toHaveText('合计建筑面积：120.5 ㎡');
    await fillDate(dialog, 'startDate', start);
    await fillDate(dialog, 'endDate', end);
    await dialog.locator('#unitPrice').fill('80');
    // Each label with its unit on one line (the longest, 物业费单价(元/㎡/月), too), its asterisk beside it.
    for (const name of ['unitPrice', 'feePrice']) {
      expect((await dialog.locator(`label[for="${name}"]`).boundingBox())!.height, name).toBeLessThan(40);
    }
    return dialog;
  };

  await test.step('the contract is saved for the enterprise and the office', async () => {
    await expectNoAxeViolations(page, '/property/office-contract');
    const dialog = await fillContract(`E2E-HT${stamp}`, '2030-01-01', '2030-03-31');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = rowWithCell(page, `E2E-HT${stamp}`);
    // 120.5 m² at 80 yuan a month: the office's area counted (its column, a list of units, is hidden at this width).
    await expect(row).toContainText('9,640.00');
  });

  await test.step('费用 lists the three generated months', async () => {
    await clickRowAction(rowWithCell(page, `E2E-HT${stamp}`), '费用');
    const costs = await settled(page.getByRole('dialog', { name: `合同E2E-HT${stamp}的租赁费用` }));
    await expect(dataRows(costs)).toHaveCount(3);
    await expect(dataRows(costs).first()).toContainText('2030-01-01 ~ 2030-01-31');
    await expect(dataRows(costs).first()).toContainText('9,640.00');
    await expect(dataRows(costs).first()).toContainText('未缴');
    await expectNoAxeViolations(page, 'contract costs');
    await costs
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await expect(costs).toBeHidden();
  });

  // Paying a period (登记缴费, partial payments) is walked in property-payment.spec.ts.
  await test.step('租赁费用 finds the contract’s periods', async () => {
    await openMenu(page, '物业管理', '租赁费用');
    await searchContract(page, `E2E-HT${stamp}`);
    await expect(periodRows(page)).toHaveCount(3);
    await expect(rowWithCell(page, '2030-01-01')).toContainText('未缴');
    await expectNoAxeViolations(page, '/property/lease-contract-cost');
    await openMenu(page, '物业管理', '办公室合同');
  });

  await test.step('a second contract on the office over overlapping dates is refused with the reason', async () => {
    const dialog = await fillContract(`E2E-HT${stamp}B`, '2030-03-01', '2030-04-30');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(page.locator('.ant-message-error')).toContainText('该办公室在所选日期已有合同');
    await expect(dialog).toBeVisible();
  });
});

/**
 * Vacancy (issue 34.5): 办公室 shows each office's vacancy and occupant and narrows to one vacancy; the contract
 * form, once it holds its dates, offers only the offices free over them (the one leased today is not offered).
 * One English check of the vacancy labels.
 */
test('offices show their vacancy and occupant, and the contract form offers only free offices', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const prefix = `E2E空置${stamp}`;
  const [leased, vacant] = [`${prefix}甲`, `${prefix}乙`];
  const enterpriseName = `E2E占用${stamp}`;
  await loginAsAdmin(page, { at: '/property/office' });
  const building = await callApi<{ id: string }>(page, 'blade-property/storey/submit', {
    method: 'POST',
    data: { storeyName: `E2E空置楼${stamp}`, sort: 99 },
  });
  const floor = await callApi<{ id: string }>(page, 'blade-property/storey/submit', {
    method: 'POST',
    data: { storeyName: `E2E空置层${stamp}`, parentId: building.id, sort: 1 },
  });
  const ids: string[] = [];
  for (const officeName of [leased, vacant]) {
    const office = await callApi<{ id: string }>(page, 'blade-property/office/submit', {
      method: 'POST',
      data: { officeName, storeyId: floor.id, buildArea: '60' },
    });
    ids.push(office.id);
  }
  const enterprise = await callApi<{ id: string }>(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: {
      enterpriseName,
      creditCode: `8${stamp}654321`.slice(0, 15),
      agentName: '占用联系人',
      agentPhone: '13900004321',
      account: `vac_${stamp}`,
      password: 'Secret-123',
    },
  });
  // The first office leased from a month ago to a year ahead (the park's today: the server's).
  const day = (days: number) => {
    const d = new Date(`${today()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  await callApi(page, 'blade-property/room-contract/save', {
    method: 'POST',
    data: {
      contractNo: `E2E-KZ${stamp}`,
      contractType: 1,
      enterpriseId: enterprise.id,
      officeIds: ids[0],
      startDate: day(-30),
      endDate: day(365),
      unitPrice: 50,
      payCycle: 1,
      contractRegistrationStatus: 0,
      leaseStatus: 0,
    },
  });

  await test.step('办公室 shows vacancy and occupant, and the filter narrows to one vacancy', async () => {
    await page.locator('#search_officeName').fill(prefix);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(dataRows(page)).toHaveCount(2);
    await expect(rowWithCell(page, leased)).toContainText('已租');
    await expect(rowWithCell(page, leased)).toContainText(enterpriseName);
    await expect(rowWithCell(page, leased)).toContainText(`E2E-KZ${stamp}`);
    await expect(rowWithCell(page, vacant)).toContainText('空置');
    const filter = page.getByRole('combobox', { name: '空置状态' });
    await filter.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('空置', { exact: true }).click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText(vacant);
    await filter.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('已租', { exact: true }).click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText(leased);
  });

  await test.step('the contract form offers only the office free over its dates', async () => {
    await openMenu(page, '物业管理', '办公室合同');
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await fillDate(dialog, 'startDate', day(1));
    await fillDate(dialog, 'endDate', day(60));
    await expect(dialog).toContainText(`仅列出 ${day(1)} 至 ${day(60)} 期间空闲的单元`);
    await dialog.locator('#officeIds').fill(prefix);
    const options = page.locator('.ant-select-dropdown:visible');
    await expect(options.getByTitle(`${vacant}（60㎡）`)).toBeVisible();
    await expect(options.getByText(leased)).toHaveCount(0);
    await options.getByTitle(`${vacant}（60㎡）`).click();
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('status')).toHaveText('合计建筑面积：60 ㎡');
    await dialog.getByRole('button', { name: label('取消') }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('in English the vacancy reads Leased and Vacant', async () => {
    await switchToEnglish(page);
    await openMenu(page, 'Property', 'Offices');
    await page.locator('#search_officeName').fill(prefix);
    await page.getByRole('button', { name: label('Search') }).click();
    await expect(rowWithCell(page, leased)).toContainText('Leased');
    await expect(rowWithCell(page, vacant)).toContainText('Vacant');
  });

  await test.step('in English a contract\'s payment cycle reads whole (issue 34: "Quarte", "Half-ye")', async () => {
    for (const [screen, contract, cycle] of [
      ['Office contracts', 'ZL-2024-001', 'Quarterly'],
      ['Room contracts', 'ZL-2024-003', 'Half-yearly'],
    ] as const) {
      // At 1024 px the cycle is among the columns a list hides first: read at 1440.
      await page.setViewportSize(SCREENS[0]);
      await openMenu(page, 'Property', screen);
      await expect(rowWithCell(page, contract)).toContainText(cycle);
      for (const size of SCREENS) {
        await page.setViewportSize(size);
        expect(await keyColumnProblems(page, []), `${screen} at ${size.width} px`).toEqual([]);
      }
    }
  });
});
