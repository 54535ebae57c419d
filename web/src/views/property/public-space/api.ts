import type { SpaceConfig } from '@park/catalog';
import type { Page, Row } from '../../../api/crud.ts';
import { type Query, request, requestFile } from '../../../api/http.ts';
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

/** Several slots (of any days) booked at once, all or none: the reservations made, those that meet joined. */
export const reserveSlots = (body: {
  spaceId: string;
  slots: { reserveDate: string; startTime: string; endTime: string }[];
  subject: string;
}) => request<Booking[]>(`${BASE}/reserve`, { method: 'POST', body });

/** Every space's reservations, newest first, searched and paged (the park's list of them). */
export const fetchAllReservations = (query: Query) => request<Page<Booking>>(`${BASE}/reservations`, { query });

/** The same list as a workbook. */
export const exportAllReservations = (query: Query) => requestFile(`${BASE}/reservations/export`, { query });

export const cancelReservation = (id: string) =>
  request<boolean>(`${BASE}/cancel-reserve`, { method: 'POST', query: { id } });

/** The park's space staff decide a pending reservation: approved, or rejected with a reason (issue 34.5). */
export const decideReservation = (id: string, approved: boolean, reason?: string) =>
  request<boolean>(`${BASE}/approve-reserve`, { method: 'POST', body: { id, approved, reason } });

export const saveSpaceConfig = (id: string, config: SpaceConfig) =>
  request<Row>(`${BASE}/config`, { method: 'PUT', body: { id, ...config } });
