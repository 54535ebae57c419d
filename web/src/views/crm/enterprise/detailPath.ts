/** The enterprise detail is /crm/enterprise/detail?id=<enterprise id>[&tab=<tab key>]. */
export const ENTERPRISE_DETAIL = '/crm/enterprise/detail';

/** A company account's own enterprise, /crm/my-enterprise/detail[?tab=<tab key>]. */
export const MY_ENTERPRISE_DETAIL = '/crm/my-enterprise/detail';

export const detailPath = (id: string, tab?: string) =>
  `${ENTERPRISE_DETAIL}?id=${encodeURIComponent(id)}${tab ? `&tab=${encodeURIComponent(tab)}` : ''}`;
