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
  /** Found by the automatic match, or added by hand. */
  source?: 'match' | 'added';
}

export interface PushAnalysis {
  pushId: string;
  policyId: string;
  policyTitle: string;
  preview: boolean;
  sent: number;
  enterprises: MatchedEnterprise[];
  /** Those the match found that the operator left out. */
  removed: MatchedEnterprise[];
}

/** The enterprises added by hand and those of the match left out, kept on the push; answers the analysis after it. */
export const pickPushEnterprises = (id: string, added: string[], removed: string[]) =>
  request<PushAnalysis>(`${policyPush.api}/pick`, { method: 'POST', body: { id, added, removed } });

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
