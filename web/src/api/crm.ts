import type { EntityDef } from '@park/catalog';
import { httpLanguage, i18n } from '../i18n/index.ts';
import { useSession } from '../stores/session.ts';
import type { Page, Row } from './crud.ts';
import { request, requestList, urlOf } from './http.ts';

/** The CRM calls beyond the generic five (spec part 7 "crm"). */

const ENTERPRISE = 'blade-crm/enterprise';

/**
 * Entities whose spec calls (part 7 "crm") create or update them in place of the generic submit:
 * the enterprise's update, the project's and the staff's save and update, the project history's
 * project/history/submit.
 */
export const CRM_WRITES: Record<string, { create?: string; update?: string }> = {
  enterprise: { update: `${ENTERPRISE}/update` },
  project: { create: 'blade-crm/project/save', update: 'blade-crm/project/update' },
  enterprise_staff: { create: 'blade-crm/staff/save', update: 'blade-crm/staff/update' },
  project_history: { create: 'blade-crm/project/history/submit', update: 'blade-crm/project/history/submit' },
};

/** An enterprise with its company (web) account: the enterprise's fields plus `account` and `password`. */
export const createEnterprise = (body: Record<string, unknown>) =>
  request<Row & { account: string; userId: string }>(`${ENTERPRISE}/create-enterprise`, { method: 'POST', body });

/** The enterprise_status values (dictionary enterprise_status): in the park, moved out. */
export const IN_PARK = 1;
export const MOVED_OUT = 0;

/** An enterprise marked as moved out of the park: the spec's enterprise update with status 0. */
export const moveOutEnterprise = (id: string) =>
  request<unknown>(`${ENTERPRISE}/update`, { method: 'POST', body: { id, status: MOVED_OUT } });

/** Moved-out enterprises back in the park. */
export const restoreEnterprises = (ids: string[]) =>
  request<unknown>(`${ENTERPRISE}/restore`, { method: 'POST', query: { ids: ids.join(',') } });

export const fetchEnterprise = (id: string) => request<Row>(`${ENTERPRISE}/detail`, { query: { id } });

/** The enterprises of these ids the caller may see, in one call (list-by-ids); an id it may not see is left out. */
export const fetchEnterprisesByIds = (ids: string[]) =>
  request<Row[]>(`${ENTERPRISE}/list-by-ids`, { query: { ids: ids.join(',') } });

/** The first enterprise the caller sees: a company account sees only its own. */
export const fetchOwnEnterprise = async (): Promise<Row | null> =>
  (await request<Page<Row>>(`${ENTERPRISE}/page`, { query: { current: 1, size: 1 } })).records[0] ?? null;

/** An enterprise's business registration, or null before it has one. */
export const fetchBusinessInfo = (enterpriseId: string) =>
  request<Row | null>('blade-crm/businessinfo/detail', { query: { enterpriseId } });

/** A new account for a staff member (spec part 3 "Staff bind payload"), bound to it at once. */
export interface StaffAccount {
  staffId: string;
  name?: string;
  account: string;
  password: string;
  roleId?: string;
  deptId?: string;
}

/**
 * The account calls of a staff list (spec part 7: the same under blade-crm/staff and blade-basic/staff),
 * by the list's API path.
 */
export const createStaffAccount = (body: StaffAccount, api = 'blade-crm/staff') =>
  request<{ userId: string }>(`${api}/create-bind`, { method: 'POST', body });

/** An existing account bound to a staff member. */
export const bindStaffUser = (id: string, userId: string, api = 'blade-crm/staff') =>
  request<unknown>(`${api}/user-bind`, { method: 'POST', query: { id, userId } });

export const unbindStaff = (id: string, api = 'blade-crm/staff') =>
  request<unknown>(`${api}/unbind`, { method: 'POST', query: { id } });

/** Every row of an enterprise-scoped entity for one enterprise (a picker's options). */
export const fetchEnterpriseRows = (entity: EntityDef, enterpriseId: string) =>
  requestList<Row>(entity.api, { enterpriseId });

/** A project's history records, newest first (history-list). */
export const fetchProjectHistory = (projectId: string) =>
  request<Row[]>('blade-crm/project/history-list', { query: { projectId } });

/** Every row of a child entity under one parent row (a platform's assets by rdPlatformId). */
export const fetchChildRows = (entity: EntityDef, field: string, parentId: string) =>
  requestList<Row>(entity.api, { [field]: parentId });

/** A file attached to a row (certificate, qualification, intellectual property, project, workshop). */
export interface Attachment {
  id: string;
  name: string;
  link: string;
  extension: string;
  attachSize: number;
  createTime: string;
}

/** Where a row's attachments live: the owner's API and the parameter naming the row. */
export interface AttachmentOwner {
  entity: EntityDef;
  param: string;
  id: string;
}

export const fetchAttachments = ({ entity, param, id }: AttachmentOwner) =>
  request<Attachment[]>(`${entity.api}/attach-list`, { query: { [param]: id } });

/** The qualification's attachments are removed by DELETE, the others' by POST (spec part 7 "crm"). */
const REMOVED_BY_DELETE = new Set(['qualification']);

export const removeAttachment = (entity: EntityDef, id: string) =>
  request<unknown>(`${entity.api}/remove-attach`, {
    method: REMOVED_BY_DELETE.has(entity.key) ? 'DELETE' : 'POST',
    query: { id },
  });

/** Uploads one file to the row; a multipart body goes through fetch with the session's headers. */
export async function uploadAttachment({ entity, param, id }: AttachmentOwner, file: File): Promise<Attachment> {
  const { accessToken, tenantId } = useSession.getState();
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(urlOf(`${entity.api}/save-attach`, { [param]: id }), {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa('saber:saber_secret')}`,
      'Tenant-Id': tenantId,
      'Accept-Language': httpLanguage(),
      ...(accessToken ? { 'Blade-Auth': `bearer ${accessToken}` } : {}),
    },
    body,
  });
  const answer = (await response.json().catch(() => undefined)) as
    | { code?: number; msg?: string; data?: Attachment }
    | undefined;
  if (answer?.code !== 200 || !answer.data) throw new Error(answer?.msg ?? i18n.t('errors:unknown'));
  return answer.data;
}
