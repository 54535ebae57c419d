/** The enterprise detail is /crm/enterprise/detail?id=<enterprise id>[&tab=<tab key>]. */
export const ENTERPRISE_DETAIL = '/crm/enterprise/detail';

export const detailPath = (id: string) => `${ENTERPRISE_DETAIL}?id=${encodeURIComponent(id)}`;
