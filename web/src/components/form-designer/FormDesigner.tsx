import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { type FormField, type FormFieldType, type FormSchema, schemaProblems } from '@park/catalog/forms';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Tabs, Typography, theme } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDefaultValues } from '../../api/workflow-form.ts';
import { toast } from '../../feedback.ts';
import { useLang } from '../../i18n/index.ts';
import { Canvas } from './Canvas.tsx';
import { type DragData, type DropData, dropTarget, innermostCollision } from './dnd.ts';
import { FieldKindIcon } from './FieldKindIcon.tsx';
import { FieldProperties, FormProperties } from './FieldProperties.tsx';
import {
  type ContainerId,
  canHold,
  containerType,
  copyField,
  holdsValue,
  insertField,
  isContainer,
  moveField,
  namesBeside,
  nextName,
  placeOf,
  removeField,
  updateField,
} from './fieldTree.ts';
import { JsonPanel } from './JsonPanel.tsx';
import { Palette } from './Palette.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { type DesignerKinds, newField } from './palette.ts';
import { applySkip } from './skipLogic.ts';

export interface FormDesignerProps {
  value: FormSchema;
  onChange: (schema: FormSchema) => void;
  /** The form's name, for the JSON download's file name. */
  name?: string;
  /** The designer's height (it scrolls its three columns within it). */
  height?: number | string;
  /**
   * The kinds of field offered: a workflow form's (the default), or a questionnaire's (`questionnaire`: rating, NPS,
   * matrix, ranking, "other" options, scores and the skip-logic helper; no people pickers or tables).
   */
  kinds?: DesignerKinds;
}

/**
 * The form designer: the field kinds (left) dragged onto the canvas (middle) or added with a click, fields reordered
 * by drag (or the keyboard: a field's move button, Space, the arrow keys, Space), dropped into groups and tables,
 * picked, copied and removed; the picked field's properties (right); a preview drawn by the renderer; the schema as
 * JSON. The value is the form's schema; its problems (`schemaProblems`, what the server refuses) show above the canvas.
 */
export function FormDesigner({
  value,
  onChange,
  name = 'form',
  height = 'calc(100vh - 170px)',
  kinds = 'workflow',
}: FormDesignerProps) {
  const { t } = useTranslation('forms');
  const lang = useLang();
  const [tab, setTab] = useState('design');
  const [selected, setSelected] = useState<string>();
  const problems = useMemo(() => schemaProblems(value), [value]);
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        {
          key: 'design',
          label: t('designer.tabDesign'),
          children: (
            <DesignArea
              value={value}
              onChange={onChange}
              selected={selected}
              onSelect={setSelected}
              problems={problems.map((problem) => problem[lang])}
              height={height}
              kinds={kinds}
            />
          ),
        },
        {
          key: 'preview',
          label: t('designer.tabPreview'),
          children: (
            <div style={{ height, overflowY: 'auto' }}>
              <PreviewPanel schema={value} />
            </div>
          ),
        },
        {
          key: 'json',
          label: t('designer.tabJson'),
          children: (
            <div style={{ height, overflowY: 'auto' }}>
              <JsonPanel
                schema={value}
                name={name}
                onApply={(schema) => {
                  setSelected(undefined);
                  onChange(schema);
                }}
              />
            </div>
          ),
        },
      ]}
    />
  );
}

interface DesignAreaProps {
  value: FormSchema;
  onChange: (schema: FormSchema) => void;
  selected: string | undefined;
  onSelect: (id: string | undefined) => void;
  problems: string[];
  height: number | string;
  kinds: DesignerKinds;
}

