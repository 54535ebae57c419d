import { enterprise } from './crm/enterprise.ts';

/**
 * The desk's latest enterprise updates (spec part 7 desk "demo enterpriseupdate list"): what changed
 * among the tenant's enterprises, read by whoever may read the enterprise list itself, so the home
 * page offers the card to exactly those (its screens) and the server opens the route to them.
 */
export const ENTERPRISE_UPDATES = {
  api: 'blade-desk/demo/enterpriseupdate/list',
  screens: [enterprise.route, ...(enterprise.readWith ?? [])],
} as const;

/** What happened to an enterprise, as an update tells it. */
export type EnterpriseUpdateAction = 'entered' | 'updated' | 'movedOut';
