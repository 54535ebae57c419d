import { SlidersOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Tooltip, theme } from 'antd';
import type Modeler from 'bpmn-js/lib/Modeler';
import type { Element } from 'bpmn-js/lib/model/Types';
import type CommandStack from 'diagram-js/lib/command/CommandStack';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type EventBus from 'diagram-js/lib/core/EventBus';
import type ZoomScroll from 'diagram-js/lib/navigation/zoomscroll/ZoomScroll';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../../../api/errors.ts';
import {
  type DesignedModel,
  deployDesignedModel,
  fetchDesignedModel,
  saveModelXml,
} from '../../../../../api/workflow-model.ts';
import { toast } from '../../../../../feedback.ts';
import { saveBlob } from '../../../../../utils/download.ts';
import { applyChanges, createModeler } from './modeler.ts';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import type { ModdleElement } from './parkModel.ts';
import { DesignerToolbar } from './Toolbar.tsx';

export const MODEL_LIST_PATH = '/workflow/design/model';
export const modelQueryKey = (id: string) => ['workflow', 'designer', 'model', id];

/** The reasons of a refused deploy: the server joins them with '；' (zh) or '; ' (en). */
function refusalReasons(message: string): string[] {
  return message
    .split(/；|; /)
    .map((reason) => reason.trim())
    .filter(Boolean);
}

/** The element the drawer shows for a selected one: a label stands for its element. */
const drawerElement = (element: Element): Element =>
  element.type === 'label' ? (element.labelTarget as Element) : element;

/**
 * The designer of one model: bpmn-js's Modeler (modeler.ts) filling the page, the toolbar above, the properties
 * drawer beside it (never over the canvas, whose lower right corner holds the bpmn.io watermark). Saving makes
 * the model's next version; deploying deploys what is shown (saved first when changed) and lists every reason
 * of a refusal above the canvas until the next try. Leaving with unsaved changes asks first.
 */
