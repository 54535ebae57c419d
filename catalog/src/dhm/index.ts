import { dictField, text, typed } from '../crm/fields.ts';
import { createTimeField, remarkField, sortField } from '../system/fields.ts';
import type { EntityDef, FieldDef, Text } from '../types.ts';

/**
 * The canteen (spec part 1 "Canteen"; part 7 blade-dhm): dishes, meal categories (餐别), meals (套餐)
 * made of dishes and served on some days of the week with an optional daily portion limit, the booking
 * rules of each category (meal-config) and the orders people book, cancel and have written off (核销).
 * The rules an order obeys are the server's (server/src/modules/dhm); the catalog declares the fields.
 */

/** orderMealStatus (spec part 4: 0 booked, 1 written off) plus the state a canteen needs: 2 cancelled. */
export const ORDER_MEAL_STATUS = { booked: 0, writtenOff: 1, cancelled: 2 } as const;

/**
 * A written-off order is the record of a meal served and charged: never deleted (the server's remove and a
 * trigger refuse it, issue 34.2). It stays, counted in the statistics; nothing replaces it.
 */
export const ORDER_MEAL_KEPT: Text = {
  zh: '已核销的订单是用餐记录，不能删除',
  en: 'A written-off order is the record of a meal served and cannot be deleted',
};
/** Whether an order row is kept (its 删除 is not offered). */
export const orderMealKept = (row: Record<string, unknown>) =>
  Number(row.orderMealStatus) === ORDER_MEAL_STATUS.writtenOff;

/** mealConfigDate (spec part 4): -1 unlimited, 0 same day, 1 one day before, 2 two days before. */
export const MEAL_CONFIG_DATES = [-1, 0, 1, 2] as const;

/** Who may book a category's meals (meal-config `bookerTypes`, comma-joined): park staff, company staff (blade_user.user_type). */
export const BOOKER_TYPES = { park: 1, company: 2 } as const;

