import 'react-grid-layout/css/styles.css';
import './cockpit.css';
import {
  AppstoreAddOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { COCKPIT_WIDGETS, type CockpitItem, type CockpitLayout, DEFAULT_COCKPIT_LAYOUT } from '@park/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, ConfigProvider, Empty, Flex, Form, Modal, Popconfirm, Skeleton, theme } from 'antd';
import { type CSSProperties, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import ReactGridLayout, { type Layout, noCompactor } from 'react-grid-layout';
import { type PositionStrategy, transformStrategy } from 'react-grid-layout/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/http.ts';
import { toast } from '../../../feedback.ts';
import { useLang } from '../../../i18n/index.ts';
import { PropInput } from '../widgets/PropInput.tsx';
import { titleOf, type WidgetProps } from '../widgets/renderers.ts';
import { WidgetCard } from '../widgets/WidgetCard.tsx';
import {
  addWidget,
  fromGrid,
  moveItem,
  parseConfigure,
  removeItem,
  resizeItem,
  rowsOf,
  setItemProps,
} from './layoutEdit.ts';

const API = 'blade-decision/cockpit';
const CONFIGURE_KEY = ['decision', 'cockpit', 'configure'];
type Configure = { id: string | null; configureJson: string };

/** The big screen's size: every layout is drawn on it, then scaled to the room there is. */
const STAGE = { width: 1920, height: 1080 };
/** The stage's title band, in stage px; below it the grid's rows (24 of 40 px fill the rest of 1080). */
const HEADER = 120;
/** The gap between panels, in stage px: half of it on each side of a cell, so a cell is exactly 1920/cols wide. */
const GAP = 12;
/** A panel card's title band and body padding (the theme below), for the chart's height. */
const CARD = { head: 44, padding: 8 };
/** The panels refresh their figures this often, for a screen left on the wall. */
const REFRESH_MS = 5 * 60_000;

const cardTheme = { components: { Card: { headerHeight: CARD.head, headerPadding: 12, bodyPadding: CARD.padding } } };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The stage's scale: as large as the room beside the sidebar (or the whole screen in full screen) allows, keeping
 * 1920×1080's shape; measured again when the room changes.
 */
function useScale(el: HTMLDivElement | null, full: boolean) {
  const [room, setRoom] = useState({ width: STAGE.width, height: STAGE.height });
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect().top;
      setRoom({ width: el.clientWidth, height: window.innerHeight - top - (full ? 12 : 24) });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [el, full]);
  const byWidth = room.width / STAGE.width;
  // A window too short for the stage's shape scales by its width, and the page scrolls.
  const scale = room.height < 240 ? byWidth : Math.min(byWidth, room.height / STAGE.height);
  return { scale: Math.max(0.2, scale), width: room.width };
}

/** Full screen of the cockpit's own element (the stage and its tools), followed through the browser's event. */
function useFullScreen(root: React.RefObject<HTMLDivElement | null>) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null && document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [root]);
  const toggle = () =>
    void (full ? document.exitFullscreen() : root.current?.requestFullscreen())?.catch(() => undefined);
  return { full, toggle };
}

/**
 * /decision/cockpit (驾驶舱): the park's big screen, its panels placed by the tenant's saved layout
 * (blade-decision/cockpit/getConfigure, the server's default until one is saved) on a 1920×1080 stage scaled to the
 * room, in full screen too. 编辑布局 lets the panels be dragged and resized (react-grid-layout; by the keyboard
 * through each panel's 移动 button), added from the widget registry, removed and set, then saved (saveConfigure),
 * discarded, or the default restored.
 */
