import type { WeekMeal } from '../../../../api/dhm.ts';

/**
 * A meal's booking window as the park's clock tells it (issue 34): not open yet (a same-day rule opens at the meal
 * day's 00:00), open until its deadline, or closed; the same tests the server makes when it books
 * (server/src/modules/dhm/orders.ts). `now` is the park's yyyy-MM-dd HH:mm:ss (web/src/clock.ts), so the label
 * changes as the window opens or closes while the screen stays open.
 */
export type MealWindow = { state: 'notOpen'; at: string } | { state: 'open'; until: string } | { state: 'closed' };

export function mealWindow(meal: Pick<WeekMeal, 'mealDate' | 'opensAt' | 'deadline'>, now: string): MealWindow {
  const seconds = (minute: string) => `${minute}:00`;
  if (meal.mealDate < now.slice(0, 10) || now > seconds(meal.deadline)) return { state: 'closed' };
  if (meal.opensAt && now < seconds(meal.opensAt)) return { state: 'notOpen', at: meal.opensAt };
  return { state: 'open', until: meal.deadline };
}

/** Whether an order may be written off now: on its meal day only, the park's (the server refuses other days). */
export const onMealDay = (mealDate: unknown, today: string): boolean => String(mealDate ?? '') === today;
