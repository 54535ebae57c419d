import { PauseCircleOutlined, PlayCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type JobState, scheduledJob } from '@park/catalog';
import { Button, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { jobAction } from '../../../api/resource.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { DictLabel } from '../../../crud/DictSelect.tsx';
import { toast } from '../../../feedback.ts';
import { useLang } from '../../../i18n/index.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { usePermission } from '../../system/shared/usePermission.ts';
import { CronInput, ParamsInput } from './JobInputs.tsx';

const STATE_COLOURS: Record<JobState, string> = {
  WAITING: 'processing',
  ACQUIRED: 'cyan',
  PAUSED: 'default',
  BLOCKED: 'warning',
  ERROR: 'error',
};

const stateField = scheduledJob.fields.find((f) => f.name === 'jobState')!;

type JobAction = 'pause' | 'resume' | 'execute';

/** A row's own buttons, each behind its button code: pause a scheduled job, resume a paused one, run any now. */
const ROW_ACTIONS: { action: JobAction; icon: ReactNode; shownFor: (row: Row) => boolean }[] = [
  { action: 'pause', icon: <PauseCircleOutlined />, shownFor: (row) => row.jobState !== 'PAUSED' },
  { action: 'resume', icon: <PlayCircleOutlined />, shownFor: (row) => row.jobState === 'PAUSED' },
  { action: 'execute', icon: <ThunderboltOutlined />, shownFor: () => true },
];

/**
 * /resource/job: the tenant's scheduled jobs. Each row can be paused or resumed, and run now
 * (立即执行), each after a question; a run answers what it did, which the list keeps as the last
 * result, in the user's language.
 */
export default function JobPage() {
  const { t } = useTranslation('resource');
  const lang = useLang();
  const confirmed = useConfirmed();
  const can: Record<JobAction, boolean> = {
    pause: usePermission('scheduled_job_pause'),
    resume: usePermission('scheduled_job_resume'),
    execute: usePermission('scheduled_job_execute'),
  };

  const rowAction = (row: Row, reload: () => void, action: JobAction) => {
    const key = String(row.keyName);
    const question = {
      pause: t('job.confirmPause', { key }),
      resume: t('job.confirmResume', { key }),
      execute: t('job.confirmExecute', { key }),
    }[action];
    confirmed(
      question,
      async () => {
        try {
          const answer = await jobAction(action, key);
          if (typeof answer === 'object') toast.success(lang === 'en' ? answer.resultEn : answer.result);
        } finally {
          // A failed run is recorded too (ERROR and its reason): the list shows it either way.
          reload();
        }
      },
      action === 'pause' ? t('job.paused') : action === 'resume' ? t('job.resumed') : null,
    );
  };

  return (
    <CrudPage
      entity={scheduledJob}
      inputs={{ cronExpression: () => <CronInput />, params: () => <ParamsInput /> }}
      columns={[
        {
          key: 'jobState',
          render: (value: unknown) =>
            value ? (
              <Tag color={STATE_COLOURS[value as JobState]}>
                <DictLabel field={stateField} value={value} />
              </Tag>
            ) : null,
        },
        {
          key: 'lastResult',
          render: (_: unknown, row: Row) => {
            const text = String((lang === 'en' ? row.lastResultEn : row.lastResult) ?? '');
            return (
              <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 260 }}>
                {text}
              </Typography.Text>
            );
          },
        },
      ]}
      rowActions={(row, { reload }) =>
        ROW_ACTIONS.filter(({ action, shownFor }) => can[action] && shownFor(row)).map(({ action, icon }) => (
          <Button key={action} type="link" size="small" icon={icon} onClick={() => rowAction(row, reload, action)}>
            {t(`job.${action}`)}
          </Button>
        ))
      }
    />
  );
}