export default function CockpitPage() {
  const { t } = useTranslation('decision');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const client = useQueryClient();
  const root = useRef<HTMLDivElement>(null);
  // The stage's box, measured once it is there (the screen first waits for the saved layout).
  const [stageBox, setStageBox] = useState<HTMLDivElement | null>(null);
  const { full, toggle } = useFullScreen(root);
  const { scale, width } = useScale(stageBox, full);

  const configure = useQuery({
    queryKey: CONFIGURE_KEY,
    queryFn: () => request<Configure>(`${API}/getConfigure`),
  });
  const saved = useMemo(
    () => (configure.data ? parseConfigure(configure.data.configureJson) : undefined),
    [configure.data],
  );
  /** The layout being edited; undefined while the saved one is shown. */
  const [draft, setDraft] = useState<CockpitLayout>();
  const [problem, setProblem] = useState<string>();
  const [said, setSaid] = useState('');
  const [adding, setAdding] = useState(false);
  const [setting, setSetting] = useState<CockpitItem>();
  const editing = draft !== undefined;
  const layout = draft ?? saved?.layout;

  const save = useMutation({
    mutationFn: (next: CockpitLayout) =>
      request<Configure>(`${API}/saveConfigure`, {
        method: 'POST',
        body: { configureJson: JSON.stringify(next) },
      }),
    onSuccess: (answer) => {
      client.setQueryData(CONFIGURE_KEY, answer);
      setDraft(undefined);
      setProblem(undefined);
    },
    // The client has shown the server's message as a toast; it stays here too (a toast is not seen in full screen).
    onError: (error) => setProblem(t('cockpit.saveFailed', { msg: error.message })),
  });

  // Popups open inside the cockpit's element while it is full screen: anywhere else they would not be seen.
  const popupRoot = () => (full && root.current) || document.body;

  if (configure.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (configure.isError || !layout) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('cockpit.loadFailed')}
        action={<Button onClick={() => configure.refetch()}>{tc('retry')}</Button>}
      />
    );
  }

  const pitch = STAGE.width / layout.cols;
  const rows = Math.max(rowsOf(layout), Math.round((STAGE.height - HEADER) / layout.rowHeight));
  const stageHeight = HEADER + rows * layout.rowHeight;

  const edit = (next: CockpitLayout | undefined, blocked?: string) => {
    if (next) setDraft(next);
    else if (blocked) setSaid(blocked);
  };
  const onArrow = (item: CockpitItem, title: string) => (event: KeyboardEvent) => {
    const step = ARROWS[event.key];
    if (!step || !draft) return;
    event.preventDefault();
    const next = event.shiftKey ? resizeItem(draft, item.i, ...step) : moveItem(draft, item.i, ...step);
    const now = next?.items.find((one) => one.i === item.i);
    if (next && now) {
      setDraft(next);
      setSaid(t('cockpit.moved', { title, x: now.x + 1, y: now.y + 1, w: now.w, h: now.h }));
    } else setSaid(t('cockpit.blocked'));
  };

  const vars = {
    '--park-cockpit-bg': token.colorBgLayout,
    '--park-cockpit-accent': token.colorPrimary,
    '--park-cockpit-handle': token.colorTextSecondary,
  } as CSSProperties;

  return (
    <ConfigProvider getPopupContainer={popupRoot}>
      <div ref={root} className={`park-cockpit${editing ? ' park-cockpit-editing' : ''}`} style={vars}>
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          {editing ? (
            <>
              <Button icon={<AppstoreAddOutlined />} onClick={() => setAdding(true)}>
                {t('cockpit.add')}
              </Button>
              <Button type="primary" loading={save.isPending} onClick={() => save.mutate(draft)}>
                {t('cockpit.save')}
              </Button>
              <Button
                onClick={() => {
                  setDraft(undefined);
                  setProblem(undefined);
                }}
              >
                {t('cockpit.cancel')}
              </Button>
              <Popconfirm
                title={t('cockpit.restoreConfirm')}
                onConfirm={() =>
                  save.mutate(DEFAULT_COCKPIT_LAYOUT, { onSuccess: () => toast.success(t('cockpit.restored')) })
                }
              >
                <Button danger>{t('cockpit.restore')}</Button>
              </Popconfirm>
            </>
          ) : (
            <Button
              icon={<EditOutlined />}
              onClick={() => {
                setDraft(layout);
                setSaid('');
              }}
            >
              {t('cockpit.edit')}
            </Button>
          )}
          <Button icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle}>
            {full ? t('cockpit.exitFullScreen') : t('cockpit.fullScreen')}
          </Button>
          {editing && <span style={{ color: token.colorTextSecondary }}>{t('cockpit.editing')}</span>}
          <span className="park-cockpit-hidden" aria-live="polite">
            {said}
          </span>
        </Flex>
        {saved?.broken && !editing && <Alert type="warning" showIcon message={t('cockpit.badSaved')} />}
        {problem && (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setProblem(undefined)}
            message={problem}
            style={{ marginBottom: 12 }}
          />
        )}
        <div
          ref={setStageBox}
          style={{ position: 'relative', height: stageHeight * scale, overflow: 'hidden' }}
          data-testid="cockpit-stage"
          data-scale={scale}
        >
          <section
            aria-label={t('cockpit.stage')}
            style={{
              position: 'absolute',
              top: 0,
              left: Math.max(0, (width - STAGE.width * scale) / 2),
              width: STAGE.width,
              height: stageHeight,
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              background: token.colorBgLayout,
            }}
          >
            <header
              style={{
                height: HEADER,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                borderBottom: `2px solid ${token.colorPrimary}`,
                margin: `0 ${GAP / 2}px`,
              }}
            >
              <h1 style={{ margin: 0, fontSize: 44, letterSpacing: 8, color: token.colorText }}>
                {t('cockpit.title')}
              </h1>
            </header>
            {layout.items.length === 0 ? (
              <Empty description={t('cockpit.empty')} style={{ paddingTop: 240 }} />
            ) : (
              <Grid
                layout={layout}
                scale={scale}
                editing={editing}
                onChange={(grid) => setDraft((now) => now && fromGrid(now, grid))}
              >
                {layout.items.map((item) => (
                  <div key={item.i} className="park-cockpit-panel" data-cockpit-item={item.i} data-widget={item.widget}>
                    <ConfigProvider theme={cardTheme}>
                      <Panel
                        item={item}
                        height={item.h * layout.rowHeight - GAP - CARD.head - CARD.padding * 2 - 2}
                        width={item.w * pitch - GAP - CARD.padding * 2}
                        editing={editing}
                        onArrow={onArrow}
                        onSettings={() => setSetting(item)}
                        onRemove={() => draft && edit(removeItem(draft, item.i))}
                      />
                    </ConfigProvider>
                  </div>
                ))}
              </Grid>
            )}
          </section>
        </div>
        <AddDialog
          open={adding}
          container={popupRoot}
          onClose={() => setAdding(false)}
          onPick={(widget) => {
            const next = draft && addWidget(draft, widget);
            if (next) {
              setDraft(next);
              setAdding(false);
            } else toast.warning(t('cockpit.noRoom'));
          }}
        />
        {setting && (
          <SettingsDialog
            item={setting}
            container={popupRoot}
            onClose={() => setSetting(undefined)}
            onSave={(props) => {
              if (draft) setDraft(setItemProps(draft, setting.i, props));
              setSetting(undefined);
            }}
          />
        )}
      </div>
    </ConfigProvider>
  );
}

