import type { EntityDef, FieldDef } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Modal, Spin, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDetail, type Row } from '../api/crud.ts';
import { RichTextView } from '../components/RichTextView.tsx';
import { currentLang, useLang } from '../i18n/index.ts';
import { renderCell } from './columns.tsx';
import { useFocusReturn } from './FormModal.tsx';
import type { FieldInputs } from './RecordModal.tsx';
import { toFormValues } from './values.ts';

/** Long text keeps its line breaks and wraps within the list, a long word (a link, a code) too. */
const WRAPPED = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * A field's value as the description list shows it: as the list's cell does (dictionary label, money,
 * the named row, dates as the server sends them), with room to spare: a picture at a readable size,
 * long text wrapped, a rich-text body as the HTML the server sanitised on saving.
 */
export function describedValue(field: FieldDef, value: unknown, row?: Row): ReactNode {
  if (field.image) {
    return value ? (
      <img
        src={String(value)}
        alt={field.label[currentLang()]}
        style={{ maxHeight: 120, maxWidth: '100%', objectFit: 'contain' }}
      />
    ) : (
      ''
    );
  }
  if (field.richText) {
    return <RichTextView html={String(value ?? '')} />;
  }
  if (field.type === 'text' && !field.dict) return <div style={WRAPPED}>{String(value ?? '')}</div>;
  return renderCell(field, value, row);
}

/** The fields a record's view shows: those of its form and those of its list. */
export function viewFieldsOf(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((field) => field.form !== false || field.list !== false);
}

interface RecordViewProps {
  entity: EntityDef;
  id: string;
  /** The screen's own inputs: a field shown by one (a tree's parent) shows its value through it. */
  inputs?: FieldInputs;
  /** The screen's own columns: a field's column that draws its value (a parent's name) draws it here too. */
  columns?: TableColumnType<Row>[];
  /** The screen's own read of the record, when its detail carries more than the fields (a repair's steps). */
  load?: () => Promise<Row>;
  /** What the screen shows below the fields, from the record as read (a repair's timeline). */
  below?: (row: Row) => ReactNode;
  title?: string;
  onClose: () => void;
}

/**
 * 查看 of a record with no detail page of its own: its fields as a description list, labelled and
 * formatted as the list shows them, not a form with its inputs disabled.
 */
export function RecordView({ entity, id, inputs, columns = [], load, below, title, onClose }: RecordViewProps) {
  const { t } = useTranslation(['crud', 'common']);
  const lang = useLang();
  // Closed, the focus goes back to the 查看 that opened it, as with the forms.
  useFocusReturn();
  const detail = useQuery({
    queryKey: ['crud', entity.key, 'detail', id, load ? 'own' : 'fields'],
    queryFn: load ?? (() => fetchDetail(entity, id)),
    gcTime: 0,
  });
  const fields = viewFieldsOf(entity);
  const row = detail.data as Row | undefined;

  const shown = (field: FieldDef, data: Row): ReactNode => {
    const render = columns.find((column) => column.key === field.name)?.render;
    if (render) return render(data[field.name], data, 0) as ReactNode;
    const input = inputs?.[field.name];
    // Only the screen's input knows how to name this value (a tree's node): shown by it, read-only.
    if (input) {
      return (
        <Form component={false} initialValues={toFormValues(fields, data)} disabled variant="borderless">
          <Form.Item name={field.name} noStyle>
            {input({ readOnly: true })}
          </Form.Item>
        </Form>
      );
    }
    return describedValue(field, data[field.name], data);
  };

  return (
    <Modal
      open
      title={title ?? t('view')}
      width={880}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
    >
      {detail.isPending ? (
        <Spin style={{ display: 'block', padding: 32 }} />
      ) : detail.isError || !row ? (
        <Alert type="error" showIcon title={detail.error?.message} />
      ) : (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            styles={{ label: { width: 140 } }}
            items={fields.map((field) => ({
              key: field.name,
              label: field.label[lang],
              span: field.type === 'text' || (field.span ?? 12) >= 24 ? { xs: 1, md: 2 } : 1,
              children: shown(field, row),
            }))}
          />
          {below?.(row)}
        </>
      )}
    </Modal>
  );
}
