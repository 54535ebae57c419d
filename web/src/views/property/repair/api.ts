import type { EntityDef, RepairAction } from '@park/catalog';
import type { Row } from '../../../api/crud.ts';
import { request } from '../../../api/http.ts';

/** A repair's step as the detail lists it. */
export interface RepairStep {
  id: string;
  action: RepairAction;
  fromStatus: number | null;
  toStatus: number;
  note: string | null;
  assignee: string | null;
  assigneeName: string | null;
  createUser: string;
  createUserName: string | null;
  createTime: string;
}

/** A repair with its steps, oldest first. */
export const fetchRepair = (entity: EntityDef, id: string) =>
  request<Row & { steps: RepairStep[] }>(`${entity.api}/detail`, { query: { id } });

/**
 * A new report or a change to one: a company account's goes to blade-crm/work-order/submit (for its own
 * enterprise), the park's to the screen's own submit.
 */
export const reportRepair = (entity: EntityDef, company: boolean, body: Record<string, unknown>) =>
  request<Row>(company ? 'blade-crm/work-order/submit' : `${entity.api}/submit`, { method: 'POST', body });

/** One move of the repair's flow: the park's on the work order screen, the reporter's (rate, cancel) on the repair screen. */
export const moveRepair = (entity: EntityDef, action: RepairAction, body: Record<string, unknown>) =>
  request<Row>(`${entity.api}/${action}`, { method: 'POST', body });
