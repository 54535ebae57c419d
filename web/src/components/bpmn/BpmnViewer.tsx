import { Alert, Spin } from 'antd';
import type NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Highlight classes BpmnViewer styles (./bpmn.css): a node done, in progress, or failed. */
export const BPMN_HIGHLIGHT = { done: 'park-bpmn-done', active: 'park-bpmn-active', error: 'park-bpmn-error' } as const;

export interface BpmnViewerProps {
  /** The BPMN 2.0 XML to draw. */
  xml: string;
  /** Element id -> a class put on that element (BPMN_HIGHLIGHT's, or the caller's own). */
  highlights?: Record<string, string>;
  height?: number | string;
  style?: CSSProperties;
}

/**
 * A BPMN diagram, read-only, with pan and zoom (bpmn-js's NavigatedViewer, loaded with the first diagram
 * shown: the screens that show none never fetch it), fitted to its box. The bpmn.io watermark stays as
 * bpmn-js draws it (its licence). An XML that cannot be drawn says so instead.
 */
export function BpmnViewer({ xml, highlights, height = 480, style }: BpmnViewerProps) {
  const { t } = useTranslation('workflowDesigner');
  const box = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<NavigatedViewer>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [drawn, setDrawn] = useState<{ xml: string; error?: string }>();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let made: NavigatedViewer | undefined;
    let gone = false;
    import('./viewerRuntime.ts').then(
      ({ createViewer }) => {
        if (gone) return;
        made = createViewer(el);
        setViewer(made);
      },
      () => {
        if (!gone) setLoadFailed(true);
      },
    );
    return () => {
      gone = true;
      made?.destroy();
      setViewer(undefined);
    };
  }, []);

  useEffect(() => {
    if (!viewer) return;
    let current = true;
    viewer.importXML(xml).then(
      () => {
        if (!current) return;
        // 'auto' centres the diagram in its box (diagram-js takes it; its types name a point only).
        viewer.get<Canvas>('canvas').zoom('fit-viewport', 'auto' as never);
        setDrawn({ xml });
      },
      (error: unknown) => {
        if (current) setDrawn({ xml, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [viewer, xml]);

  // Markers follow the highlights; a new import starts without any, hence `drawn` among the dependencies.
  useEffect(() => {
    if (!viewer || !drawn || drawn.error || !highlights) return;
    const canvas = viewer.get<Canvas>('canvas');
    const registry = viewer.get<ElementRegistry>('elementRegistry');
    const placed = Object.entries(highlights).filter(([id]) => registry.get(id));
    for (const [id, marker] of placed) canvas.addMarker(id, marker);
    return () => {
      for (const [id, marker] of placed) if (registry.get(id)) canvas.removeMarker(id, marker);
    };
  }, [viewer, drawn, highlights]);

  const error = loadFailed ? t('viewerLoadFailed') : drawn?.error && t('viewerBadXml', { reason: drawn.error });
  const pending = !error && drawn?.xml !== xml;
  return (
    <div style={{ position: 'relative', width: '100%', height, ...style }}>
      {/* A figure, not role="img": bpmn-js makes its svg focusable, and an img may hold nothing interactive. */}
      <figure
        ref={box}
        aria-label={t('diagram')}
        className="park-bpmn-canvas"
        data-testid="bpmn-viewer"
        style={{ width: '100%', height: '100%', margin: 0, visibility: error ? 'hidden' : undefined }}
      />
      {pending && (
        <Spin style={{ position: 'absolute', top: '50%', left: '50%', transform: 'translate(-50%, -50%)' }} />
      )}
      {error && (
        <Alert type="error" showIcon title={error} style={{ position: 'absolute', inset: 16, height: 'fit-content' }} />
      )}
    </div>
  );
}
