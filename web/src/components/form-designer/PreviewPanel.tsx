import type { FormSchema } from '@park/catalog/forms';
import { Alert, Button, Empty, Flex, Form, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.ts';
import { FormRenderer, filledValues } from '../form-renderer/FormRenderer.tsx';

type Outcome = { passed: true; values: Record<string, unknown> } | { passed: false; count: number };

/** The designer's own user as the starter a computed default or show-if reads while previewing. */
function useStarter(): Record<string, unknown> {
  const user = useSession((s) => s.user);
  return useMemo(
    () => ({
      starter: user
        ? { id: user.userId, realName: user.realName, deptId: user.deptId, roleIds: user.roleId.split(',') }
        : {},
    }),
    [user],
  );
}

/**
 * The form as it will be filled in, drawn by the renderer, checked with 校验 by the same rules the server runs: the
 * problems under their fields, or the values a submit would send. 重置 starts it again from its defaults.
 */
export function PreviewPanel({ schema }: { schema: FormSchema }) {
  const { t } = useTranslation('forms');
  const [form] = Form.useForm();
  const scope = useStarter();
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>();

  const check = async () => {
    try {
      setOutcome({ passed: true, values: await filledValues(form, schema, scope) });
    } catch (error) {
      const failed = (error as { errorFields?: unknown[] }).errorFields;
      if (!failed) throw error;
      setOutcome({ passed: false, count: failed.length });
    }
  };

  if (schema.fields.length === 0) return <Empty description={t('preview.empty')} />;
  return (
    <Flex vertical gap={12} style={{ maxWidth: 960, margin: '0 auto' }}>
      <Flex gap={8}>
        <Button type="primary" onClick={() => void check()}>
          {t('preview.validate')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            setOutcome(undefined);
            setRound((n) => n + 1);
          }}
        >
          {t('preview.reset')}
        </Button>
      </Flex>
      {outcome && (
        <Alert
          role="status"
          showIcon
          type={outcome.passed ? 'success' : 'error'}
          title={outcome.passed ? t('preview.passed') : t('preview.failed', { count: outcome.count })}
          description={
            outcome.passed && (
              <>
                <Typography.Text type="secondary">{t('preview.values')}</Typography.Text>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
                  {JSON.stringify(outcome.values, null, 2)}
                </pre>
              </>
            )
          }
        />
      )}
      <FormRenderer key={round} schema={schema} form={form} scope={scope} name="preview" />
    </Flex>
  );
}
