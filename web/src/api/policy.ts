import { policyPush } from '@park/catalog';
import { request } from './http.ts';

/** An enterprise a policy fits, as analysisPush answers it. */
export interface MatchedEnterprise {
  id: string;
  enterpriseName: string;
  /** A node of the 行业分类 tree, and its name. */
  industry: string | null;
  industryName: string | null;
  scale: number | null;
  tags: string[];
  accounts: number;
  pushed: boolean;
}

export interface PushAnalysis {
  pushId: string;
  policyId: string;
  policyTitle: string;
  preview: boolean;
  sent: number;
  enterprises: MatchedEnterprise[];
}

/**
 * POST blade-demo/policy-push/analysisPush/{id}: with `preview` the fitting enterprises only; without,
 * also the sending to those not reached yet. Answers the envelope, whose msg says how many were reached.
 */
export const analysePush = (id: string, preview: boolean) =>
  request<{ data: PushAnalysis; msg: string }>(`${policyPush.api}/analysisPush/${id}`, {
    method: 'POST',
    query: preview ? { preview: 1 } : {},
    raw: true,
  });
