import type { FormField } from '@park/catalog/forms';
import { Checkbox, DatePicker, Input, InputNumber, Radio, Select, Switch } from 'antd';
import type { FormItemProps } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, type ReactElement } from 'react';
import { DATE_FORMAT } from '../../crud/dates.ts';
import { i18n } from '../../i18n/index.ts';
import { Deferred } from '../Deferred.tsx';
import { DeptInput, EnterpriseInput, UserInput } from './pickers.tsx';
import { MatrixInput, NpsInput, RankingInput, RatingInput } from './QuestionInputs.tsx';
import { RegionCascader } from './RegionCascader.tsx';
import { UploadInput } from './UploadInput.tsx';

// The rich-text editor (TipTap, the heaviest input) loads only with a form that has a rich-text field.
const RichTextEditor = lazy(() => import('../RichTextEditor.tsx'));

/** A field's prompt: the designer's placeholder, else 请输入/请选择 and its label. */
function placeholderOf(field: FormField): string {
  if (field.placeholder) return field.placeholder;
  const typed = ['input', 'textarea', 'number', 'money'].includes(field.type);
  return i18n.t(typed ? 'crud:inputPlaceholder' : 'crud:selectPlaceholder', { label: field.label });
}

/**
 * How a Form.Item holds a field's value in the schema's shape while its input takes another: dates are
 * 'yyyy-MM-dd' strings in the form (what the server stores and expressions compare), dayjs in the picker.
 */
export function valueProps(field: FormField): Partial<FormItemProps> {
  switch (field.type) {
    case 'switch':
      return { valuePropName: 'checked' };
    case 'date':
      return {
        getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : undefined }),
        normalize: (day: Dayjs | null) => (day ? day.format(DATE_FORMAT) : undefined),
      };
    case 'dateRange':
      return {
        getValueProps: (value: unknown) => ({
          value: Array.isArray(value) && value.length === 2 ? value.map((day) => dayjs(String(day))) : undefined,
        }),
        normalize: (days: [Dayjs | null, Dayjs | null] | null) =>
          days?.[0] && days[1] ? [days[0].format(DATE_FORMAT), days[1].format(DATE_FORMAT)] : undefined,
      };
    default:
      return {};
  }
}

/**
 * The input of a field by its kind, the direct child of its Form.Item (which gives it value, onChange and id).
 * `ariaLabel` names it where no label stands beside it (a table's cell).
 */
export function editControl(field: FormField, ariaLabel?: string): ReactElement {
  const placeholder = placeholderOf(field);
  const aria = ariaLabel ? { 'aria-label': ariaLabel } : {};
  const options = (field.options ?? []).map(({ label, value }) => ({ label, value }));
  switch (field.type) {
    case 'input':
      return <Input placeholder={placeholder} maxLength={field.max} {...aria} />;
    case 'textarea':
      return (
        <Input.TextArea rows={3} placeholder={placeholder} maxLength={field.max} showCount={!!field.max} {...aria} />
      );
    case 'number':
    case 'money':
      return (
        <InputNumber
          style={{ width: '100%' }}
          placeholder={placeholder}
          precision={field.type === 'money' ? 2 : field.precision}
          min={field.min}
          max={field.max}
          prefix={field.type === 'money' ? '¥' : undefined}
          {...aria}
        />
      );
    case 'date':
      return <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder={placeholder} {...aria} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={{ width: '100%' }} format={DATE_FORMAT} {...aria} />;
    case 'select':
      return (
        <Select
          options={options}
          mode={field.multiple ? 'multiple' : undefined}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={placeholder}
          {...aria}
        />
      );
    case 'radio':
      return <Radio.Group options={options} {...aria} />;
    case 'checkbox':
      return <Checkbox.Group options={options} {...aria} />;
    case 'switch':
      return <Switch {...aria} />;
    case 'region':
      return <RegionCascader placeholder={placeholder} {...aria} />;
    case 'user':
      return <UserInput multiple={field.multiple} placeholder={placeholder} {...aria} />;
    case 'dept':
      return <DeptInput multiple={field.multiple} placeholder={placeholder} {...aria} />;
    case 'enterprise':
      return <EnterpriseInput multiple={field.multiple} placeholder={placeholder} {...aria} />;
    case 'upload':
      return <UploadInput {...aria} />;
    case 'richText':
      return <Deferred input={RichTextEditor} label={ariaLabel ?? field.label} />;
    case 'rating':
      return <RatingInput field={field} {...aria} />;
    case 'nps':
      return <NpsInput field={field} {...aria} />;
    case 'matrix':
      return <MatrixInput field={field} {...aria} />;
    case 'ranking':
      return <RankingInput field={field} {...aria} />;
    default:
      // Layout kinds and tables are drawn by the renderer itself, never as one input.
      throw new Error(`${field.type} has no single input`);
  }
}