export function Designer({ model }: { model: DesignedModel }) {
  const { t } = useTranslation(['workflowDesigner', 'common']);
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const box = useRef<HTMLDivElement>(null);
  const [modeler, setModeler] = useState<Modeler>();
  const [selected, setSelected] = useState<Element>();
  const [, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [stack, setStack] = useState({ canUndo: false, canRedo: false });
  const [importError, setImportError] = useState<string>();
  const [refusal, setRefusal] = useState<string[]>();
  const [busy, setBusy] = useState<'save' | 'deploy'>();
  const [panelOpen, setPanelOpen] = useState(true);
  const modelRef = useRef(model);
  modelRef.current = model;

  /** The process id is the model key (deploy checks it): an XML that says otherwise is set right, as a change. */
  const ownProcess = useCallback(
    (made: Modeler, fresh: boolean) => {
      const root = made.get<Canvas>('canvas').getRootElement() as Element;
      const process = root.businessObject as ModdleElement;
      const { modelKey, name } = modelRef.current;
      // The empty diagram of a new model has no name yet: the model's, as it was shown, not a change.
      if (fresh && !process.get('name')) process.set('name', name);
      if (process.$instanceOf('bpmn:Process') && process.get('id') !== modelKey) {
        applyChanges(made, root, [{ target: process, props: { id: modelKey } }]);
        toast.warning(t('keyAdjusted', { key: modelKey }));
      }
    },
    [t],
  );

  // One modeler per model; the model's later answers (a new version after a save) do not draw it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the modeler is made once per model id
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const made = createModeler(el);
    const bus = made.get<EventBus>('eventBus');
    const commandStack = made.get<CommandStack>('commandStack');
    bus.on('selection.changed', (event: { newSelection: Element[] }) =>
      setSelected(event.newSelection.length === 1 ? drawerElement(event.newSelection[0]) : undefined),
    );
    bus.on('elements.changed', () => setRevision((r) => r + 1));
    bus.on('commandStack.changed', (event: { trigger: string | null }) => {
      if (event.trigger !== 'clear') setDirty(true);
      setStack({ canUndo: commandStack.canUndo(), canRedo: commandStack.canRedo() });
    });
    let gone = false;
    made.importXML(modelRef.current.xml).then(
      () => {
        if (gone) return;
        made.get<Canvas>('canvas').zoom('fit-viewport', 'auto' as never);
        ownProcess(made, true);
        setModeler(made);
      },
      (error: unknown) => {
        if (!gone) setImportError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      gone = true;
      made.destroy();
      setModeler(undefined);
    };
  }, [model.id]);

  const save = useCallback(async (): Promise<boolean> => {
    if (!modeler) return false;
    // A text being typed in the drawer is written when it loses the focus: before the XML is taken.
    (document.activeElement as HTMLElement | null)?.blur?.();
    setBusy('save');
    try {
      const { xml = '' } = await modeler.saveXML({ format: true });
      const process = modeler.get<Canvas>('canvas').getRootElement().businessObject as ModdleElement;
      await saveModelXml(modelRef.current, String(process.get('name') || modelRef.current.name), xml);
      setDirty(false);
      const fresh = await queryClient.fetchQuery({
        queryKey: modelQueryKey(model.id),
        queryFn: () => fetchDesignedModel(model.id),
      });
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'crud' });
      toast.success(t('saved', { version: fresh.version ?? '' }));
      return true;
    } catch {
      // Shown by the HTTP client.
      return false;
    } finally {
      setBusy(undefined);
    }
  }, [modeler, model.id, queryClient, t]);

  const deploy = async () => {
    if (!modeler) return;
    if (dirty && !(await save())) return;
    setBusy('deploy');
    try {
      const deployment = await deployDesignedModel(model.id);
      setRefusal(undefined);
      toast.success(t('deployed', { version: deployment.version }));
      void queryClient.invalidateQueries({ queryKey: modelQueryKey(model.id) });
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'crud' });
    } catch (error) {
      if (error instanceof ApiError && error.code === 400) setRefusal(refusalReasons(error.message));
    } finally {
      setBusy(undefined);
    }
  };

  const importFile = async (file: File) => {
    if (!modeler) return;
    const before = (await modeler.saveXML()).xml ?? '';
    try {
      await modeler.importXML(await file.text());
      modeler.get<Canvas>('canvas').zoom('fit-viewport', 'auto' as never);
      setSelected(undefined);
      setDirty(true);
      ownProcess(modeler, false);
      toast.success(t('imported', { name: file.name }));
    } catch (error) {
      toast.error(t('fileFailed', { name: file.name, reason: error instanceof Error ? error.message : String(error) }));
      await modeler.importXML(before);
    }
  };

  const download = async (kind: 'xml' | 'svg') => {
    if (!modeler) return;
    if (kind === 'xml') {
      const { xml = '' } = await modeler.saveXML({ format: true });
      saveBlob(new Blob([xml], { type: 'application/xml' }), `${model.modelKey}.bpmn`);
    } else {
      const { svg } = await modeler.saveSVG();
      saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${model.modelKey}.svg`);
    }
  };

  // Ctrl+S (⌘S) saves here rather than the browser saving the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  // Unsaved changes: a move inside the console asks; closing or reloading the page gets the browser's question.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked move, however often the page renders meanwhile.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('leave.title'),
      content: t('leave.content'),
      okText: t('leave.ok'),
      cancelText: t('leave.cancel'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  // The canvas follows its box: the drawer shown or hidden, the window resized.
  useEffect(() => {
    const el = box.current;
    if (!modeler || !el) return;
    const observer = new ResizeObserver(() => modeler.get<Canvas>('canvas').resized());
    observer.observe(el);
    return () => observer.disconnect();
  }, [modeler]);

  // The designer fills the window below whatever stands above it (the tags, a banner), and follows its size.
  const page = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    const measure = () => {
      const top = page.current?.getBoundingClientRect().top;
      if (top !== undefined) setHeight(Math.max(480, window.innerHeight - top - 16));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const root = modeler?.get<Canvas>('canvas').getRootElement() as Element | undefined;
  const shown = selected ?? root;
  const commandStack = () => modeler?.get<CommandStack>('commandStack');
  return (
    <Flex ref={page} vertical gap={8} style={{ height: height ?? 'calc(100vh - 150px)' }}>
      <DesignerToolbar
        model={model}
        ready={Boolean(modeler)}
        dirty={dirty}
        busy={busy}
        canUndo={stack.canUndo}
        canRedo={stack.canRedo}
        onSave={() => void save()}
        onDeploy={() => void deploy()}
        onHistory={() => navigate(`${MODEL_LIST_PATH}/history/${encodeURIComponent(model.id)}`)}
        onBack={() => navigate(MODEL_LIST_PATH)}
        onUndo={() => commandStack()?.undo()}
        onRedo={() => commandStack()?.redo()}
        onZoom={(step) => modeler?.get<ZoomScroll>('zoomScroll').stepZoom(step)}
        onFit={() => modeler?.get<Canvas>('canvas').zoom('fit-viewport', 'auto' as never)}
        onDownload={(kind) => void download(kind)}
        onImport={(file) => void importFile(file)}
      />
      {importError && <Alert type="error" showIcon title={t('importFailed', { reason: importError })} />}
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ 'aria-label': t('common:close') }}
          onClose={() => setRefusal(undefined)}
          title={t('refused')}
          description={
            <ul data-testid="deploy-refusal" style={{ margin: 0, paddingInlineStart: 20 }}>
              {refusal.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          }
        />
      )}
      <Flex gap={8} style={{ flex: 1, minHeight: 0 }}>
        <div
          style={{
            position: 'relative',
            flex: 1,
            minWidth: 0,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            overflow: 'hidden',
          }}
        >
          <div
            ref={box}
            className="park-bpmn-canvas"
            role="application"
            aria-label={t('canvas')}
            data-testid="bpmn-designer"
            style={{ width: '100%', height: '100%' }}
          />
          <Tooltip title={panelOpen ? t('panel.hide') : t('panel.show')}>
            <Button
              size="small"
              aria-label={panelOpen ? t('panel.hide') : t('panel.show')}
              aria-expanded={panelOpen}
              aria-controls="wfd_panel"
              type={panelOpen ? 'primary' : 'default'}
              icon={<SlidersOutlined />}
              onClick={() => setPanelOpen((open) => !open)}
              style={{ position: 'absolute', top: 8, right: 8 }}
            />
          </Tooltip>
        </div>
        {panelOpen && (
          <aside
            id="wfd_panel"
            aria-label={t('panel.title')}
            style={{
              width: 380,
              flex: 'none',
              overflowY: 'auto',
              padding: 16,
              background: token.colorBgContainer,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
            }}
          >
            {modeler && shown && (
              <PropertiesPanel
                // Another element: its own inputs, no draft carried over.
                key={shown.id}
                modeler={modeler}
                element={shown}
                root={shown === root}
                model={model}
              />
            )}
          </aside>
        )}
      </Flex>
    </Flex>
  );
}
