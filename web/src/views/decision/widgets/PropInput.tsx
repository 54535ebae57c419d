import { COCKPIT_WIDGETS, type WidgetProp } from '@park/catalog';
import { InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/index.ts';
import type { WidgetProps } from './renderers.ts';

type Value = string | number | undefined;

/** The name of an enum setting's value: what a rank ranks by, or what a trend counts. */
function useEnumLabel() {
  const { t } = useTranslation('decision');
  return (name: string, value: string) => {
    if (name === 'category') return t(`analyse.category.${value as 'revenue'}`);
    if (name === 'metric') return t(`analyse.metric.${value as 'revenue'}`);
    return value;
  };
}

/** The widgets that count every year when none is asked (the others read the latest, or today). */
const ALL_YEARS = new Set(['rank-ip', 'rank-certificate', 'analyse-certificate']);

/** How long typing rests before a number is taken: a year is not fetched at each of its digits. */
const SETTLE_MS = 400;

/**
 * One setting of a widget as the registry declares it (catalog WidgetProp): a whole number in its range or one of
 * its values. Blank means the server's default (the latest year, 10 rows, by revenue). A number is passed on once
 * typing rests and only inside its range.
 */
export function PropInput({
  widget,
  name,
  value,
  onChange,
  size,
  id,
  labelled = true,
  settle = true,
}: {
  widget: string;
  name: string;
  /** Given by a Form.Item inside a form. */
  value?: Value;
  onChange?: (value: Value) => void;
  size?: 'small' | 'middle';
  id?: string;
  /** Named by its own aria-label (beside a card's title); false inside a form, whose label names it. */
  labelled?: boolean;
  /** A number is passed on once typing rests (a card refetches); false: at once (a form, read on OK). */
  settle?: boolean;
}) {
  const { t } = useTranslation('decision');
  const lang = useLang();
  const enumLabel = useEnumLabel();
  const prop: WidgetProp = COCKPIT_WIDGETS[widget].props[name];
  const label = labelled ? prop.label[lang] : undefined;
  const [draft, setDraft] = useState<Value>(value);
  useEffect(() => setDraft(value), [value]);

  const inRange = (v: Value) =>
    v === undefined || (prop.type === 'int' && Number(v) >= prop.min && Number(v) <= prop.max);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onChange and inRange are new at each render; the draft and the value decide
  useEffect(() => {
    if (draft === value || !inRange(draft)) return;
    const timer = setTimeout(() => onChange?.(draft), settle ? SETTLE_MS : 0);
    return () => clearTimeout(timer);
  }, [draft, value]);

  if (prop.type === 'enum') {
    return (
      <Select
        id={id}
        size={size}
        aria-label={label}
        prefix={label}
        value={value as string | undefined}
        placeholder={t('cockpit.settingDefault')}
        allowClear={!labelled}
        onChange={(v) => onChange?.(v ?? undefined)}
        options={prop.values.map((v) => ({ value: v, label: enumLabel(name, v) }))}
        popupMatchSelectWidth={false}
        style={{ minWidth: labelled ? 176 : 112 }}
      />
    );
  }
  return (
    <InputNumber
      id={id}
      size={size}
      aria-label={label}
      prefix={label}
      min={prop.min}
      max={prop.max}
      precision={0}
      value={draft}
      placeholder={
        name !== 'year'
          ? t('cockpit.settingDefault')
          : ALL_YEARS.has(widget)
            ? t('analyse.allYears')
            : t('analyse.latestYear')
      }
      onChange={(v) => setDraft(v === null ? undefined : v)}
      onPressEnter={() => inRange(draft) && draft !== value && onChange?.(draft)}
      style={{ width: (name === 'year' ? 112 : 72) + (labelled ? 48 : 0) }}
    />
  );
}

/** Every setting of a widget side by side (a card's extra), each named by its own label. */
export function PropControls({
  widget,
  value,
  onChange,
  only,
}: {
  widget: string;
  value: WidgetProps;
  onChange: (value: WidgetProps) => void;
  /** The settings shown, when not all of them. */
  only?: string[];
}) {
  const names = Object.keys(COCKPIT_WIDGETS[widget].props).filter((n) => !only || only.includes(n));
  return (
    <>
      {names.map((name) => (
        <PropInput
          key={name}
          widget={widget}
          name={name}
          size="small"
          value={value[name]}
          onChange={(v) => {
            const next = { ...value };
            if (v === undefined || v === '') delete next[name];
            else next[name] = v;
            onChange(next);
          }}
        />
      ))}
    </>
  );
}
