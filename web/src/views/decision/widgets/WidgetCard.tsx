import { COCKPIT_WIDGETS } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, theme } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDictionary } from '../../../api/dict.ts';
import { request } from '../../../api/http.ts';
import { ChartCard } from '../../../components/charts/ChartCard.tsx';
import { useLang } from '../../../i18n/index.ts';
import { parts, RENDERERS, titleOf, type WidgetContext, type WidgetProps } from './renderers.ts';

/**
 * One decision widget as a chart card: its call for the settings given (react-query, shared by every card of the
 * same call and settings), its dictionary's labels, and ChartCard's save image, export data and states.
 */
export function WidgetCard({
  widget,
  props,
  height,
  width,
  extra,
  refetchInterval,
}: {
  widget: string;
  props: WidgetProps;
  /** The chart's height in px. */
  height?: number;
  /** The panel's width in px, where known (the cockpit). */
  width?: number;
  /** Controls beside the card's actions (a year, a limit; the cockpit's edit buttons). */
  extra?: ReactNode;
  /** Fetch the figures again this often (ms): a big screen left on the wall. */
  refetchInterval?: number;
}) {
  const { t } = useTranslation('decision');
  const lang = useLang();
  const { token } = theme.useToken();
  const renderer = RENDERERS[widget];
  const { path, query } = renderer?.request(props) ?? { path: '', query: {} };
  const answer = useQuery({
    queryKey: ['decision', path, query],
    queryFn: () => request<unknown>(path, { query }),
    enabled: Boolean(renderer),
    refetchInterval,
  });
  const code = renderer?.dict;
  // The key useDictionary keeps a dictionary under, so the lists and these cards fetch it once between them.
  const dictionary = useQuery({
    queryKey: ['dict', 'system', code, lang],
    queryFn: () => fetchDictionary(code as string),
    enabled: Boolean(code),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const { colorText, colorTextSecondary, colorPrimaryText } = token;
  // Worked out again only when the answer, the labels, the language, the theme or the width change, so that dragging
  // a panel does not redraw every chart.
  const shown = useMemo(() => {
    if (!renderer || answer.data === undefined) return undefined;
    const entries = dictionary.data;
    const ctx: WidgetContext = {
      t,
      label: (key) => entries?.find((e) => e.dictKey === String(key))?.dictValue ?? String(key),
      colors: { text: colorText, secondary: colorTextSecondary, primary: colorPrimaryText },
      width,
    };
    return renderer.content(answer.data, ctx);
  }, [renderer, answer.data, dictionary.data, t, colorText, colorTextSecondary, colorPrimaryText, width]);

  if (!renderer || !COCKPIT_WIDGETS[widget]) {
    // A layout saved before a widget left the registry: said, not drawn.
    return (
      <Card title={widget}>
        <Alert type="warning" showIcon message={widget} />
      </Card>
    );
  }
  return (
    <ChartCard
      title={titleOf(widget, props, lang, t)}
      query={answer}
      content={() => shown ?? { option: {}, table: [], empty: true }}
      extensions={parts}
      height={height}
      extra={extra}
    />
  );
}
