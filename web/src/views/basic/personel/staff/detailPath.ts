import { STAFF_DETAIL_ROUTE } from '@park/catalog';

/** A person's detail page is /basic/personel/staff/detail?id=<staff id>[&tab=<tab key>]. */
export const staffDetailPath = (id: string, tab?: string) =>
  `${STAFF_DETAIL_ROUTE}?id=${encodeURIComponent(id)}${tab ? `&tab=${encodeURIComponent(tab)}` : ''}`;