/** The days of the week a meal is served (meal `serveDays`, comma-joined), ISO numbering: 1 Monday ... 7 Sunday. */
export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A clock time HH:mm (serving hours, the booking cut-off). */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const required = (label: Text, pick = false): Text =>
  pick
    ? { zh: `请选择${label.zh}`, en: `Please select the ${label.en.toLowerCase()}` }
    : { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` };

/** On sale (1) or off (0): the dishes' and meals' own status column, read through dhm_sale_status. */
function saleStatus(label: Text): FieldDef {
  return { ...dictField('status', label, 'dhm_sale_status', true), initial: 1 };
}

function clock(name: string, label: Text, isRequired = false): FieldDef {
  return {
    name,
    type: 'string',
    label,
    maxLength: 5,
    format: 'time',
    required: isRequired ? required(label, true) : undefined,
  };
}

export const dishes: EntityDef = {
  key: 'dishes',
  module: 'dhm',
  api: 'blade-dhm/dishes',
  route: '/dhm/dhm/dishes',
  table: 'dhm_dishes',
  label: { zh: '菜品管理', en: 'Dishes' },
  // A meal's editing page picks its dishes.
  readWith: ['/dhm/dhm/meal'],
  fields: [
    {
      ...text('dishesName', { zh: '菜品名称', en: 'Dish name' }, { required: true, search: true, max: 100 }),
      sort: true,
      unique: { zh: '菜品名称已存在', en: 'A dish with this name already exists' },
    },
    {
      name: 'dishesPicture',
      type: 'string',
      label: { zh: '菜品图片', en: 'Picture' },
      maxLength: 1000,
      image: true,
    },
    typed('price', 'money', { zh: '价格(元)', en: 'Price (yuan)' }, { required: true, min: 0, sort: true }),
    dictField('taste', { zh: '口味', en: 'Taste' }, 'dishes_taste'),
    saleStatus({ zh: '上架状态', en: 'On sale' }),
    remarkField,
    createTimeField,
  ],
};

export const categoryMeal: EntityDef = {
  key: 'category_meal',
  module: 'dhm',
  api: 'blade-dhm/category-meal',
  route: '/dhm/dhm/category-meal',
  table: 'dhm_category_meal',
  label: { zh: '餐别分类', en: 'Meal categories' },
  // Meals, booking rules and orders pick or show their category.
  readWith: ['/dhm/dhm/meal', '/dhm/dhm/meal/meal-config', '/dhm/dhm/order-meal'],
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      ...text('categoryName', { zh: '餐别名称', en: 'Category name' }, { required: true, search: true, max: 50 }),
      unique: { zh: '餐别名称已存在', en: 'A meal category with this name already exists' },
    },
    clock('startTime', { zh: '供餐开始时间', en: 'Serving from' }, true),
    clock('endTime', { zh: '供餐结束时间', en: 'Serving until' }, true),
    sortField({ zh: '请输入排序', en: 'Please enter the sort order' }),
    remarkField,
    createTimeField,
  ],
};

const categoryRef = (label: Text): FieldDef => ({
  ...typed('categoryMealId', 'id', label, { required: true }),
  search: true,
  ref: { entity: 'category_meal', nameField: 'categoryName', as: 'categoryName' },
});

export const meal: EntityDef = {
  key: 'meal',
  module: 'dhm',
  api: 'blade-dhm/meal',
  route: '/dhm/dhm/meal',
  table: 'dhm_meal',
  label: { zh: '套餐管理', en: 'Meals' },
  // The order screen books meals and statistics name them.
  readWith: ['/dhm/dhm/order-meal'],
  fields: [
    text('mealName', { zh: '套餐名称', en: 'Meal name' }, { required: true, search: true, max: 100 }),
    categoryRef({ zh: '所属餐别', en: 'Category' }),
    {
      // The dishes' ids, comma-joined, picked on the meal's editing page.
      name: 'dishesIds',
      type: 'string',
      label: { zh: '菜品', en: 'Dishes' },
      maxLength: 2000,
      list: false,
      required: required({ zh: '菜品', en: 'Dishes' }, true),
    },
    typed('price', 'money', { zh: '价格(元)', en: 'Price (yuan)' }, { required: true, min: 0, sort: true }),
    {
      // ISO days of the week, comma-joined: 1 Monday ... 7 Sunday.
      name: 'serveDays',
      type: 'string',
      label: { zh: '供应日', en: 'Served on' },
      maxLength: 20,
      required: required({ zh: '供应日', en: 'Serving days' }, true),
    },
    {
      ...typed('dailyLimit', 'int', { zh: '每日限量(份)', en: 'Daily portions' }, { min: 1 }),
      unlimited: true,
    },
    saleStatus({ zh: '上架状态', en: 'On sale' }),
    remarkField,
    createTimeField,
  ],
};

export const mealConfig: EntityDef = {
  key: 'meal_config',
  module: 'dhm',
  api: 'blade-dhm/meal-config',
  route: '/dhm/dhm/meal/meal-config',
  table: 'dhm_meal_config',
  label: { zh: '订餐配置', en: 'Meal settings' },
  // The order screen shows each category's cut-off.
  readWith: ['/dhm/dhm/order-meal'],
  fields: [
    {
      ...categoryRef({ zh: '餐别', en: 'Meal category' }),
      unique: { zh: '该餐别已有订餐配置', en: 'This meal category already has its booking settings' },
    },
    {
      ...dictField('mealConfigDate', { zh: '订餐时间', en: 'Booking window' }, 'meal_config_date', true),
      initial: 1,
    },
    clock('deadlineTime', { zh: '截止时间', en: 'Cut-off time' }, true),
    {
      // Comma-joined keys of dhm_booker_type: 1 park staff, 2 company staff.
      name: 'bookerTypes',
      type: 'string',
      label: { zh: '可订餐人员', en: 'Who may book' },
      maxLength: 20,
      required: required({ zh: '可订餐人员', en: 'Who may book' }, true),
      initial: '1,2',
    },
    remarkField,
    createTimeField,
  ],
};

export const orderMeal: EntityDef = {
  key: 'order_meal',
  module: 'dhm',
  api: 'blade-dhm/order-meal',
  route: '/dhm/dhm/order-meal',
  table: 'dhm_order_meal',
  label: { zh: '订餐记录', en: 'Meal orders' },
  defaultSort: { field: 'createTime', desc: true },
  fields: [
    {
      name: 'orderNo',
      type: 'string',
      label: { zh: '订单编号', en: 'Order number' },
      maxLength: 32,
      form: false,
      search: true,
    },
    {
      ...typed('mealId', 'id', { zh: '套餐', en: 'Meal' }, { required: true }),
      ref: { entity: 'meal', nameField: 'mealName', as: 'mealName' },
    },
    { ...categoryRef({ zh: '餐别', en: 'Category' }), required: undefined, form: false },
    { ...typed('mealDate', 'date', { zh: '用餐日期', en: 'Meal date' }, { required: true }), search: true },
    {
      name: 'userId',
      type: 'id',
      label: { zh: '订餐人', en: 'Booked by' },
      form: false,
      ref: { entity: 'user', nameField: 'realName', as: 'bookerName' },
    },
    {
      name: 'enterpriseId',
      type: 'id',
      label: { zh: '所属企业', en: 'Enterprise' },
      form: false,
      search: true,
      ref: { entity: 'enterprise', nameField: 'enterpriseName', as: 'enterpriseName' },
    },
    { ...typed('price', 'money', { zh: '金额(元)', en: 'Amount (yuan)' }, { min: 0, sort: true }), form: false },
    {
      ...dictField('orderMealStatus', { zh: '订单状态', en: 'Status' }, 'order_meal_status'),
      form: false,
    },
    {
      name: 'verificationTime',
      type: 'datetime',
      label: { zh: '核销时间', en: 'Written off' },
      form: false,
      sort: true,
    },
    {
      name: 'verificationUser',
      type: 'id',
      label: { zh: '核销人', en: 'Written off by' },
      form: false,
      list: false,
      ref: { entity: 'user', nameField: 'realName', as: 'verificationUserName' },
    },
    { name: 'cancelTime', type: 'datetime', label: { zh: '取消时间', en: 'Cancelled' }, form: false, list: false },
    remarkField,
    { ...createTimeField, list: true },
  ],
};

/** The canteen's entities. */
export const dhmEntities: EntityDef[] = [dishes, categoryMeal, meal, mealConfig, orderMeal];

/** One meal of a day of the booking screen's week (`GET blade-dhm/order-meal/week`), as server and web share it. */
export interface WeekMeal {
  mealDate: string;
  weekDay: number;
  mealId: string;
  mealName: string;
  price: string;
  dailyLimit: number | null;
  taken: number;
  categoryMealId: string;
  categoryName: string;
  startTime: string;
  endTime: string;
  deadline: string;
  /** When the window opens (yyyy-MM-dd HH:mm, the park's time): the meal day's 00:00 for a same-day rule, else null. */
  opensAt: string | null;
  /** The window by the park's clock when answered: not open yet, open until the deadline, or closed. */
  window: 'notOpen' | 'open' | 'closed';
  /** The caller is among those who may book the category. */
  forYou: boolean;
  /** The window is open for the caller (the day, the cut-off, who may book); portions and one per person aside. */
  open: boolean;
  /** The caller's live order of the meal that day, if any. */
  orderId: string | null;
  orderMealStatus: number | null;
}
