import type { EntityDef } from '@park/catalog';
import { Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { DictLabel } from '../../../crud/DictSelect.tsx';
import { RecordView } from '../../../crud/RecordView.tsx';
import { useLang } from '../../../i18n/index.ts';
import { fetchRepair, type RepairStep } from './api.ts';
import { RepairState } from './RepairScreen.tsx';

const STEP_COLOR: Record<string, string> = {
  report: 'gray',
  assign: 'blue',
  start: 'blue',
  finish: 'green',
  rate: 'green',
  cancel: 'red',
  return: 'orange',
};

/** 查看 of a repair: its fields as a description list, then every step (who, when, from→to, the note) as a timeline. */
export default function RepairDetail({ entity, id, onClose }: { entity: EntityDef; id: string; onClose: () => void }) {
  const { t } = useTranslation(['repair', 'crud', 'common']);
  const lang = useLang();
  const stateField = entity.fields.find((f) => f.name === 'repairStatus')!;
  const stepItem = (step: RepairStep) => ({
    key: step.id,
    color: STEP_COLOR[step.action] ?? 'gray',
    children: (
      <>
        <Typography.Text strong>{t(`step_${step.action}`)}</Typography.Text>
        {step.fromStatus !== null && (
          // From which state to which: （待受理 → 已派单） / (Reported → Assigned).
          <Typography.Text type="secondary">
            {lang === 'zh' ? '（' : ' ('}
            <DictLabel field={stateField} value={step.fromStatus} /> →{' '}
            <DictLabel field={stateField} value={step.toStatus} />
            {lang === 'zh' ? '）' : ')'}
          </Typography.Text>
        )}
        <div>
          <Typography.Text type="secondary">
            {t('stepBy', { who: step.createUserName ?? step.createUser, time: step.createTime })}
          </Typography.Text>
        </div>
        {step.assigneeName && <div>{t('assignedTo', { name: step.assigneeName })}</div>}
        {step.note && <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{step.note}</div>}
      </>
    ),
  });
  const steps = (row: Row) => {
    const list = (row as Row & { steps: RepairStep[] }).steps;
    return (
      <>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('steps')}
        </Typography.Title>
        {list.length ? (
          <Timeline items={list.map(stepItem)} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSteps')} />
        )}
      </>
    );
  };
  return (
    <RecordView
      entity={entity}
      id={id}
      title={t('detail')}
      load={() => fetchRepair(entity, id)}
      columns={[{ key: 'repairStatus', render: (_: unknown, row: Row) => <RepairState entity={entity} row={row} /> }]}
      below={steps}
      onClose={onClose}
    />
  );
}
