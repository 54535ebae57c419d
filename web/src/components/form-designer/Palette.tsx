import { useDraggable } from '@dnd-kit/core';
import type { FormFieldType } from '@park/catalog/forms';
import { Button, Flex, Typography } from 'antd';
import type { PointerEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { type DragData, paletteDragId } from './dnd.ts';
import { FieldKindIcon } from './FieldKindIcon.tsx';
import { type DesignerKinds, paletteOf } from './palette.ts';

/**
 * The field kinds by group. A kind is dragged onto the canvas with the mouse, or added with a click (Enter or Space
 * on the keyboard) after the picked field, or into the picked group or table.
 */
export function Palette({
  onAdd,
  kinds = 'workflow',
}: {
  onAdd: (type: FormFieldType) => void;
  kinds?: DesignerKinds;
}) {
  const { t } = useTranslation('forms');
  return (
    <nav aria-label={t('designer.palette')}>
      {paletteOf(kinds).map(({ group, types }) => (
        <section key={group} aria-labelledby={`palette-${group}`} style={{ marginBottom: 12 }}>
          <Typography.Title level={5} id={`palette-${group}`} style={{ fontSize: 13, margin: '0 0 6px' }}>
            {t(`palette.${group}`)}
          </Typography.Title>
          <Flex wrap gap={6}>
            {types.map((type) => (
              <PaletteItem key={type} type={type} onAdd={onAdd} />
            ))}
          </Flex>
        </section>
      ))}
    </nav>
  );
}

function PaletteItem({ type, onAdd }: { type: FormFieldType; onAdd: (type: FormFieldType) => void }) {
  const { t } = useTranslation('forms');
  const data: DragData = { kind: 'palette', type };
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: paletteDragId(type), data });
  return (
    <Button
      ref={setNodeRef}
      size="small"
      icon={<FieldKindIcon type={type} />}
      data-kind={type}
      title={t('designer.addHint', { kind: t(`kinds.${type}`) })}
      // The mouse drags it (listeners' pointer-down); a click, Enter or Space adds it.
      onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
      onClick={() => onAdd(type)}
      style={{
        width: 'calc(50% - 3px)',
        justifyContent: 'flex-start',
        opacity: isDragging ? 0.5 : 1,
        touchAction: 'none',
      }}
    >
      {t(`kinds.${type}`)}
    </Button>
  );
}