/** react-grid-layout over the stage's 1920 px, its drag and resize measured in the stage's scale. */
function Grid({
  layout,
  scale,
  editing,
  onChange,
  children,
}: {
  layout: CockpitLayout;
  scale: number;
  editing: boolean;
  onChange: (grid: Layout) => void;
  children: React.ReactNode;
}) {
  // Positions as transforms, drags measured in the stage's scale. Not createScaledStrategy: in 2.3.0 its drag start
  // takes the panel's place on the page, not in the grid, and a panel jumped away from the pointer.
  const strategy = useMemo<PositionStrategy>(() => ({ ...transformStrategy, scale }), [scale]);
  const grid = useMemo(
    () =>
      layout.items.map(({ i, x, y, w, h, widget }) => ({
        i,
        x,
        y,
        w,
        h,
        minW: COCKPIT_WIDGETS[widget]?.minW ?? 1,
        minH: COCKPIT_WIDGETS[widget]?.minH ?? 1,
      })),
    [layout.items],
  );
  return (
    <ReactGridLayout
      width={STAGE.width}
      layout={grid}
      gridConfig={{
        cols: layout.cols,
        rowHeight: layout.rowHeight - GAP,
        margin: [GAP, GAP],
        containerPadding: [GAP / 2, GAP / 2],
        maxRows: 200,
      }}
      dragConfig={{
        enabled: editing,
        handle: '.ant-card-head',
        // The card's buttons and inputs stay clickable; the 移动 button drags too.
        cancel: 'button:not(.park-cockpit-move), a, input, .ant-select',
      }}
      resizeConfig={{ enabled: editing }}
      compactor={noCompactor}
      positionStrategy={strategy}
      // Taken when a drag or a resize ends, not from onLayoutChange: that one also echoes a layout given to the grid,
      // and an echo arriving after the next arrow key would undo it.
      onDragStop={(next) => onChange(next)}
      onResizeStop={(next) => onChange(next)}
    >
      {children}
    </ReactGridLayout>
  );
}

