import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { horizontalListSortingStrategy, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type FormField, rankCount, starsOf } from '@park/catalog/forms';
import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import type { CSSProperties, KeyboardEventHandler, PointerEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { containerDropId, type DragData, type DropData } from './dnd.ts';
import { FieldKindIcon } from './FieldKindIcon.tsx';
import type { ContainerId } from './fieldTree.ts';

export interface CanvasActions {
  selected: string | undefined;
  onSelect: (id: string) => void;
  onCopy: (id: string) => void;
  onRemove: (id: string) => void;
}

/** The form as it is designed: its fields in rows by their widths, each picked, moved, copied or removed. */
export function Canvas({ fields, actions }: { fields: readonly FormField[]; actions: CanvasActions }) {
  const { t } = useTranslation('forms');
  return (
    <FieldList
      container={null}
      fields={fields}
      actions={actions}
      label={t('designer.canvas')}
      empty={t('designer.emptyForm')}
      minHeight={320}
    />
  );
}

interface FieldListProps {
  container: ContainerId;
  fields: readonly FormField[];
  actions: CanvasActions;
  label: string;
  empty: string;
  /** A table's columns stand side by side, each as wide as a cell. */
  columns?: boolean;
  minHeight?: number;
}

/** A container's fields: a sortable list and the area a field dropped at its end lands in. */
function FieldList({ container, fields, actions, label, empty, columns = false, minHeight = 56 }: FieldListProps) {
  const { token } = theme.useToken();
  const data: DropData = { kind: 'container', container };
  const { setNodeRef, isOver } = useDroppable({ id: containerDropId(container), data });
  return (
    <SortableContext
      id={containerDropId(container)}
      items={fields.map((field) => field.id)}
      strategy={columns ? horizontalListSortingStrategy : rectSortingStrategy}
    >
      <section
        ref={setNodeRef}
        aria-label={label}
        data-container={container ?? 'form'}
        style={{
          display: 'flex',
          flexWrap: columns ? 'nowrap' : 'wrap',
          alignContent: 'flex-start',
          overflowX: columns ? 'auto' : undefined,
          minHeight,
          padding: 4,
          borderRadius: token.borderRadius,
          border: `1px dashed ${isOver ? token.colorPrimary : token.colorBorder}`,
          background: isOver ? token.colorPrimaryBg : undefined,
        }}
      >
        {fields.map((field) => (
          <CanvasField key={field.id} field={field} container={container} actions={actions} column={columns} />
        ))}
        {fields.length === 0 && (
          <Typography.Text type="secondary" style={{ margin: 'auto', padding: 8, textAlign: 'center' }}>
            {empty}
          </Typography.Text>
        )}
      </section>
    </SortableContext>
  );
}

interface CanvasFieldProps {
  field: FormField;
  container: ContainerId;
  actions: CanvasActions;
  column: boolean;
}

function CanvasField({ field, container, actions, column }: CanvasFieldProps) {
  const { t } = useTranslation('forms');
  const { token } = theme.useToken();
  const data: DragData & DropData = { kind: 'field', container };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
    data,
  });
  const selected = actions.selected === field.id;
  const title = field.label || t(`kinds.${field.type}`);
  const width = column ? 180 : `${((field.span ?? 24) / 24) * 100}%`;
  const style: CSSProperties = {
    flex: `0 0 ${typeof width === 'number' ? `${width}px` : width}`,
    maxWidth: typeof width === 'number' ? undefined : width,
    padding: 4,
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.4 : 1,
  };
  return (
    <div ref={setNodeRef} style={style} data-field={field.name ?? field.id}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the mouse picks the card anywhere; the keyboard picks it with its title button */}
      <div
        onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
        onClick={(event) => {
          event.stopPropagation();
          actions.onSelect(field.id);
        }}
        style={{
          touchAction: 'none',
          cursor: 'grab',
          background: token.colorBgContainer,
          borderRadius: token.borderRadius,
          border: `${selected ? 2 : 1}px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
          padding: selected ? 7 : 8,
        }}
      >
        <Flex align="center" gap={4}>
          <Button
            ref={setActivatorNodeRef}
            type="text"
            size="small"
            icon={<HolderOutlined />}
            {...attributes}
            onKeyDown={listeners?.onKeyDown as KeyboardEventHandler | undefined}
            aria-label={t('designer.move', { label: title })}
            style={{ cursor: 'grab' }}
          />
          <Button
            type="text"
            size="small"
            aria-pressed={selected}
            onClick={(event) => {
              event.stopPropagation();
              actions.onSelect(field.id);
            }}
            style={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', paddingInline: 4 }}
          >
            <FieldKindIcon type={field.type} />
            <Typography.Text ellipsis strong={selected}>
              {field.required && <span style={{ color: token.colorError }}>* </span>}
              {title}
            </Typography.Text>
            {field.name && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {field.name}
              </Typography.Text>
            )}
          </Button>
          {selected && (
            <>
              <Tooltip title={t('designer.copy')}>
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={t('designer.copyField', { label: title })}
                  onClick={(event) => {
                    event.stopPropagation();
                    actions.onCopy(field.id);
                  }}
                />
              </Tooltip>
              <Tooltip title={t('designer.remove')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('designer.removeField', { label: title })}
                  onClick={(event) => {
                    event.stopPropagation();
                    actions.onRemove(field.id);
                  }}
                />
              </Tooltip>
            </>
          )}
        </Flex>
        <FieldBody field={field} actions={actions} />
      </div>
    </div>
  );
}

/** What the field looks like below its title: an input's outline, its options, or the fields it holds. */
function FieldBody({ field, actions }: { field: FormField; actions: CanvasActions }) {
  const { t } = useTranslation('forms');
  if (field.type === 'group' || field.type === 'table') {
    return (
      <div style={{ marginTop: 4 }}>
        <FieldList
          container={field.id}
          fields={field.children ?? []}
          actions={actions}
          columns={field.type === 'table'}
          label={t(field.type === 'group' ? 'designer.groupArea' : 'designer.tableArea', { label: field.label })}
          empty={t(field.type === 'group' ? 'designer.emptyGroup' : 'designer.emptyTable')}
        />
      </div>
    );
  }
  if (field.type === 'divider') return <Outline dashed height={2} />;
  const sketch = (text: string) => (
    <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  const labels = (list: FormField['options']) => (list ?? []).map((option) => option.label);
  if (field.type === 'radio' || field.type === 'checkbox') {
    const mark = field.type === 'radio' ? '○' : '☐';
    return sketch(
      labels(field.options)
        .map((label) => `${mark} ${label}`)
        .join('   '),
    );
  }
  if (field.type === 'rating') return sketch('☆'.repeat(starsOf(field)));
  if (field.type === 'nps') return sketch(Array.from({ length: 11 }, (_, n) => n).join('  '));
  if (field.type === 'matrix') {
    return sketch(`${labels(field.rows).join(' / ')}  ×  ${labels(field.options).join(' / ')}`);
  }
  if (field.type === 'ranking') {
    const ranked = labels(field.options).slice(0, rankCount(field));
    return sketch(ranked.map((label, i) => `${i + 1}. ${label}`).join('   '));
  }
  const tall = field.type === 'textarea' || field.type === 'richText';
  return (
    <Outline height={tall ? 56 : 28}>
      {field.placeholder ?? (field.type === 'select' ? field.options?.map((o) => o.label).join(' / ') : '')}
    </Outline>
  );
}

/** The outline of an input, drawn (not an input: nothing on the canvas takes typing or focus but its buttons). */
function Outline({ height, dashed = false, children }: { height: number; dashed?: boolean; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        marginTop: 4,
        height,
        border: `1px ${dashed ? 'dashed' : 'solid'} ${token.colorBorder}`,
        borderRadius: token.borderRadiusSM,
        background: token.colorFillQuaternary,
        color: token.colorTextPlaceholder,
        fontSize: 12,
        padding: '0 8px',
        lineHeight: `${Math.max(height - 2, 0)}px`,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
      }}
    >
      {children}
    </div>
  );
}
