import type { Page, Row } from './crud.ts';
import { request } from './http.ts';

/** The property's calls beyond the generic five (spec part 7 "property"). */
const P = 'blade-property';

/** A new contract (save) or a change to one (update): the office contract screen writes room-contract too. */
export const saveContract = (body: Record<string, unknown>) =>
  request<Row>(`${P}/room-contract/${body.id ? 'update' : 'save'}`, { method: 'POST', body });

/**
 * The offices (unitType 1) or rooms (2) a contract may pick, each `free` or not over the dates given (another
 * live contract than `contractId` holding it on one of those days makes it not free).
 */
export const fetchUnits = (
  unitType: 1 | 2,
  dates: { startDate?: string; endDate?: string; contractId?: string } = {},
) => request<Row[]>(`${P}/${unitType === 1 ? 'office' : 'room'}/select`, { query: dates });

/** The summed building area of the given offices. */
export const calcBuildArea = (ids: string[]) =>
  request<number>(`${P}/office/calcBuildArea`, { query: { ids: ids.join(',') } });

/** A contract's generated costs, by period. */
export const fetchContractCosts = async (contractId: string) =>
  (
    await request<Page<Row>>(`${P}/lease-contract-cost/list`, {
      query: { contractId_equal: contractId, current: 1, size: 1000, ascs: 'periodStart' },
    })
  ).records;

/** The given unpaid periods marked paid in full today. */
export const payCosts = (ids: string[]) =>
  request<number>(`${P}/lease-contract-cost/pay`, { method: 'POST', query: { ids: ids.join(',') } });

/** A paid period's payment reversed (撤销缴费): unpaid again, the reason and the payment kept in its history. */
export const reverseCostPayment = (id: string, reason: string) =>
  request<Row>(`${P}/lease-contract-cost/reverse`, { method: 'POST', body: { id, reason } });

/** A reversal of a period's payment, as its detail lists them (newest first). */
export interface CostReversal {
  id: string;
  paidAmount: number | string | null;
  paidDate: string | null;
  reason: string;
  createUser: string;
  createUserName: string | null;
  createTime: string;
}

/** One period with its reversals. */
export const fetchCost = (id: string) =>
  request<Row & { reversals: CostReversal[] }>(`${P}/lease-contract-cost/detail`, { query: { id } });