/** A panel: its widget's card, with 移动, 设置 and 移除 while the layout is edited. */
function Panel({
  item,
  height,
  width,
  editing,
  onArrow,
  onSettings,
  onRemove,
}: {
  item: CockpitItem;
  height: number;
  width: number;
  editing: boolean;
  onArrow: (item: CockpitItem, title: string) => (event: KeyboardEvent) => void;
  onSettings: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('decision');
  const lang = useLang();
  const title = titleOf(item.widget, item.props, lang, t);
  const hasProps = Object.keys(COCKPIT_WIDGETS[item.widget]?.props ?? {}).length > 0;
  const tools = editing && (
    <>
      <Button
        size="small"
        className="park-cockpit-move"
        icon={<DragOutlined />}
        aria-label={t('cockpit.moveOf', { title })}
        onKeyDown={onArrow(item, title)}
      />
      {hasProps && (
        <Button
          size="small"
          icon={<SettingOutlined />}
          aria-label={t('cockpit.settingsOf', { title })}
          onClick={onSettings}
        />
      )}
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('cockpit.removeOf', { title })}
        onClick={onRemove}
      />
    </>
  );
  return (
    <WidgetCard
      widget={item.widget}
      props={item.props}
      height={Math.max(40, height)}
      width={width}
      extra={tools}
      refetchInterval={REFRESH_MS}
    />
  );
}

/** The registry's widgets by their labels; one click adds it where it first fits. */
function AddDialog({
  open,
  container,
  onClose,
  onPick,
}: {
  open: boolean;
  container: () => HTMLElement;
  onClose: () => void;
  onPick: (widget: string) => void;
}) {
  const { t } = useTranslation('decision');
  const lang = useLang();
  return (
    <Modal open={open} title={t('cockpit.addTitle')} onCancel={onClose} footer={null} getContainer={container}>
      <Flex vertical gap={8}>
        {Object.entries(COCKPIT_WIDGETS).map(([widget, def]) => (
          <Button
            key={widget}
            block
            onClick={() => onPick(widget)}
            aria-label={t('cockpit.addOne', { name: def.label[lang] })}
          >
            {def.label[lang]}
          </Button>
        ))}
      </Flex>
    </Modal>
  );
}

/** A panel's settings as the registry declares them (a number in its range, one of a list); blank is the default. */
function SettingsDialog({
  item,
  container,
  onClose,
  onSave,
}: {
  item: CockpitItem;
  container: () => HTMLElement;
  onClose: () => void;
  onSave: (props: WidgetProps) => void;
}) {
  const { t } = useTranslation('decision');
  const lang = useLang();
  const [form] = Form.useForm<WidgetProps>();
  const props = COCKPIT_WIDGETS[item.widget]?.props ?? {};
  return (
    <Modal
      open
      title={t('cockpit.settingsTitle', { title: titleOf(item.widget, item.props, lang, t) })}
      onCancel={onClose}
      onOk={() => onSave(form.getFieldsValue())}
      getContainer={container}
    >
      <Form form={form} layout="vertical" initialValues={item.props}>
        {Object.entries(props).map(([name, prop]) => (
          <Form.Item key={name} name={name} label={prop.label[lang]} htmlFor={`cockpit-prop-${name}`}>
            <PropInput widget={item.widget} name={name} id={`cockpit-prop-${name}`} labelled={false} settle={false} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
