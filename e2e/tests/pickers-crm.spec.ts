import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { dataRows, fillDate, loginAsCompany, logout, openTab, pickOption } from '../support/crm.ts';
import {
  BUSINESS_DEPT,
  COMPANY_ROLE,
  CTO_POST,
  confirmPick,
  PROPERTY_DEPT,
  pickIn,
  STAFF_POST,
  search,
  XINGHE,
} from '../support/pickers.ts';
import { callApi, clickRowAction, describedValue, rowActionNames, rowWithCell, saveDialog } from '../support/system.ts';

test('a staff member is bound to an existing account picked with the person picker', async ({ page }) => {
  const stamp = Date.now();
  const people = `选人${stamp % 100_000}`;
  await loginAsAdmin(page);

  // Twelve accounts of the enterprise: eleven in 招商部 as 普通员工, one in 物业部 as 首席技术官.
  for (let i = 1; i <= 12; i++) {
    const last = i === 12;
    await callApi(page, 'blade-user/submit', {
      method: 'POST',
      data: {
        account: `pick_${stamp}_${i}`,
        password: 'Secret-123',
        name: `${people}${i}`,
        realName: `${people}-${String(i).padStart(2, '0')}`,
        userType: 2,
        enterpriseId: XINGHE,
        roleId: COMPANY_ROLE,
        deptId: last ? PROPERTY_DEPT : BUSINESS_DEPT,
        postId: last ? CTO_POST : STAFF_POST,
      },
    });
  }
  const staffName = `待绑定${stamp % 100_000}`;
  const companyStaff = `企业自绑${stamp % 100_000}`;
  for (const name of [staffName, companyStaff]) {
    await callApi(page, 'blade-crm/staff/submit', { method: 'POST', data: { enterpriseId: XINGHE, staffName: name } });
  }

  await page.goto(`/crm/enterprise/detail?id=${XINGHE}&tab=staff`);
  await openTab(page, '企业人员');
  await clickRowAction(rowWithCell(page, staffName), '绑定已有账号');
  const dialog = page.getByRole('dialog', { name: `为 ${staffName} 绑定已有账号` });
  await expect(dialog).toBeVisible();

  await test.step('confirming with nobody picked asks for a pick', async () => {
    await confirmPick(dialog);
    await expect(toast(page, '请选择至少一条数据').first()).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  await test.step('a name search pages the accounts 10 at a time', async () => {
    await dialog.locator('#personPicker_realName').fill(people);
    await search(dialog);
    await expect(dialog.getByText('共 12 条')).toBeVisible();
    await expect(dataRows(dialog)).toHaveCount(10);
    await expectNoAxeViolations(page, 'person picker');
    const eleventh = dataRows(dialog).filter({ hasText: `${people}-11` });
    await expect(eleventh).toContainText('招商部');
    await expect(eleventh).toContainText('普通员工');
    await dialog.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect(dataRows(dialog)).toHaveCount(2);
    await expect(dataRows(dialog).filter({ hasText: `${people}-01` })).toHaveCount(1);
  });

  await test.step('the department and the post narrow the search', async () => {
    await pickIn(page, dialog, 'personPicker_deptId', '物业部');
    await search(dialog);
    await expect(dialog.getByText('共 1 条')).toBeVisible();
    await expect(dataRows(dialog)).toHaveCount(1);
    await expect(dataRows(dialog)).toContainText(`${people}-12`);

    await dialog.getByRole('button', { name: label('清空') }).click();
    await expect(dialog.locator('#personPicker_realName')).toHaveValue('');
    await pickIn(page, dialog, 'personPicker_postId', '首席技术官');
    await dialog.locator('#personPicker_realName').fill(people);
    await search(dialog);
    await expect(dataRows(dialog)).toHaveCount(1);
    await expect(dataRows(dialog)).toContainText('首席技术官');
  });

  await test.step('the picked account is bound to the staff member', async () => {
    await dataRows(dialog).getByText(`${people}-12`).click();
    await expect(dataRows(dialog).locator('.ant-radio-wrapper-checked')).toHaveCount(1);
    await confirmPick(dialog);
    await expect(toast(page, '绑定成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(async () => {
      const actions = await rowActionNames(rowWithCell(page, staffName));
      expect(actions).toContain('解绑账号');
      expect(actions).not.toContain('绑定已有账号');
    }).toPass();
  });

  await test.step('the binding holds on the server: the account reads the staff row as its own', async () => {
    const [picked] = await callApi<{ records: { id: string }[] }>(page, 'blade-user/page', {
      params: { realName: `${people}-12`, current: '1', size: '10' },
    }).then((data) => data.records);
    const staff = await callApi<{ staffName: string } | null>(page, 'blade-crm/staff/user-info', {
      params: { userId: picked.id },
    });
    expect(staff?.staffName).toBe(staffName);
  });

  await test.step('the company binds one of its own accounts; the one already bound is refused', async () => {
    await logout(page);
    await loginAsCompany(page, { tenantId: ADMIN.tenantId, username: 'xinghe', password: '123456' });
    await openMenu(page, '企业管理', '我的企业');
    await openTab(page, '企业人员');
    await clickRowAction(rowWithCell(page, companyStaff), '绑定已有账号');
    const own = page.getByRole('dialog', { name: `为 ${companyStaff} 绑定已有账号` });
    await own.locator('#personPicker_realName').fill(people);
    await search(own);
    await expect(own.getByText('共 12 条')).toBeVisible();
    await dataRows(own).getByText(`${people}-12`).click();
    await confirmPick(own);
    await expect(toast(page, '该账号已绑定其他人员').first()).toBeVisible();
    await expect(own).toBeVisible();
    await dataRows(own).getByText(`${people}-11`).click();
    await confirmPick(own);
    await expect(toast(page, '绑定成功').first()).toBeVisible();
    await expect(async () =>
      expect(await rowActionNames(rowWithCell(page, companyStaff))).toContain('解绑账号'),
    ).toPass();
  });
});

test('a staff member outside the enterprise detail gets its enterprise from the enterprise selector', async ({
  page,
}) => {
  const stamp = Date.now();
  const staffName = `选企业${stamp % 100_000}`;
  // Eleven enterprises of this walk: more than one page of the selector.
  const many = `翻页企业${stamp}`;
  const manyIds: string[] = [];
  await loginAsAdmin(page);
  for (let i = 1; i <= 11; i++) {
    const n = String(i).padStart(2, '0');
    const created = await callApi<{ id: string }>(page, 'blade-crm/enterprise/create-enterprise', {
      method: 'POST',
      data: {
        enterpriseName: `${many}-${n}`,
        creditCode: `${String(stamp).slice(-13)}${n}`,
        agentName: '翻页联系人',
        agentPhone: '13900005678',
        account: `e2e_page_${stamp}_${n}`,
        password: 'Secret-123',
      },
    });
    manyIds.push(created.id);
  }
  await openMenu(page, '企业管理', '企业人员');
  await expect(page).toHaveURL(/\/crm\/staff$/);

  await page.getByRole('button', { name: label('新增') }).click();
  const form = await settled(page.getByRole('dialog', { name: '新增', exact: true }));
  await form.locator('#staffName').fill(staffName);
  await form.locator('#enterpriseId').click();
  const selector = page.getByRole('dialog', { name: '选择企业' });
  await expect(selector).toBeVisible();

  await test.step('confirming with no enterprise picked asks for a pick', async () => {
    await confirmPick(selector);
    await expect(toast(page, '请选择至少一条数据').first()).toBeVisible();
  });

  await test.step('ten enterprises a page, picked with radios: one at a time', async () => {
    await selector.locator('#enterpriseSelector_enterpriseName').fill(many);
    await search(selector);
    await expect(selector.getByText('共 11 条')).toBeVisible();
    await expect(dataRows(selector)).toHaveCount(10);
    await expect(selector.locator('.ant-radio-input')).toHaveCount(10);
    await expect(selector.locator('.ant-checkbox-input')).toHaveCount(0);
    await expectNoAxeViolations(page, 'enterprise selector');
    // Newest first: 11 down to 02 here, 01 on the next page.
    await dataRows(selector)
      .filter({ hasText: `${many}-11` })
      .click();
    await dataRows(selector)
      .filter({ hasText: `${many}-10` })
      .click();
    await expect(selector.locator('.ant-radio-wrapper-checked')).toHaveCount(1);
    await expect(
      dataRows(selector)
        .filter({ hasText: `${many}-10` })
        .locator('.ant-radio-input'),
    ).toBeChecked();
    await selector.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect(dataRows(selector)).toHaveCount(1);
    await expect(dataRows(selector)).toContainText(`${many}-01`);
    // A pick on another page replaces the one before.
    await dataRows(selector).click();
    await selector.locator('.ant-pagination').getByTitle('1', { exact: true }).click();
    await expect(dataRows(selector)).toHaveCount(10);
    await expect(selector.locator('.ant-radio-wrapper-checked')).toHaveCount(0);
    // Gone again: the walk leaves the enterprise list as it found it.
    await callApi(page, 'blade-crm/enterprise/remove', { method: 'POST', params: { ids: manyIds.join(',') } });
  });

  await test.step('enterprises are searched by name and status, dates read yyyy年MM月dd日', async () => {
    // 星河 is in the park (other walks may move 远航 out and back), so the status narrows it away.
    await selector.locator('#enterpriseSelector_enterpriseName').fill('星河');
    await pickOption(page, selector, 'enterpriseSelector_status', '已迁出');
    await search(selector);
    await expect(selector.locator('.ant-table-placeholder')).toBeVisible();
    await expect(dataRows(selector)).toHaveCount(0);
    await pickOption(page, selector, 'enterpriseSelector_status', '在园');
    await search(selector);
    await expect(dataRows(selector)).toHaveCount(1);
    await expect(dataRows(selector)).toContainText('星河智能科技有限公司');
    await expect(dataRows(selector)).toContainText(/\d{4}年\d{2}月\d{2}日/);
  });

  await test.step('the picked enterprise shows by name and is saved with the row', async () => {
    // It replaces the pick of the step before: the field holds one enterprise.
    await dataRows(selector).getByText('星河智能科技有限公司').click();
    await confirmPick(selector);
    await expect(selector).toBeHidden();
    await expect(form.locator('#enterpriseId')).toHaveValue('星河智能科技有限公司');
    await saveDialog(page, form, '新增成功');
    await expect(rowWithCell(page, staffName)).toContainText('星河智能科技有限公司');
  });

  await test.step('editing the row shows the saved enterprise, and the list searches by it', async () => {
    await rowWithCell(page, staffName)
      .getByRole('button', { name: label('编辑') })
      .click();
    const edit = await settled(page.getByRole('dialog', { name: '编辑', exact: true }));
    await expect(edit.locator('#enterpriseId')).toHaveValue('星河智能科技有限公司');
    await edit.getByRole('button', { name: label('取消') }).click();

    await page.locator('#search_staffName').fill(staffName);
    await page.locator('#search_enterpriseId').click();
    const filter = page.getByRole('dialog', { name: '选择企业' });
    // Found by name: the walk's own enterprises fill the first page.
    await filter.locator('#enterpriseSelector_enterpriseName').fill('远航');
    await search(filter);
    await dataRows(filter).getByText('远航新材料股份有限公司').click();
    await confirmPick(filter);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(dataRows(page)).toHaveCount(0);
    await page.locator('#search_enterpriseId').click();
    await filter.locator('#enterpriseSelector_enterpriseName').fill('星河');
    await search(filter);
    await dataRows(filter).getByText('星河智能科技有限公司').click();
    await confirmPick(filter);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(rowWithCell(page, staffName)).toBeVisible();
  });
});

test('a project history record picks its project with the row picker', async ({ page }) => {
  const content = `选项目记录${Date.now() % 100_000}`;
  await loginAsAdmin(page);
  await openMenu(page, '企业管理', '项目历史记录');
  await expect(page).toHaveURL(/\/crm\/project-history$/);

  await page.getByRole('button', { name: label('新增') }).click();
  const form = await settled(page.getByRole('dialog', { name: '新增', exact: true }));
  await form.locator('#projectId').click();
  const picker = page.getByRole('dialog', { name: '选择科研项目' });
  await expect(picker).toBeVisible();

  await test.step('confirming with no project picked asks for one', async () => {
    await confirmPick(picker);
    await expect(toast(page, '请选择一条数据').first()).toBeVisible();
    await expect(picker).toBeVisible();
  });

  await test.step('projects are searched by name and show their enterprise and dates as yyyy年MM月dd日', async () => {
    await picker.locator('#rowPicker_projectName').fill('碳纤维板材');
    await search(picker);
    await expect(dataRows(picker)).toHaveCount(1);
    const row = dataRows(picker);
    await expect(row).toContainText('碳纤维板材关键技术攻关');
    await expect(row).toContainText('远航新材料股份有限公司');
    await expect(row).toContainText('2025年06月30日');
    await expectNoAxeViolations(page, 'project row picker');
  });

  await test.step('the picked project shows by name and is saved with the record', async () => {
    await dataRows(picker).getByText('碳纤维板材关键技术攻关').click();
    await confirmPick(picker);
    await expect(picker).toBeHidden();
    await expect(form.locator('#projectId')).toHaveValue('碳纤维板材关键技术攻关');
    await fillDate(form, 'recordDate', '2026-03-01');
    await form.locator('#content').fill(content);
    await saveDialog(page, form, '新增成功');
    // The newest record comes first; its content is not a column, so the view shows it is this one.
    const saved = dataRows(page).first();
    await expect(saved).toContainText('碳纤维板材关键技术攻关');
    await expect(saved).toContainText('远航新材料股份有限公司');
    await expect(saved).toContainText('2026-03-01');
    await saved.getByRole('button', { name: label('查看') }).click();
    const view = page.getByRole('dialog', { name: '查看', exact: true });
    await expect(describedValue(view, '记录内容')).toHaveText(content);
    await expect(describedValue(view, '所属项目')).toHaveText('碳纤维板材关键技术攻关');
  });
});
