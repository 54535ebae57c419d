import type { Page, Row } from '../../../api/crud.ts';
import { request } from '../../../api/http.ts';
import type { CostReversal } from '../../../api/property.ts';

/** 登记缴费's calls (issue 34.5): a period's payments, one recorded, one reversed with a reason. */
const C = 'blade-property/lease-contract-cost';

/** One payment on a period, as the period's detail lists them (oldest first). */
export interface CostPayment {
  id: string;
  amount: number | string;
  paidDate: string;
  payMethod: number;
  payer: string | null;
  receiptNo: string | null;
  note: string | null;
  createUserName: string | null;
  createTime: string;
  reversalId: string | null;
  reversalReason: string | null;
  reversalTime: string | null;
  reversalUserName: string | null;
}

/** A period as its detail shows it: with its payments and its reversals. */
export type CostWithPayments = Row & { payments?: CostPayment[]; reversals?: CostReversal[] };

export interface PaymentInput {
  costId: string;
  amount: number;
  paidDate: string;
  payMethod: number;
  payer: string;
  receiptNo: string;
  note?: string;
}

/** Records one payment; answers the period as its detail shows it. */
export const submitPayment = (body: PaymentInput) =>
  request<CostWithPayments>(`${C}/payment/submit`, { method: 'POST', body: { ...body } });

/** Reverses one payment with a reason; answers the period as its detail shows it. */
export const reversePayment = (id: string, reason: string) =>
  request<CostWithPayments>(`${C}/payment/reverse`, { method: 'POST', body: { id, reason } });

/** A payment as the list of all the caller's payments answers it: with the period and the contract it paid. */
export type ListedPayment = CostPayment & {
  costId: string;
  periodNo: number;
  periodStart: string;
  periodEnd: string;
  contractNo: string | null;
  enterpriseName: string | null;
};

/** Every payment the caller may see, newest first: a company account's own enterprise's alone (issue 34.5). */
export const fetchPayments = (current: number, size: number) =>
  request<Page<ListedPayment>>(`${C}/payment/list`, { query: { current, size } });
