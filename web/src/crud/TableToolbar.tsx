import { ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Spin, Tooltip, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DENSITIES, type Density, type TableSettings } from './useTableSettings.ts';

// The column list with its ordering loads when it is first opened, not with every list.
const ColumnSettings = lazy(() => import('./ColumnSettings.tsx'));

/** A column as the settings list names it. */
export interface SettableColumn {
  key: string;
  title: ReactNode;
}

const DENSITY_LABEL = { large: 'densityLarge', middle: 'densityMiddle', small: 'densitySmall' } as const;

/**
 * The list's own controls at the toolbar's end, as ProTable's: refresh, density and the columns (shown and in
 * which order). Each is a button named in the active language, with its name as its tooltip; each opens by keyboard.
 */
export function TableToolbar({
  onRefresh,
  refreshing,
  settings,
  update,
  columns,
  narrow,
}: {
  onRefresh: () => void;
  refreshing: boolean;
  settings: TableSettings;
  update: (change: Partial<TableSettings>) => void;
  /** The columns the user may hide and move (the data columns; not the index or the actions). */
  columns: SettableColumn[];
  /** The columns hidden for the screen's width, which the user may show again. */
  narrow?: string[];
}) {
  const { t } = useTranslation('crud');
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <Space size={4} style={{ marginInlineStart: 'auto' }}>
      <Tooltip title={t('refresh')}>
        <Button type="text" aria-label={t('refresh')} icon={<ReloadOutlined spin={refreshing} />} onClick={onRefresh} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        autoFocus
        menu={{
          selectable: true,
          selectedKeys: [settings.density],
          items: DENSITIES.map((density) => ({ key: density, label: t(DENSITY_LABEL[density]) })),
          onClick: ({ key }) => update({ density: key as Density }),
        }}
      >
        <Tooltip title={t('density')}>
          <Button type="text" aria-label={t('density')} icon={<ColumnHeightOutlined />} />
        </Tooltip>
      </Dropdown>
      <Dropdown
        open={open}
        onOpenChange={(next, info) => {
          // Ticking a column leaves the list open; a click elsewhere or the button closes it.
          if (!next && info.source === 'menu') return;
          setOpen(next);
        }}
        trigger={['click']}
        autoFocus
        placement="bottomRight"
        popupRender={() => (
          <div
            style={{
              background: token.colorBgElevated,
              borderRadius: token.borderRadiusLG,
              boxShadow: token.boxShadowSecondary,
            }}
          >
            <Suspense fallback={<Spin style={{ margin: 16 }} />}>
              <ColumnSettings columns={columns} narrow={narrow} settings={settings} update={update} onClose={close} />
            </Suspense>
          </div>
        )}
      >
        <Tooltip title={t('columnSettings')}>
          <Button ref={trigger} type="text" aria-label={t('columnSettings')} icon={<SettingOutlined />} />
        </Tooltip>
      </Dropdown>
    </Space>
  );
}
