import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_NAMES, type ThemeName, usePreferences } from '../stores/preferences.ts';
import { THEMES } from './themes.ts';

/** A small picture of a theme: its sidebar, header, tags bar and page colours. */
function Swatch({ name }: { name: ThemeName }) {
  const look = THEMES[name];
  return (
    <Flex style={{ height: 56, borderRadius: 4, overflow: 'hidden', border: '1px solid rgba(0,0,0,0.1)' }}>
      <div style={{ width: 22, background: look.siderBg }} />
      <Flex vertical style={{ flex: 1 }}>
        <div style={{ height: 14, background: look.headerBg }} />
        <div style={{ height: 6, background: look.tagsBg }} />
        <div style={{ flex: 1, background: look.bodyBg, padding: 6 }}>
          <div style={{ height: 6, width: '60%', borderRadius: 3, background: look.accent }} />
        </div>
      </Flex>
    </Flex>
  );
}

// The layout settings (antd's number input and switch with them) load with the dialog's first opening.
const LayoutSettings = lazy(() => import('./LayoutSettings.tsx'));

/** The theme dialog: the spec's 11 themes, then the layout settings; the choices are kept across visits. */
export function ThemeButton() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const current = usePreferences((s) => s.theme);
  const setTheme = usePreferences((s) => s.setTheme);
  return (
    <>
      <Tooltip title={t('theme.button')}>
        <Button type="text" icon={<BgColorsOutlined />} aria-label={t('theme.button')} onClick={() => setOpen(true)} />
      </Tooltip>
      <Modal title={t('theme.title')} open={open} onCancel={() => setOpen(false)} footer={null} width={640}>
        <Flex wrap gap={12}>
          {THEME_NAMES.map((name) => (
            <Card
              key={name}
              size="small"
              hoverable
              style={{ width: 180, borderColor: name === current ? THEMES[name].accent : undefined }}
              onClick={() => setTheme(name, THEMES[name].accent)}
              data-testid={`theme-${name}`}
            >
              <Swatch name={name} />
              <Flex justify="space-between" style={{ marginTop: 6 }}>
                <Typography.Text>{t(`theme.names.${name}`)}</Typography.Text>
                {name === current && <CheckOutlined />}
              </Flex>
            </Card>
          ))}
        </Flex>
        {open && (
          <Suspense fallback={null}>
            <LayoutSettings />
          </Suspense>
        )}
      </Modal>
    </>
  );
}

// Antd's colour picker (its panel, sliders and inputs) weighs more than the rest of the top bar: it loads
// on the button's first click, not with every signed-in page.
const ColorPicker = lazy(() => import('antd/es/color-picker'));

/** The primary colour (default blue), kept across visits. */
export function PrimaryColorPicker() {
  const { t } = useTranslation('shell');
  const primary = usePreferences((s) => s.primary);
  const setPrimary = usePreferences((s) => s.setPrimary);
  const [open, setOpen] = useState(false);
  // Until the first click the button stands alone; from then on it is the picker's trigger.
  const [wanted, setWanted] = useState(false);
  // The button is drawn anew while the picker loads and once it has: the first click's focus stays on it.
  const refocus = useRef(false);
  const keepFocus = useCallback((button: HTMLButtonElement | null) => {
    if (button && refocus.current && document.activeElement === document.body) button.focus();
  }, []);
  const trigger = (
    <Button
      type="text"
      aria-label={t('theme.colorButton')}
      data-testid="primary-color"
      ref={keepFocus}
      onClick={
        wanted
          ? undefined
          : () => {
              refocus.current = true;
              setWanted(true);
              setOpen(true);
            }
      }
      icon={
        <span
          style={{
            display: 'inline-block',
            width: 16,
            height: 16,
            borderRadius: 4,
            background: primary,
            boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.15)',
            verticalAlign: 'middle',
          }}
        />
      }
    />
  );
  return (
    <Tooltip title={t('theme.color')}>
      <span>
        {wanted ? (
          <Suspense fallback={trigger}>
            {/* Its own trigger, a button: antd's is a div, which neither the keyboard nor a screen reader can use. */}
            <ColorPicker
              size="small"
              value={primary}
              disabledAlpha
              open={open}
              onOpenChange={(next) => {
                refocus.current = false;
                setOpen(next);
              }}
              onChangeComplete={(color) => setPrimary(color.toHexString())}
            >
              {trigger}
            </ColorPicker>
          </Suspense>
        ) : (
          trigger
        )}
      </span>
    </Tooltip>
  );
}