function DesignArea({ value, onChange, selected, onSelect, problems, height, kinds }: DesignAreaProps) {
  const { t } = useTranslation('forms');
  const { token } = theme.useToken();
  const [dragged, setDragged] = useState<{ type: FormFieldType; label: string }>();
  // Bumped when a field's properties change from outside the panel (a move that renames it), so the panel reloads.
  const [revision, setRevision] = useState(0);
  // The collision check runs outside React's render: it reads the fields as they are now.
  const fieldsRef = useRef(value.fields);
  fieldsRef.current = value.fields;
  const collision = useMemo(() => innermostCollision(() => fieldsRef.current), []);
  const sensors = useSensors(
    // A click picks a field; only a move of a few pixels starts a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // 表单默认值 are readable from the form screen (the catalog's readWith).
  // A questionnaire has no starter, and its screens do not open the workflow's presets.
  const presets = useQuery({
    queryKey: ['workflow', 'form-default-values'],
    queryFn: fetchDefaultValues,
    enabled: kinds === 'workflow',
  });

  const fields = value.fields;
  const setFields = (next: FormField[]) => onChange({ ...value, fields: next });
  const kindName = (type: FormFieldType) => t(`kinds.${type}`);
  const containerName = (container: ContainerId) => {
    const type = containerType(fields, container);
    return type === 'form' ? t('designer.form') : kindName(type);
  };
  const fits = (container: ContainerId, type: FormFieldType) => {
    if (canHold(containerType(fields, container), type)) return true;
    toast.warning(t('designer.cannotHold', { container: containerName(container), kind: kindName(type) }));
    return false;
  };

  const add = (type: FormFieldType, container: ContainerId, index: number) => {
    if (!fits(container, type)) return;
    const field = newField(
      type,
      fields,
      container,
      kindName(type),
      (n) => t('designer.option', { n }),
      (n) => t('designer.row', { n }),
    );
    setFields(insertField(fields, container, index, field));
    onSelect(field.id);
  };

  /** A click on a kind: into the picked group or table, else after the picked field, else at the form's end. */
  const addByClick = (type: FormFieldType) => {
    const picked = selected ? placeOf(fields, selected) : undefined;
    if (picked && isContainer(picked.field) && canHold(picked.field.type, type)) {
      add(type, picked.field.id, picked.field.children?.length ?? 0);
    } else if (picked && canHold(containerType(fields, picked.container), type)) {
      add(type, picked.container, picked.index + 1);
    } else {
      add(type, null, fields.length);
    }
  };

  const labelOf = (id: UniqueIdentifier): string => {
    const key = String(id);
    if (key.startsWith('palette:')) return kindName(key.slice('palette:'.length) as FormFieldType);
    if (key.startsWith('container:')) {
      const container = key.slice('container:'.length);
      return container === 'form' ? t('designer.form') : labelOf(container);
    }
    const field = placeOf(fields, key)?.field;
    return field ? field.label || kindName(field.type) : key;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.picked', { label: labelOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('dnd.over', { label: labelOf(active.id), over: labelOf(over.id) })
        : t('dnd.outside', { label: labelOf(active.id) }),
    onDragEnd: ({ active, over }) => t(over ? 'dnd.dropped' : 'dnd.cancelled', { label: labelOf(active.id) }),
    onDragCancel: ({ active }) => t('dnd.cancelled', { label: labelOf(active.id) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as DragData;
    const type = data.kind === 'palette' ? data.type : placeOf(fields, String(active.id))?.field.type;
    if (type) setDragged({ type, label: labelOf(active.id) });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(undefined);
    if (!over) return;
    const drag = active.data.current as DragData;
    const target = dropTarget(
      fields,
      { id: active.id, data: drag, rect: active.rect.current.translated },
      { id: over.id, data: over.data.current as DropData | undefined, rect: over.rect },
    );
    if (!target) return;
    if (drag.kind === 'palette') {
      add(drag.type, target.container, target.index);
      return;
    }
    const from = placeOf(fields, String(active.id));
    if (!from || !fits(target.container, from.field.type)) return;
    let moved = moveField(fields, from.field.id, target.container, target.index);
    // A table's columns have names of their own: one moved out of (or into) a table takes a free name if its is taken.
    const { name } = from.field;
    if (holdsValue(from.field.type) && name && namesBeside(moved, target.container, from.field.id).has(name)) {
      moved = updateField(moved, from.field.id, { name: nextName(moved, target.container) });
      setRevision((n) => n + 1);
    }
    setFields(moved);
    onSelect(from.field.id);
  };

  const picked = selected ? placeOf(fields, selected) : undefined;
  const column = { height, overflowY: 'auto' as const, minWidth: 0 };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(undefined)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
    >
      <Flex gap={16}>
        <div style={{ ...column, flex: '0 0 220px' }}>
          <Palette onAdd={addByClick} kinds={kinds} />
        </div>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click beside the fields unpicks; the keyboard needs no such thing */}
        <div style={{ ...column, flex: 1, paddingInline: 4 }} onClick={() => onSelect(undefined)}>
          {problems.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              title={t('designer.problems', { count: problems.length })}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Canvas
            fields={fields}
            actions={{
              selected,
              onSelect,
              onCopy: (id) => {
                const copied = copyField(fields, id);
                setFields(copied.fields);
                onSelect(copied.id);
              },
              onRemove: (id) => {
                setFields(removeField(fields, id));
                onSelect(undefined);
              },
            }}
          />
        </div>
        <aside
          aria-label={picked ? t('designer.properties') : t('designer.formProperties')}
          style={{
            ...column,
            flex: '0 0 320px',
            borderInlineStart: `1px solid ${token.colorBorderSecondary}`,
            paddingInline: 12,
          }}
        >
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {picked ? t('designer.properties') : t('designer.formProperties')}
          </Typography.Title>
          {picked ? (
            <FieldProperties
              key={`${picked.field.id}:${revision}`}
              schema={value}
              field={picked.field}
              container={picked.container}
              presets={presets.data ?? []}
              onChange={(patch) => setFields(updateField(fields, picked.field.id, patch))}
              kinds={kinds}
              onSkip={(option, target) => {
                const skipped = applySkip(fields, picked.field.id, option, target);
                setFields(skipped.fields);
                toast.success(t('props.skipDone', { count: skipped.count }));
              }}
            />
          ) : (
            <FormProperties schema={value} onChange={onChange} kinds={kinds} />
          )}
        </aside>
      </Flex>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <Flex
            gap={6}
            align="center"
            style={{
              padding: '4px 10px',
              width: 'max-content',
              background: token.colorBgElevated,
              border: `1px solid ${token.colorPrimary}`,
              borderRadius: token.borderRadius,
              boxShadow: token.boxShadowSecondary,
              cursor: 'grabbing',
            }}
          >
            <FieldKindIcon type={dragged.type} />
            {dragged.label}
          </Flex>
        )}
      </DragOverlay>
    </DndContext>
  );
}
