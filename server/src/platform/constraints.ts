import {
  asset,
  client,
  type EntityDef,
  facilityLease,
  LEASE_COST_KEPT,
  mealConfig,
  menu,
  ORDER_MEAL_KEPT,
  REPAIR_KEPT,
  region,
  roomContract,
  scheduledJob,
  tenant,
  user,
} from '@park/catalog';
import { ApiError, type Bilingual } from './errors.ts';

/**
 * The database's integrity refusals as the caller's 400, in one place. The code checks each rule
 * before it writes and says it by name; two requests at once can both pass that check, and then the
 * constraint refuses the later one (23505 unique, 23503 foreign key, 23P01 exclusion). The answer is
 * then the check's own message, found here by the constraint's name, or a plain one for a constraint
 * named nowhere here. The error handler (pipeline.ts) asks this of every error; the request's
 * transaction has rolled back by then, so nothing of it stays.
 */

/** A catalog field's `unique` text: the engine's own check says it (resources/engine.ts checkUnique). */
function uniqueOf(entity: EntityDef, field: string): Bilingual {
  const text = entity.fields.find((f) => f.name === field)?.unique;
  if (!text) throw new Error(`${entity.key}.${field} has no unique message`);
  return text;
}

/** Each named constraint (a unique index of the migrations) with the message of the check before it. */
export const CONSTRAINT_MESSAGES: ReadonlyMap<string, Bilingual> = new Map([
  ['blade_user_account', uniqueOf(user, 'account')],
  ['blade_tenant_code', uniqueOf(tenant, 'tenantId')],
  ['blade_client_code', uniqueOf(client, 'clientId')],
  ['blade_menu_code', uniqueOf(menu, 'code')],
  ['blade_region_code', uniqueOf(region, 'code')],
  ['blade_job_key', uniqueOf(scheduledJob, 'keyName')],
  ['finance_facility_lease_no', uniqueOf(facilityLease, 'leaseNo')],
  ['finance_asset_code', uniqueOf(asset, 'assetCode')],
  ['property_room_contract_no', uniqueOf(roomContract, 'contractNo')],
  ['dhm_meal_config_category', uniqueOf(mealConfig, 'categoryMealId')],
]);

/**
 * The records kept (migration 0172): each trigger refuses removing its table's rows with 23514 and its own name
 * as the constraint, answered with the message of the module's remove, which refuses them first.
 */
export const KEPT_MESSAGES: ReadonlyMap<string, Bilingual> = new Map([
  ['property_lease_cost_kept', LEASE_COST_KEPT],
  ['property_repair_kept', REPAIR_KEPT],
  ['dhm_order_meal_kept', ORDER_MEAL_KEPT],
  [
    'property_lease_cost_reversal_kept',
    { zh: '撤销缴费的记录不能修改或删除', en: 'A payment reversal record cannot be changed or deleted' },
  ],
]);

export const CONSTRAINT_MSG = {
  unique: { zh: '该记录已存在', en: 'A record with these values already exists' },
  missingLink: { zh: '关联的数据不存在或已删除', en: 'A linked record does not exist or was deleted' },
  inUse: { zh: '该数据正被其他数据使用，无法删除', en: 'This record is in use by other records and cannot be deleted' },
  conflict: { zh: '与已有的记录冲突', en: 'This conflicts with an existing record' },
} as const;

/**
 * A unique, foreign-key or exclusion violation as its rule's 400, and a check violation (23514) raised by a
 * trigger keeping a record; undefined for any other error (an unnamed check violation stays a 500: a bug).
 */
export function constraintViolationOf(error: unknown): ApiError | undefined {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23514') {
    const kept = typeof constraint === 'string' ? KEPT_MESSAGES.get(constraint) : undefined;
    return kept && new ApiError(400, kept);
  }
  if (code !== '23505' && code !== '23503' && code !== '23P01') return undefined;
  const named = typeof constraint === 'string' ? CONSTRAINT_MESSAGES.get(constraint) : undefined;
  if (named) return new ApiError(400, named);
  if (code === '23505') return new ApiError(400, CONSTRAINT_MSG.unique);
  if (code === '23P01') return new ApiError(400, CONSTRAINT_MSG.conflict);
  // A foreign key: the row written names a missing one, or the row deleted is still named. Only the
  // message's words tell which (SQLSTATE, table and constraint are the same for both).
  const deleting = typeof message === 'string' && message.startsWith('update or delete on table');
  return new ApiError(400, deleting ? CONSTRAINT_MSG.inUse : CONSTRAINT_MSG.missingLink);
}
