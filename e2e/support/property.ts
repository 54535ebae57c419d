import type { Locator, Page } from '@playwright/test';
import { label } from './console.ts';
import { dataRows, pickOption } from './crm.ts';
import { callApi } from './system.ts';

/** Narrows 租赁费用 to one contract's periods through the search form's contract picker. */
export async function searchContract(page: Page, contractNo: string) {
  const form = page.locator('form').first();
  await form.locator('#search_contractId').fill(contractNo);
  await pickOption(page, form, 'search_contractId', contractNo);
  await page.getByRole('button', { name: label('搜索') }).click();
}

/** 租赁费用's periods: the first table, since 缴费记录（全部） below it is a table of its own. */
export function periodRows(page: Page): Locator {
  return dataRows(page.locator('.ant-table-wrapper').first());
}

/**
 * What a lease walk lets to: a floor, a 100 m² office on it, and an enterprise with its company account, all made
 * through the API and named by `name` and `stamp`. `digit` starts the credit code and `phone` is the agent's, so two
 * walks running at once make distinct enterprises.
 */
export async function leaseParty(page: Page, { name, stamp, account, digit, phone }: LeasePartyOptions) {
  const floor = await callApi<{ id: string }>(page, 'blade-property/storey/submit', {
    method: 'POST',
    data: { storeyName: `E2E${name}楼${stamp}`, sort: 99 },
  });
  const office = await callApi<{ id: string }>(page, 'blade-property/office/submit', {
    method: 'POST',
    data: { officeName: `E2E${name}${stamp}`, storeyId: floor.id, buildArea: '100' },
  });
  const enterprise = await callApi<{ id: string }>(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: {
      enterpriseName: `E2E${name}企业${stamp}`,
      creditCode: `${digit}${stamp}654321`.slice(0, 15),
      agentName: '联系人',
      agentPhone: phone,
      account: `${account}_${stamp}`,
      password: 'Secret-123',
    },
  });
  return { floor, office, enterprise };
}

interface LeasePartyOptions {
  name: string;
  stamp: string;
  account: string;
  digit: string;
  phone: string;
}
