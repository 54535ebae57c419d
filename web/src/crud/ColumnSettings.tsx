import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettableColumn } from './TableToolbar.tsx';
import { hiddenKeys, orderedKeys, type TableSettings } from './useTableSettings.ts';

/** The keys with `key` moved to place `to` among the others. */
export function moveKey(keys: string[], key: string, to: number): string[] {
  const rest = keys.filter((k) => k !== key);
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), key, ...rest.slice(at)];
}

/**
 * The columns of a list, each with its checkbox (shown or not) and its place: dragged by its handle with the
 * mouse, or moved up and down by its buttons from the keyboard. 重置 brings back every column in its own order.
 * A column the screen is too narrow for (`narrow`) starts unticked, marked so; ticked, it shows all the same.
 */
export default function ColumnSettings({
  columns,
  settings,
  update,
  onClose,
  narrow = [],
}: {
  columns: SettableColumn[];
  /** The columns hidden for the screen's width (columnsToHide). */
  narrow?: string[];
  settings: TableSettings;
  update: (change: Partial<TableSettings>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('crud');
  const panel = useRef<HTMLFieldSetElement>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const keys = orderedKeys(
    columns.map((column) => column.key),
    settings.order,
  );
  const hidden = hiddenKeys(settings, narrow);
  const forWidth = new Set(narrow.filter((key) => hidden.has(key) && !settings.hidden.includes(key)));
  const shown = keys.filter((key) => !hidden.has(key)).length;
  // Shown or hidden by the user's own choice, which holds whatever the screen's width.
  const show = (key: string, on: boolean) =>
    update({
      hidden: on ? settings.hidden.filter((k) => k !== key) : [...settings.hidden, key],
      shown: on ? [...settings.shown.filter((k) => k !== key), key] : settings.shown.filter((k) => k !== key),
    });
  const name = (key: string) => {
    const title = byKey.get(key)?.title;
    return typeof title === 'string' ? title : key;
  };

  // Opened, the panel takes the focus on its first control, so that Tab goes on through it.
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, []);

  const move = (key: string, to: number) => update({ order: moveKey(keys, key, to) });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <fieldset
      ref={panel}
      aria-label={t('columnSettings')}
      onKeyDown={onKeyDown}
      style={{ width: 260, border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <Flex justify="space-between" align="center" style={{ padding: '8px 12px', borderBottom: '1px solid #0000000f' }}>
        <Checkbox
          checked={shown === keys.length}
          indeterminate={shown > 0 && shown < keys.length}
          onChange={(event) => update(event.target.checked ? { hidden: [], shown: keys } : { hidden: keys, shown: [] })}
        >
          {t('columnsShown')}
        </Checkbox>
        <Button type="link" size="small" onClick={() => update({ order: [], hidden: [], shown: [] })}>
          {t('columnsReset')}
        </Button>
      </Flex>
      <ul style={{ listStyle: 'none', margin: 0, padding: 4, maxHeight: 360, overflowY: 'auto' }}>
        {keys.map((key, index) => (
          <li
            key={key}
            data-column={key}
            draggable
            onDragStart={(event) => {
              setDragged(key);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (dragged) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged && dragged !== key) move(dragged, keys.filter((k) => k !== dragged).indexOf(key));
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 4,
              padding: '2px 8px',
              opacity: dragged === key ? 0.5 : 1,
            }}
          >
            <HolderOutlined aria-hidden style={{ cursor: 'grab', color: '#00000073' }} />
            <Checkbox
              style={{ flex: 1, minWidth: 0 }}
              checked={!hidden.has(key)}
              onChange={(event) => show(key, event.target.checked)}
            >
              <Typography.Text ellipsis>{name(key)}</Typography.Text>
              {forWidth.has(key) && (
                <Typography.Text type="secondary" style={{ marginInlineStart: 4, fontSize: 12 }}>
                  {t('hiddenForWidth')}
                </Typography.Text>
              )}
            </Checkbox>
            <Button
              type="text"
              size="small"
              aria-label={t('moveUp', { name: name(key) })}
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => move(key, index - 1)}
            />
            <Button
              type="text"
              size="small"
              aria-label={t('moveDown', { name: name(key) })}
              icon={<ArrowDownOutlined />}
              disabled={index === keys.length - 1}
              onClick={() => move(key, index + 1)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
