import { type FormField, picksOther, starsOf } from '@park/catalog/forms';
import { Typography } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Deferred } from '../Deferred.tsx';
import { idsOf } from '../pickers/PickedName.tsx';
import { EnterpriseInput, useDeptNames, useUserNames } from './pickers.tsx';
import { useRegionNames } from './RegionCascader.tsx';
import { FileList, filesOf } from './UploadInput.tsx';

const RichTextEditor = lazy(() => import('../RichTextEditor.tsx'));

/** What an empty value reads as. */
const NOTHING = '—';

interface ReadValueProps {
  field: FormField;
  /** Given by the Form.Item around it, or by a table's cell. */
  value?: unknown;
  id?: string;
  /** The text of an "other" choice, when the field has one. */
  otherText?: unknown;
}

/** A field's value as text to read (a detail view, or a field a task may not change), in the field's own terms. */
export function ReadValue({ field, value, id, otherText }: ReadValueProps) {
  return (
    <div id={id} style={{ minHeight: 22, wordBreak: 'break-word' }}>
      <ValueText field={field} value={value} otherText={otherText} />
    </div>
  );
}

function ValueText({ field, value, otherText }: { field: FormField; value: unknown; otherText?: unknown }) {
  const { t } = useTranslation('forms');
  const empty =
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (field.type === 'matrix' && typeof value === 'object' && Object.keys(value).length === 0);
  if (field.type === 'switch') return value === true ? t('yes') : value === false ? t('no') : NOTHING;
  if (empty) return NOTHING;
  const optionLabel = (v: unknown) => {
    const option = field.options?.find((o) => o.value === v);
    if (!option) return String(v);
    // The "other" choice reads with the text it was given.
    return option.other && typeof otherText === 'string' && picksOther(field, value)
      ? t('other.read', { other: option.label, text: otherText })
      : option.label;
  };
  switch (field.type) {
    case 'textarea':
      return <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
    case 'money':
      return `¥${Number(value).toFixed(2)}`;
    case 'dateRange':
      return Array.isArray(value) ? value.join(' ~ ') : String(value);
    case 'select':
    case 'radio':
    case 'checkbox':
      return (Array.isArray(value) ? value : [value]).map(optionLabel).join(', ');
    case 'rating':
      return t('rating.read', { value, max: starsOf(field) });
    case 'matrix': {
      const cells = typeof value === 'object' ? (value as Record<string, unknown>) : {};
      const answered = (field.rows ?? []).filter((row) => Object.hasOwn(cells, row.value));
      return (
        <>
          {answered.map((row) => (
            <div key={row.value}>
              {t('matrix.read', {
                row: row.label,
                columns: [cells[row.value]].flat().map(optionLabel).join(t('listJoin')),
              })}
            </div>
          ))}
        </>
      );
    }
    case 'ranking':
      return (
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {(Array.isArray(value) ? value : [value]).map((v) => (
            <li key={String(v)}>{optionLabel(v)}</li>
          ))}
        </ol>
      );
    case 'region':
      return <RegionNames codes={Array.isArray(value) ? value.map(String) : []} />;
    case 'user':
      return <UserNames ids={idsOf(value)} />;
    case 'dept':
      return <DeptNames ids={idsOf(value)} />;
    case 'enterprise':
      return <EnterpriseInput value={idsOf(value)} multiple={field.multiple} disabled />;
    case 'upload':
      return <FileList files={filesOf(value)} />;
    case 'richText':
      return <Deferred input={RichTextEditor} label={field.label} value={String(value)} disabled />;
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

function RegionNames({ codes }: { codes: string[] }) {
  return useRegionNames(codes).join(' / ');
}

function UserNames({ ids }: { ids: string[] }) {
  return <Typography.Text>{useUserNames(ids).join(', ')}</Typography.Text>;
}

function DeptNames({ ids }: { ids: string[] }) {
  return useDeptNames(ids).join(', ');
}
