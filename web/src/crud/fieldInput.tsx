import { CloseCircleFilled } from '@ant-design/icons';
import { type FieldDef, referenceOf } from '@park/catalog';
import { Input } from 'antd';
import { lazy, type ReactElement } from 'react';
import { Deferred } from '../components/Deferred.tsx';
// The pickers load with a form that has such a field, not with every list (see lazyInputs.tsx).
import {
  LazyEnterpriseSelector,
  LazyPersonPickerInput,
  LazyRefTreeSelect,
  LazyRowPickerInput,
  LazyTagInput,
} from '../components/pickers/lazyInputs.tsx';
import { RefSelect } from '../components/pickers/RefSelect.tsx';
import { i18n, type Lang } from '../i18n/index.ts';
import { DictSelect } from './DictSelect.tsx';
import { DATE_FORMAT, DATETIME_FORMAT } from './dates.ts';

// Antd's number input (some 7 kB compressed) loads with the first form that has a number field.
const InputNumber = lazy(() => import('antd/es/input-number'));
// Antd's date picker (some 29 kB compressed) loads with the first form that has a date field.
const DatePicker = lazy(() => import('antd/es/date-picker'));
// The image upload (antd's Upload with it) loads with the first form that has an image field.
const ImageInput = lazy(() => import('../components/ImageInput.tsx').then((m) => ({ default: m.ImageInput })));
// The rich-text editor (TipTap, the heaviest input) loads only with a form that has a rich-text field.
const RichTextEditor = lazy(() => import('../components/RichTextEditor.tsx'));

/** A search field's clear button (a button Tab reaches), named in the language: antd names it by its icon, "close-circle". */
function clearable(lang: Lang) {
  return { clearIcon: <CloseCircleFilled aria-label={i18n.t('crud:clearField', { lng: lang })} /> };
}

interface InputOptions {
  /** In the search form: one line for text, clearable, and a `search_<field>` name as test hook. */
  search?: boolean;
  /** Viewing a row: nothing to type, so no prompts or character counters. */
  readOnly?: boolean;
}

/**
 * The input for a field by its type. It is the direct child of its Form.Item, which gives it
 * value, onChange and the id (`<field>` in the record form, `search_<field>` in the search form).
 */
export function fieldInput(
  field: FieldDef,
  lang: Lang,
  { search = false, readOnly = false }: InputOptions = {},
): ReactElement {
  const label = field.label[lang];
  const typePlaceholder = readOnly ? undefined : i18n.t('crud:inputPlaceholder', { label, lng: lang });
  const pickPlaceholder = readOnly ? undefined : i18n.t('crud:selectPlaceholder', { label, lng: lang });
  const name = search ? `search_${field.name}` : field.name;

  if (field.image) return <Deferred input={ImageInput} label={label} disabled={readOnly} />;
  // Viewed, it is drawn as the editor's schema leaves the HTML, never as raw markup.
  if (field.richText && !search) return <Deferred input={RichTextEditor} label={label} disabled={readOnly} />;
  // Tags typed or picked from the tag key's list; searched as plain text.
  if (field.tagKey && !search)
    return <Deferred input={LazyTagInput} tagKey={field.tagKey} placeholder={pickPlaceholder} disabled={readOnly} />;
  // A row of another list: picked in its dialog and shown by name (the enterprise in its own selector).
  if (field.picker === 'enterprise')
    return <Deferred input={LazyEnterpriseSelector} placeholder={pickPlaceholder} disabled={readOnly} />;
  if (field.picker)
    return (
      <Deferred input={LazyRowPickerInput} kind={field.picker} placeholder={pickPlaceholder} disabled={readOnly} />
    );
  // A park user in the person picker; a row of another list in a drop-down searched by its name.
  if (field.ref?.entity === 'user' && field.ref.as) {
    return (
      <Deferred input={LazyPersonPickerInput} nameAs={field.ref.as} placeholder={pickPlaceholder} disabled={readOnly} />
    );
  }
  // A node of a tree (an industry, a parent) is picked from the tree; antd's tree select loads with such a form.
  if (field.ref && referenceOf(field)?.entity.tree) {
    return (
      <Deferred
        input={LazyRefTreeSelect}
        field={field}
        search={search}
        placeholder={pickPlaceholder}
        disabled={readOnly}
      />
    );
  }
  if (field.ref) return <RefSelect field={field} search={search} placeholder={pickPlaceholder} disabled={readOnly} />;
  if (field.dict) return <DictSelect field={field} allowClear placeholder={pickPlaceholder} />;
  switch (field.type) {
    case 'text':
      return search ? (
        <Input name={name} allowClear={clearable(lang)} placeholder={typePlaceholder} />
      ) : (
        <Input.TextArea
          name={name}
          rows={4}
          maxLength={field.maxLength}
          showCount={!readOnly}
          placeholder={typePlaceholder}
        />
      );
    case 'int':
    case 'decimal':
    case 'money':
      return (
        <Deferred
          input={InputNumber}
          name={name}
          style={{ width: '100%' }}
          precision={field.type === 'int' ? 0 : field.type === 'money' ? 2 : undefined}
          stringMode={field.type !== 'int'}
          placeholder={typePlaceholder}
        />
      );
    case 'date':
    case 'datetime': {
      const withTime = field.type === 'datetime' && !search;
      return (
        <Deferred
          input={DatePicker}
          name={name}
          style={{ width: '100%' }}
          showTime={withTime}
          format={withTime ? DATETIME_FORMAT : DATE_FORMAT}
          placeholder={pickPlaceholder}
        />
      );
    }
    default:
      return (
        <Input
          name={name}
          allowClear={search && clearable(lang)}
          maxLength={field.maxLength}
          placeholder={typePlaceholder}
        />
      );
  }
}
