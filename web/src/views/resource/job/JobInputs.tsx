import { cronProblem, nextRuns, parkTime } from '@park/catalog';
import { Form, Input, type InputProps, Typography } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { useTranslation } from 'react-i18next';

const SHOWN_RUNS = 3;

/** The schedule, with its next runs shown as it is typed (the park's clock, as the list shows times). */
export function CronInput({ value, ...props }: InputProps & { value?: string }) {
  const { t } = useTranslation('resource');
  const text = value?.trim() ?? '';
  const runs = text && !cronProblem(text) ? nextRuns(text, SHOWN_RUNS).map(parkTime) : [];
  return (
    <>
      <Input value={value} autoComplete="off" placeholder="0 0 2 * * ?" spellCheck={false} {...props} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="cron-next-runs">
        {runs.length ? `${t('job.nextRuns')}${runs.join('，')}` : t('job.cronHelp')}
      </Typography.Text>
    </>
  );
}

/** The handler's parameters as JSON, with an example for the handler picked. */
export function ParamsInput(props: TextAreaProps) {
  const { t } = useTranslation('resource');
  const handler = Form.useWatch<string | undefined>('handler', Form.useFormInstance());
  const examples = t('job.paramsExamples', { returnObjects: true }) as Record<string, string>;
  return (
    <>
      <Input.TextArea rows={3} spellCheck={false} style={{ fontFamily: 'monospace' }} {...props} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {(handler && examples[handler]) || t('job.paramsHelp')}
      </Typography.Text>
    </>
  );
}
