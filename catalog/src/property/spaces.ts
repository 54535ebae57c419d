import { dictField, NOT_NEGATIVE, text, typed } from '../crm/fields.ts';
import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef, Text } from '../types.ts';

/**
 * 公共空间 (blade-property/public-space, issue 17): the park's meeting rooms, halls and courts, each with its
 * booking config (opening and closing time, slot length, days ahead), and the reservations made of them. The
 * config is set by `PUT config` alone (its fields are not in the form); the reservations live in
 * property_space_reservation, written by the server's reserve and cancel calls (server/src/modules/property/spaces.ts)
 * and read through `reserveRecord`. The config's rule is here, shared by the server's check and the web's dialog.
 */

/** reserve_status of a reservation. */
export const RESERVE_STATUS = { booked: 1, cancelled: 2 } as const;

/**
 * approval_status of a reservation (dictionary property_approval_status, migration 0196): a space that asks for
 * approval (`needsApproval`) makes its reservations pending until the park's space staff approve or reject them
 * (with a reason); a space that does not confirms them at once (none). A rejected one frees its slot.
 */
export const APPROVAL_STATUS = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;

/** A space's booking config as `PUT config` takes it and the space's row carries it. */
export interface SpaceConfig {
  openTime: string;
  closeTime: string;
  slotMinutes: number;
  bookDays: number;
}

/** The bounds of a config: a slot from 15 minutes to 8 hours, booking from 1 to 90 days ahead. */
export const SPACE_CONFIG_LIMITS = { minSlot: 15, maxSlot: 480, minDays: 1, maxDays: 90 } as const;

/** 'HH:mm' (00:00 to 23:59, and 24:00 for a closing time) as minutes from midnight, or undefined. */
export function clockMinutes(value: unknown, closing = false): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(String(value ?? ''));
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  return closing && value === '24:00' ? 24 * 60 : undefined;
}

/** Minutes from midnight as 'HH:mm'. */
export const clockText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const CONFIG_MSG = {
  openTime: { zh: '请输入正确的开放时间（HH:mm）', en: 'Please enter the opening time as HH:mm' },
  closeTime: {
    zh: '请输入正确的关闭时间（HH:mm，最晚24:00）',
    en: 'Please enter the closing time as HH:mm (24:00 at the latest)',
  },
  order: { zh: '开放时间必须早于关闭时间', en: 'The opening time must be before the closing time' },
  slot: {
    zh: `时段长度须为${SPACE_CONFIG_LIMITS.minSlot}到${SPACE_CONFIG_LIMITS.maxSlot}之间的整数分钟`,
    en: `The slot length must be a whole number of minutes from ${SPACE_CONFIG_LIMITS.minSlot} to ${SPACE_CONFIG_LIMITS.maxSlot}`,
  },
  slotStep: { zh: '时段长度须为5分钟的整数倍', en: 'The slot length must be a multiple of 5 minutes' },
  divides: {
    zh: '开放时长须为时段长度的整数倍（每个时段都完整地落在开放时间内）',
    en: 'The opening hours must be a whole number of slots (every slot fits inside them)',
  },
  days: {
    zh: `可提前预约天数须为${SPACE_CONFIG_LIMITS.minDays}到${SPACE_CONFIG_LIMITS.maxDays}之间的整数`,
    en: `The days one may book ahead must be a whole number from ${SPACE_CONFIG_LIMITS.minDays} to ${SPACE_CONFIG_LIMITS.maxDays}`,
  },
} as const;

const wholeIn = (value: unknown, min: number, max: number) => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/**
 * The config in `body` checked, or the first thing wrong with it: clock times, open before close, a slot of whole
 * 5 minutes within the bounds that divides the opening hours, the days ahead within theirs.
 */
export function checkSpaceConfig(body: Record<string, unknown>): { config: SpaceConfig } | { problem: Text } {
  const open = clockMinutes(body.openTime);
  if (open === undefined) return { problem: CONFIG_MSG.openTime };
  const close = clockMinutes(body.closeTime, true);
  if (close === undefined) return { problem: CONFIG_MSG.closeTime };
  if (open >= close) return { problem: CONFIG_MSG.order };
  const slot = wholeIn(body.slotMinutes, SPACE_CONFIG_LIMITS.minSlot, SPACE_CONFIG_LIMITS.maxSlot);
  if (slot === undefined) return { problem: CONFIG_MSG.slot };
  if (slot % 5 !== 0) return { problem: CONFIG_MSG.slotStep };
  if ((close - open) % slot !== 0) return { problem: CONFIG_MSG.divides };
  const days = wholeIn(body.bookDays, SPACE_CONFIG_LIMITS.minDays, SPACE_CONFIG_LIMITS.maxDays);
  if (days === undefined) return { problem: CONFIG_MSG.days };
  return {
    config: { openTime: clockText(open), closeTime: clockText(close), slotMinutes: slot, bookDays: days },
  };
}

const configField = (name: string, label: Text, type: 'string' | 'int') => ({
  name,
  type,
  label,
  form: false,
  ...(type === 'string' ? { maxLength: 5 } : {}),
});

export const publicSpace: EntityDef = {
  key: 'public_space',
  module: 'property',
  api: 'blade-property/public-space',
  route: '/property/public-space',
  table: 'property_public_space',
  label: { zh: '公共空间', en: 'Public spaces' },
  fields: [
    {
      ...text('spaceName', { zh: '空间名称', en: 'Space name' }, { required: true, search: true, max: 100 }),
      sort: true,
    },
    dictField('spaceType', { zh: '空间类型', en: 'Space type' }, 'property_space_type', true),
    text('location', { zh: '位置', en: 'Location' }, { search: true, max: 255 }),
    { ...typed('capacity', 'int', { zh: '容纳人数', en: 'Capacity' }, { sort: true }), ...NOT_NEGATIVE, max: 100000 },
    { ...dictField('enabled', { zh: '是否启用', en: 'Enabled' }, 'yes_no', true), initial: 1 },
    // Its reservations wait for the park's approval (issue 34.5): 待审批 until approved or rejected.
    { ...dictField('needsApproval', { zh: '预约需审批', en: 'Needs approval' }, 'yes_no'), initial: 0 },
    configField('openTime', { zh: '开放时间', en: 'Opens' }, 'string'),
    configField('closeTime', { zh: '关闭时间', en: 'Closes' }, 'string'),
    configField('slotMinutes', { zh: '时段(分钟)', en: 'Slot (minutes)' }, 'int'),
    configField('bookDays', { zh: '可提前预约天数', en: 'Days bookable ahead' }, 'int'),
    remarkField,
    createTimeField,
  ],
};

/** The public-space entities of the property (its reservations are the server's own table, not a catalog entity). */
export const spaceEntities: EntityDef[] = [publicSpace];
