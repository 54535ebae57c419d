import { expressionProblem } from '@park/catalog/forms';
import { Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../../i18n/index.ts';
import { type Amount, DURATION_UNITS, type DurationUnit, fromDuration, toDuration } from './duration.ts';

/**
 * The drawer's typed inputs. A text is kept as a draft while it has the focus and written to the diagram
 * when it loses it (or on Enter in a one-line input): one command, one undo step per edit, not one per key.
 * Without the focus an input shows the diagram's value, so an undo shows at once.
 */

interface TextProps {
  id: string;
  value: string;
  onCommit: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

function useDraft(value: string, onCommit: (value: string) => void) {
  const [draft, setDraft] = useState<string>();
  return {
    value: draft ?? value,
    onFocus: () => setDraft(value),
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: () => {
      if (draft !== undefined && draft !== value) onCommit(draft);
      setDraft(undefined);
    },
  };
}

export function CommitInput({ id, value, onCommit, disabled, placeholder }: TextProps) {
  const draft = useDraft(value, onCommit);
  return (
    <Input
      id={id}
      {...draft}
      disabled={disabled}
      placeholder={placeholder}
      onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
    />
  );
}

export function CommitTextArea({ id, value, onCommit, disabled, placeholder }: TextProps) {
  const draft = useDraft(value, onCommit);
  return (
    <Input.TextArea
      id={id}
      {...draft}
      disabled={disabled}
      placeholder={placeholder}
      autoSize={{ minRows: 2, maxRows: 6 }}
    />
  );
}

/**
 * An expression (a flow's condition, a completion condition), checked as it is typed with the same
 * checker as the server's deploy (expressionProblem of @park/catalog/forms).
 */
export function ExpressionInput({
  id,
  label,
  help,
  value,
  onCommit,
  disabled,
  extra,
}: TextProps & { label: string; help?: string; extra?: ReactNode }) {
  const lang = useLang();
  const draft = useDraft(value, onCommit);
  const shown = draft.value.trim();
  const problem = shown ? expressionProblem(shown) : undefined;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? problem[lang] : help}
      extra={extra}
    >
      <Input.TextArea
        id={id}
        {...draft}
        disabled={disabled}
        autoSize={{ minRows: 1, maxRows: 4 }}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
      />
    </Form.Item>
  );
}

/** A number and a unit written as an ISO 8601 duration; an empty number removes it. */
export function DurationInput({
  id,
  value,
  onCommit,
  label,
}: {
  id: string;
  value: string;
  onCommit: (iso: string) => void;
  label: string;
}) {
  const { t } = useTranslation('workflowDesigner');
  const parsed = value ? fromDuration(value) : undefined;
  const [unit, setUnit] = useState<DurationUnit>(parsed?.unit ?? 'hour');
  const [amount, setAmount] = useState<number | null>();
  const shownUnit = parsed?.unit ?? unit;
  const commit = (next: { amount?: number | null; unit?: Amount['unit'] }) => {
    const whole = next.amount === undefined ? (parsed?.amount ?? null) : next.amount;
    onCommit(whole ? toDuration({ amount: whole, unit: next.unit ?? shownUnit }) : '');
  };
  return (
    <Flex vertical gap={4}>
      <Flex gap={8}>
        <InputNumber
          id={id}
          aria-label={label}
          min={1}
          precision={0}
          style={{ flex: 1 }}
          value={amount === undefined ? (parsed?.amount ?? null) : amount}
          onFocus={() => setAmount(parsed?.amount ?? null)}
          onChange={(next) => setAmount(next)}
          onBlur={() => {
            if (amount !== undefined && amount !== (parsed?.amount ?? null)) commit({ amount });
            setAmount(undefined);
          }}
          onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
        />
        <Select<DurationUnit>
          aria-label={t('units.label', { label })}
          style={{ width: 100 }}
          value={shownUnit}
          options={DURATION_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))}
          onChange={(next) => {
            setUnit(next);
            if (parsed) commit({ unit: next });
          }}
        />
      </Flex>
      {value && !parsed && <Typography.Text type="warning">{value}</Typography.Text>}
    </Flex>
  );
}
