import { dishes, WEEK_DAYS } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchPage } from '../../../api/crud.ts';

/** The canteen's screens' paths (the seeded menus' and their sub-pages). */
export const MEAL_PATH = '/dhm/dhm/meal';
export const MEAL_EDIT_PATH = '/dhm/dhm/meal/edit';
export const ORDER_PATH = '/dhm/dhm/order-meal';
export const STATISTICS_PATH = '/dhm/dhm/order-meal/statistics';
export const BOOK_PATH = '/dhm/dhm/order-meal/book';

/** The parts of a comma-joined stored value. */
export function partsOf(value: unknown): string[] {
  return String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** 周一、周三 from "1,3" (every day and weekdays by name). */
export function useServeDays() {
  const { t } = useTranslation('dhm');
  return (value: unknown): string => {
    const days = partsOf(value);
    if (days.length === 7) return t('everyDay');
    if (days.join(',') === '1,2,3,4,5') return t('workdays');
    return days.map((d) => t(`weekDay${d}` as 'weekDay1')).join('、');
  };
}

/** A comma-joined value (serving days, who may book) edited as checkboxes; the form keeps the string. */
export function CheckboxString({
  id,
  value,
  onChange,
  options,
  disabled,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  options: { value: string; label: string }[];
  disabled?: boolean;
}) {
  const order = options.map((o) => o.value);
  return (
    <span id={id}>
      <Checkbox.Group
        disabled={disabled}
        value={partsOf(value)}
        options={options}
        onChange={(checked) => {
          const sorted = order.filter((o) => checked.includes(o));
          onChange?.(sorted.length ? sorted.join(',') : undefined);
        }}
      />
    </span>
  );
}

export function useWeekDayOptions() {
  const { t } = useTranslation('dhm');
  return WEEK_DAYS.map((d) => ({ value: String(d), label: t(`weekDay${d}` as 'weekDay1') }));
}

/** The canteen's dishes as options, named with their price. */
export function useDishOptions() {
  const rows = useQuery({
    queryKey: ['crud', dishes.key, 'options', 'all'],
    queryFn: () => fetchPage(dishes, { current: 1, size: 1000, ascs: 'dishesName' }),
  });
  const options = (rows.data?.records ?? []).map((d) => ({
    value: d.id as string,
    label: `${String(d.dishesName)}（¥${String(d.price)}）`,
  }));
  return { options, loading: rows.isFetching };
}

/** A meal's dishes (stored comma-joined) as a multiple select of the dishes by name. */
export function DishesSelect({
  id,
  value,
  onChange,
  disabled,
  placeholder,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const { options, loading } = useDishOptions();
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch
      optionFilterProp="label"
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      value={partsOf(value)}
      options={options}
      onChange={(ids: string[]) => onChange?.(ids.length ? ids.join(',') : undefined)}
    />
  );
}
