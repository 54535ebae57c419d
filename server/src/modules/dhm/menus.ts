import { CLOCK_TIME, categoryMeal, dishes, meal, mealConfig, WEEK_DAYS } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, idsParam, mountResource, removedMessage } from '../../resources/engine.ts';

/**
 * The canteen's menu side (blade-dhm dishes, category-meal, meal, meal-config): the generic endpoints,
 * with what a row names checked to be a live row of the caller's tenant, times and days in their one
 * spelling, and nothing removed that a meal still uses. category-meal's remove is also a DELETE (spec part 7).
 */
export const MSG = {
  clock: (label: Bilingual): Bilingual => ({
    zh: `${label.zh}格式应为HH:mm`,
    en: `The ${label.en.toLowerCase()} must be a time HH:mm`,
  }),
  servingHours: { zh: '供餐结束时间必须晚于开始时间', en: 'Serving must end after it starts' },
  category: { zh: '所属餐别不存在', en: 'The meal category does not exist' },
  dishes: { zh: '所选菜品不存在或已删除', en: 'A chosen dish does not exist or was deleted' },
  serveDays: { zh: '供应日应为星期一至星期日中的若干天', en: 'The serving days must be days of the week (1-7)' },
  bookerTypes: {
    zh: '可订餐人员应为园区员工或企业员工',
    en: 'Who may book must be park staff, company staff or both',
  },
  categoryInUse: {
    zh: '该餐别下还有套餐，不能删除',
    en: 'This meal category still has meals and cannot be deleted',
  },
  dishInUse: { zh: '该菜品仍在套餐中使用，不能删除', en: 'This dish is still part of a meal and cannot be deleted' },
} as const;

/** Comma-joined whole numbers from `allowed`, each once and in order; undefined when any part is not one. */
export function numberSet(value: unknown, allowed: readonly number[]): string | undefined {
  const parts = String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  const numbers = parts.map(Number);
  if (!numbers.every((n) => allowed.includes(n))) return undefined;
  return [...new Set(numbers)].sort((a, b) => a - b).join(',');
}

function checkClock(values: Record<string, unknown>, name: string, label: Bilingual) {
  const v = values[name];
  if (v === undefined || v === null) return;
  if (!CLOCK_TIME.test(String(v))) throw badRequest(MSG.clock(label));
}

async function requireCategory(q: Queryable, id: unknown) {
  if (id === undefined || id === null) return;
  const found = await q.query('select 1 from dhm_category_meal where id = $1 and tenant_id = $2 and is_deleted = 0', [
    id,
    ctx().tenantId,
  ]);
  if (!found.length) throw badRequest(MSG.category);
}

export function registerMenus(app: FastifyInstance, platform: Platform) {
  const dishesResource = createResource(platform, dishes, {
    async afterRemove({ q, ids }) {
      const used = await q.query(
        `select 1 from dhm_meal m, unnest($1::text[]) as d(id)
          where m.tenant_id = $2 and m.is_deleted = 0 and (',' || m.dishes_ids || ',') like '%,' || d.id || ',%' limit 1`,
        [ids, ctx().tenantId],
      );
      if (used.length) throw badRequest(MSG.dishInUse);
    },
  });
  mountResource(app, dishesResource);

  const categories = createResource(platform, categoryMeal, {
    async beforeSave({ values }) {
      checkClock(values, 'startTime', categoryMeal.fields[1].label);
      checkClock(values, 'endTime', categoryMeal.fields[2].label);
      if (values.startTime && values.endTime && String(values.endTime) <= String(values.startTime)) {
        throw badRequest(MSG.servingHours);
      }
    },
    async afterRemove({ q, ids }) {
      const used = await q.query(
        'select 1 from dhm_meal where category_meal_id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0 limit 1',
        [ids, ctx().tenantId],
      );
      if (used.length) throw badRequest(MSG.categoryInUse);
      // Its booking rule goes with it.
      await q.query(
        `update dhm_meal_config set is_deleted = 1, update_user = $2, update_time = localtimestamp(0)
          where category_meal_id = any($1::bigint[]) and tenant_id = $3 and is_deleted = 0`,
        [ids, ctx().userId, ctx().tenantId],
      );
    },
  });
  mountResource(app, categories);
  // Spec part 7: category-meal's remove is a DELETE (the generic POST stays for the generic screen).
  app.delete<{ Querystring: Record<string, unknown> }>(
    `/api/${categoryMeal.api}/remove`,
    { config: { title: `${categoryMeal.label.zh}删除` } },
    async (req) => {
      const ids = idsParam(req.query);
      return ok(true, removedMessage(await categories.remove(ids), new Set(ids).size));
    },
  );

  const meals = createResource(platform, meal, {
    async beforeSave({ q, values }) {
      await requireCategory(q, values.categoryMealId);
      if (values.serveDays !== undefined && values.serveDays !== null) {
        const days = numberSet(values.serveDays, WEEK_DAYS);
        if (!days) throw badRequest(MSG.serveDays);
        values.serveDays = days;
      }
      if (values.dishesIds !== undefined && values.dishesIds !== null) {
        const ids = [
          ...new Set(
            String(values.dishesIds)
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ];
        if (ids.length === 0 || !ids.every(isId)) throw badRequest(MSG.dishes);
        const found = await q.query<{ n: string }>(
          'select count(*)::text as n from dhm_dishes where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0',
          [ids, ctx().tenantId],
        );
        if (Number(found[0].n) !== ids.length) throw badRequest(MSG.dishes);
        values.dishesIds = ids.join(',');
      }
    },
  });
  mountResource(app, meals);

  const configs = createResource(platform, mealConfig, {
    async beforeSave({ q, values }) {
      await requireCategory(q, values.categoryMealId);
      checkClock(values, 'deadlineTime', mealConfig.fields[2].label);
      if (values.bookerTypes !== undefined && values.bookerTypes !== null) {
        const types = numberSet(values.bookerTypes, [1, 2]);
        if (!types) throw badRequest(MSG.bookerTypes);
        values.bookerTypes = types;
      }
    },
  });
  mountResource(app, configs);
}
