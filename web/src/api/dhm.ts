import type { WeekMeal } from '@park/catalog';
import type { Row } from './crud.ts';
import { request, requestFile } from './http.ts';

/** The canteen's own calls (blade-dhm/order-meal): book, cancel, write off, statistics. */
const ORDERS = 'blade-dhm/order-meal';

export const bookMeal = (body: { mealId: string; mealDate: string; remark?: string }) =>
  request<Row>(`${ORDERS}/submit`, { method: 'POST', body });

export const cancelOrder = (id: string) => request<Row>(`${ORDERS}/cancel`, { method: 'POST', query: { id } });

export const verifyOrder = (id: string) => request<Row>(`${ORDERS}/verification`, { method: 'POST', query: { id } });

export interface MealCounts {
  booked: number;
  writtenOff: number;
  cancelled: number;
  /** Yuan of the orders not cancelled. */
  revenue: string;
}

export interface MealStatistics {
  startDate: string;
  endDate: string;
  rows: (MealCounts & {
    mealDate: string;
    categoryMealId: string;
    categoryName: string | null;
    mealId: string;
    mealName: string | null;
  })[];
  byEnterprise: (MealCounts & { enterpriseId: string | null; enterpriseName: string | null })[];
  totals: MealCounts;
}

export const fetchMealStatistics = (query: { startDate?: string; endDate?: string; categoryMealId?: string }) =>
  request<MealStatistics>(`${ORDERS}/statistics`, { query });

export const exportMealStatistics = (query: { startDate?: string; endDate?: string; categoryMealId?: string }) =>
  requestFile(`${ORDERS}/statistics/export`, { query });

export type { WeekMeal };

export const fetchWeek = (startDate?: string) => request<WeekMeal[]>(`${ORDERS}/week`, { query: { startDate } });
