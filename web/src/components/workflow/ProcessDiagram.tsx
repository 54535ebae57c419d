import { Flex, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BpmnViewer } from '../bpmn/BpmnViewer.tsx';
import { progressHighlights } from './progress.ts';

/**
 * 流程图: the deployment's diagram with the process's progress marked on it (BpmnViewer's markers: the elements
 * passed and the flows taken green, the nodes waiting now blue), and what the colours mean. The detail loads it
 * with its tab: bpmn-js comes only when someone looks at a diagram.
 */
export default function ProcessDiagram({
  xml,
  nodes,
}: {
  xml: string;
  nodes: { finished?: string[]; current?: string[] } | null | undefined;
}) {
  const { t } = useTranslation('workflowRuntime');
  const highlights = useMemo(() => progressHighlights(nodes), [nodes]);
  return (
    <Flex vertical gap={8} data-testid="process-diagram">
      <Flex gap={8} wrap>
        <Tag color="success">{t('detail.finished')}</Tag>
        <Tag color="processing">{t('detail.current')}</Tag>
      </Flex>
      <BpmnViewer xml={xml} highlights={highlights} height={520} />
    </Flex>
  );
}
