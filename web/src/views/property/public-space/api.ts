import type { SpaceConfig } from '@park/catalog';
import type { Page, Row } from '../../../api/crud.ts';
import { request } from '../../../api/http.ts';
import type { Booking } from './calendar.ts';

/** The public space's calls beyond the generic five (spec part 7 "public-space"; reserve and cancel, decisions.md). */
const BASE = 'blade-property/public-space';

/** A space's live reservations from one day to another (a week fits one page). */
export const fetchReservations = async (spaceId: string, from: string, to: string) =>
  (
    await request<Page<Booking>>(`${BASE}/reserveRecord`, {
      query: { spaceId, startDate: from, endDate: to, reserveStatus: 1, current: 1, size: 1000 },
    })
  ).records;

export const reserveSpace = (body: {
  spaceId: string;
  reserveDate: string;
  startTime: string;
  endTime: string;
  subject: string;
}) => request<Booking>(`${BASE}/reserve`, { method: 'POST', body });

export const cancelReservation = (id: string) =>
  request<boolean>(`${BASE}/cancel-reserve`, { method: 'POST', query: { id } });

export const saveSpaceConfig = (id: string, config: SpaceConfig) =>
  request<Row>(`${BASE}/config`, { method: 'PUT', body: { id, ...config } });
