import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  expressionNames,
  expressionProblem,
  FORM_FIELD_NAME,
  type FormField,
  type FormFieldType,
  type FormOption,
  type FormSchema,
  patternOf,
  QUESTIONNAIRE_FIELD_TYPES,
  RATING_DEFAULT_MAX,
  RATING_MAX_MAX,
  RATING_MIN_MAX,
  RESERVED_FIELD_NAMES,
} from '@park/catalog/forms';
import { Button, Flex, Form, Input, InputNumber, Radio, Select, Switch, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefaultValueRow } from '../../api/workflow-form.ts';
import { useLang } from '../../i18n/index.ts';
import { editControl, valueProps } from '../form-renderer/controls.tsx';
import { type ContainerId, containerType, holdsValue, namesBeside, topLevelValues } from './fieldTree.ts';
import { type DesignerKinds, OPTION_TYPES } from './palette.ts';
import { skipTargets } from './skipLogic.ts';

/** Kinds whose value stands for itself in a simple input, so a fixed default can be typed or picked. */
const FIXED_DEFAULT: readonly FormFieldType[] = [
  'input',
  'textarea',
  'number',
  'money',
  'date',
  'dateRange',
  'select',
  'radio',
  'checkbox',
  'switch',
];
const PICKERS: readonly FormFieldType[] = ['user', 'dept', 'enterprise'];

/** What a field's min and max bound, by its kind (schema.ts): a value, a length, a count of items or of rows. */
function boundsOf(field: FormField): 'Value' | 'Length' | 'Count' | 'Rows' | undefined {
  if (field.type === 'number' || field.type === 'money') return 'Value';
  if (field.type === 'input' || field.type === 'textarea') return 'Length';
  if (field.type === 'table') return 'Rows';
  if (field.type === 'checkbox' || field.type === 'upload') return 'Count';
  if ((field.type === 'select' || PICKERS.includes(field.type)) && field.multiple) return 'Count';
  return undefined;
}

type DefaultMode = 'none' | 'value' | 'preset' | 'expr';

/** Kinds whose options may carry a score, and those that may have an "other" option. */
const SCORED: readonly FormFieldType[] = ['select', 'radio', 'checkbox', 'matrix'];
const WITH_OTHER: readonly FormFieldType[] = ['radio', 'checkbox'];
/** Kinds whose answer can be the "if" of a skip. */
const SKIP_FROM: readonly FormFieldType[] = ['select', 'radio', 'checkbox'];

/** An option as stored: a score only when one is typed, `other` only when true. */
function cleanOption(option: FormOption | undefined): FormOption {
  const { score, other, ...rest } = option ?? { label: '', value: '' };
  return { ...rest, ...(typeof score === 'number' ? { score } : {}), ...(other ? { other: true } : {}) };
}

interface FieldPropertiesProps {
  schema: FormSchema;
  field: FormField;
  container: ContainerId;
  presets: DefaultValueRow[];
  onChange: (patch: Partial<FormField>) => void;
  /** The designer's kinds: a questionnaire's offers "other" options and skip logic. */
  kinds?: DesignerKinds;
  /** Writes "if this field is `option`, skip to `target`" (the form's end with null) as the show-ifs between. */
  onSkip?: (option: string, target: string | null) => void;
}

/**
 * The picked field's properties, each change applied to the schema at once: label, name (checked as the server
 * checks it), prompts, rules, options, width, show-if (parsed as typed, its names checked against the form's fields)
 * and the default value: fixed, a preset of 表单默认值, or an expression.
 */
export function FieldProperties({
  schema,
  field,
  container,
  presets,
  onChange,
  kinds = 'workflow',
  onSkip,
}: FieldPropertiesProps) {
  const { t } = useTranslation('forms');
  const lang = useLang();
  const [form] = Form.useForm();
  const value = holdsValue(field.type);
  const inTable = containerType(schema.fields, container) === 'table';
  const bounds = boundsOf(field);
  const [defaultMode, setDefaultMode] = useState<DefaultMode>(() => modeOf(field, presets));

  const nameRules: Rule[] = [
    { required: true, message: t('props.nameRequired') },
    {
      validator: async (_, name: string | undefined) => {
        if (!name) return;
        if (!FORM_FIELD_NAME.test(name)) throw new Error(t('props.nameFormat'));
        if (RESERVED_FIELD_NAMES.has(name)) throw new Error(t('props.nameReserved', { name }));
        if (namesBeside(schema.fields, container, field.id).has(name)) throw new Error(t('props.nameTaken', { name }));
      },
    },
  ];
  const known = new Set(topLevelValues(schema.fields).map((f) => f.name));
  const expressionRules = (checkNames: boolean): Rule[] => [
    {
      validator: async (_, src: string | undefined) => {
        if (!src?.trim()) return;
        const problem = expressionProblem(src);
        if (problem) throw new Error(problem[lang]);
      },
    },
    {
      warningOnly: true,
      validator: async (_, src: string | undefined) => {
        if (!checkNames || !src?.trim() || expressionProblem(src)) return;
        const unknown = expressionNames(src)
          .map((path) => path.replace(/^form\./, '').split(/[.[]/)[0])
          .find((name) => name !== 'form' && name !== 'starter' && !known.has(name));
        if (unknown) throw new Error(t('props.unknownName', { name: unknown }));
      },
    },
  ];
  const patternRule: Rule = {
    validator: async (_, pattern: string | undefined) => {
      if (pattern && !patternOf(pattern)) throw new Error(t('props.patternInvalid'));
    },
  };
  const boundRules: Rule[] = [
    ({ getFieldValue }) => ({
      validator: async () => {
        const min = getFieldValue('min');
        const max = getFieldValue('max');
        if (typeof min === 'number' && typeof max === 'number' && min > max) throw new Error(t('props.minOverMax'));
      },
    }),
  ];

  const changeDefault = (mode: DefaultMode) => {
    setDefaultMode(mode);
    // One kind of default at a time: the other is cleared.
    form.setFieldsValue({ defaultValue: undefined, defaultExpr: undefined });
    onChange({ defaultValue: undefined, defaultExpr: undefined });
  };
  const fitting = presets.filter((preset) => !preset.fieldType || preset.fieldType === field.type);

  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      name="fieldProperties"
      initialValues={field}
      // Checked as typed: the rules say what is wrong beside the input, and schemaProblems again before saving.
      onValuesChange={(changed: Partial<FormField>, all: Partial<FormField>) => {
        // A list reports only the rows that changed: the options (and a matrix's rows) go whole.
        const patch = { ...changed };
        if ('options' in changed) patch.options = all.options?.map(cleanOption);
        if ('rows' in changed) patch.rows = all.rows?.map(cleanOption);
        onChange(patch);
      }}
    >
      <Form.Item name="label" label={t('props.label')}>
        <Input />
      </Form.Item>
      {value && (
        <Form.Item name="name" label={t('props.name')} rules={nameRules}>
          <Input />
        </Form.Item>
      )}
      {value &&
        field.type !== 'table' &&
        field.type !== 'switch' &&
        !QUESTIONNAIRE_FIELD_TYPES.includes(field.type) && (
          <Form.Item name="placeholder" label={t('props.placeholder')}>
            <Input />
          </Form.Item>
        )}
      {field.type !== 'divider' && (
        <Form.Item name="help" label={t('props.help')}>
          <Input />
        </Form.Item>
      )}
      {value && (
        <Form.Item name="required" label={t('props.required')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {(field.type === 'select' || PICKERS.includes(field.type)) && (
        <Form.Item name="multiple" label={t('props.multiple')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {field.type === 'matrix' && (
        <Form.Item name="multiple" label={t('props.matrixMultiple')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {field.type === 'rating' && (
        <Form.Item name="max" label={t('props.stars')}>
          <InputNumber
            style={{ width: '100%' }}
            min={RATING_MIN_MAX}
            max={RATING_MAX_MAX}
            precision={0}
            placeholder={String(RATING_DEFAULT_MAX)}
          />
        </Form.Item>
      )}
      {field.type === 'ranking' && (
        <Form.Item name="max" label={t('props.rankCount')} extra={t('props.rankCountHelp')}>
          <InputNumber
            style={{ width: '100%' }}
            min={1}
            max={field.options?.length}
            precision={0}
            placeholder={t('props.rankAll')}
          />
        </Form.Item>
      )}
      {bounds && (
        <Flex gap={8}>
          <Form.Item
            name="min"
            label={t(`props.min${bounds}`)}
            rules={boundRules}
            dependencies={['max']}
            style={{ flex: 1 }}
          >
            <InputNumber
              style={{ width: '100%' }}
              min={bounds === 'Value' ? undefined : 0}
              precision={bounds === 'Value' ? undefined : 0}
            />
          </Form.Item>
          <Form.Item
            name="max"
            label={t(`props.max${bounds}`)}
            rules={boundRules}
            dependencies={['min']}
            style={{ flex: 1 }}
          >
            <InputNumber
              style={{ width: '100%' }}
              min={bounds === 'Value' ? undefined : 0}
              precision={bounds === 'Value' ? undefined : 0}
            />
          </Form.Item>
        </Flex>
      )}
      {field.type === 'number' && (
        <Form.Item name="precision" label={t('props.precision')}>
          <InputNumber style={{ width: '100%' }} min={0} max={10} precision={0} />
        </Form.Item>
      )}
      {(field.type === 'input' || field.type === 'textarea') && (
        <>
          <Form.Item name="pattern" label={t('props.pattern')} rules={[patternRule]}>
            <Input placeholder="^[0-9]{6}$" />
          </Form.Item>
          <Form.Item name="patternMessage" label={t('props.patternMessage')}>
            <Input />
          </Form.Item>
        </>
      )}
      {field.type === 'matrix' && <OptionsEditor list="rows" />}
      {OPTION_TYPES.includes(field.type) && (
        <OptionsEditor
          list={field.type === 'matrix' ? 'columns' : 'options'}
          scoring={schema.scoring === true && SCORED.includes(field.type)}
          other={kinds === 'questionnaire' && WITH_OTHER.includes(field.type) && !inTable}
        />
      )}
      {!inTable && field.type !== 'divider' && (
        <Form.Item name="span" label={t('props.span')}>
          <InputNumber style={{ width: '100%' }} min={1} max={24} precision={0} placeholder="24" />
        </Form.Item>
      )}
      <Form.Item name="showIf" label={t('props.showIf')} extra={t('props.showIfHelp')} rules={expressionRules(true)}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} placeholder="days > 3" />
      </Form.Item>
      {kinds === 'questionnaire' && onSkip && SKIP_FROM.includes(field.type) && !inTable && (
        <SkipEditor schema={schema} field={field} onSkip={onSkip} />
      )}
      {value && field.type !== 'table' && field.type !== 'upload' && (
        <>
          <Form.Item label={t('props.defaultMode')}>
            <Radio.Group
              value={defaultMode}
              onChange={(event) => changeDefault(event.target.value as DefaultMode)}
              optionType="button"
              size="small"
              options={(['none', 'value', 'preset', 'expr'] as const)
                .filter((mode) => mode !== 'value' || FIXED_DEFAULT.includes(field.type))
                // 表单默认值 are the workflow's (a starter's attributes): a questionnaire has no starter.
                .filter((mode) => mode !== 'preset' || kinds === 'workflow')
                .map((mode) => ({
                  value: mode,
                  label: t(
                    `props.default${mode === 'none' ? 'None' : mode === 'value' ? 'Value' : mode === 'preset' ? 'Preset' : 'Expr'}`,
                  ),
                }))}
            />
          </Form.Item>
          {defaultMode === 'value' && (
            <Form.Item name="defaultValue" {...valueProps(field)} label={t('props.defaultValue')}>
              {editControl({ ...field, required: false, showIf: undefined })}
            </Form.Item>
          )}
          {defaultMode === 'preset' && (
            <Form.Item name="defaultExpr" label={t('props.defaultPreset')}>
              <Select
                aria-label={t('props.defaultPresetPick')}
                placeholder={t('props.defaultPresetPick')}
                allowClear
                options={fitting.map((preset) => ({
                  value: preset.content,
                  label: `${preset.name} (${preset.content})`,
                }))}
              />
            </Form.Item>
          )}
          {defaultMode === 'expr' && (
            <Form.Item
              name="defaultExpr"
              label={t('props.defaultExpr')}
              extra={t('props.defaultExprHelp')}
              rules={expressionRules(false)}
            >
              <Input />
            </Form.Item>
          )}
        </>
      )}
    </Form>
  );
}

/** How a field's default is set now: a fixed value, a preset's expression, another expression, or none. */
function modeOf(field: FormField, presets: DefaultValueRow[]): DefaultMode {
  if (field.defaultValue !== undefined) return 'value';
  if (!field.defaultExpr) return 'none';
  return presets.some((preset) => preset.content === field.defaultExpr) ? 'preset' : 'expr';
}

/** The words of each list the options editor edits: a choice's options, a matrix's columns or its rows. */
const LIST_WORDS = {
  options: {
    title: 'props.options',
    label: 'props.optionLabel',
    value: 'props.optionValue',
    add: 'props.addOption',
    remove: 'props.removeOption',
    up: 'props.moveOptionUp',
    down: 'props.moveOptionDown',
    item: 'designer.option',
  },
  columns: {
    title: 'props.columns',
    label: 'props.optionLabel',
    value: 'props.optionValue',
    add: 'props.addOption',
    remove: 'props.removeOption',
    up: 'props.moveOptionUp',
    down: 'props.moveOptionDown',
    item: 'designer.option',
  },
  rows: {
    title: 'props.rows',
    label: 'props.rowLabel',
    value: 'props.rowValue',
    add: 'props.addRow',
    remove: 'props.removeRow',
    up: 'props.moveRowUp',
    down: 'props.moveRowDown',
    item: 'designer.row',
  },
} as const;

/**
 * A list of options (a choice's, a ranking's, a matrix's columns) or a matrix's rows: text and value each, added,
 * removed and moved up or down; with `scoring`, each option's score; with `other`, one "other" option (it asks the
 * respondent a text), kept last when options are added.
 */
function OptionsEditor({
  list,
  scoring = false,
  other = false,
}: {
  list: keyof typeof LIST_WORDS;
  scoring?: boolean;
  other?: boolean;
}) {
  const { t } = useTranslation('forms');
  const words = LIST_WORDS[list];
  const name = list === 'rows' ? 'rows' : 'options';
  const form = Form.useFormInstance();
  const twoLines = scoring || other;
  return (
    <Form.Item label={t(words.title)}>
      <Form.List name={name}>
        {(rows, { add, remove, move }) => {
          // Read as the list is drawn (it is drawn again on every add, move and removal).
          const items: FormOption[] = form.getFieldValue(name) ?? [];
          const otherAt = items.findIndex((item) => item?.other);
          const freeValue = (base: string) => {
            const taken = new Set(items.map((item) => item?.value));
            if (!taken.has(base)) return base;
            let n = 2;
            while (taken.has(`${base}_${n}`)) n++;
            return `${base}_${n}`;
          };
          return (
            <Flex vertical gap={twoLines ? 8 : 4}>
              {rows.map((row, i) => {
                const buttons = (
                  <>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={i === 0}
                      aria-label={t(words.up, { n: i + 1 })}
                      onClick={() => move(i, i - 1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={i === rows.length - 1}
                      aria-label={t(words.down, { n: i + 1 })}
                      onClick={() => move(i, i + 1)}
                    />
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t(words.remove, { n: i + 1 })}
                      onClick={() => remove(i)}
                    />
                  </>
                );
                const texts = (
                  <>
                    <Form.Item name={[row.name, 'label']} noStyle>
                      <Input aria-label={t(words.label, { n: i + 1 })} style={{ flex: 2 }} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'value']} noStyle>
                      <Input aria-label={t(words.value, { n: i + 1 })} style={{ flex: 1 }} />
                    </Form.Item>
                  </>
                );
                if (!twoLines) {
                  return (
                    <Flex key={row.key} gap={4} align="center">
                      {texts}
                      {buttons}
                    </Flex>
                  );
                }
                return (
                  <Flex key={row.key} vertical gap={4}>
                    <Flex gap={4}>{texts}</Flex>
                    <Flex gap={4} align="center">
                      {scoring && (
                        <Form.Item name={[row.name, 'score']} noStyle>
                          <InputNumber
                            size="small"
                            aria-label={t('props.optionScore', { n: i + 1 })}
                            placeholder={t('props.score')}
                            style={{ width: 96 }}
                          />
                        </Form.Item>
                      )}
                      {items[i]?.other && <Tag color="blue">{t('props.otherTag')}</Tag>}
                      <span style={{ flex: 1 }} />
                      {buttons}
                    </Flex>
                  </Flex>
                );
              })}
              <Flex gap={4} wrap>
                <Button
                  type="dashed"
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    // Numbered among the options before the "other" one.
                    const n = rows.length + (otherAt >= 0 ? 0 : 1);
                    const value = freeValue(list === 'rows' ? `r${n}` : String(n));
                    // A new option goes before the "other" one, which stays last.
                    add({ label: t(words.item, { n }), value }, otherAt >= 0 ? otherAt : undefined);
                  }}
                >
                  {t(words.add)}
                </Button>
                {other && (
                  <Button
                    type="dashed"
                    size="small"
                    icon={<PlusOutlined />}
                    disabled={otherAt >= 0}
                    onClick={() => add({ label: t('props.otherOption'), value: freeValue('other'), other: true })}
                  >
                    {t('props.addOther')}
                  </Button>
                )}
              </Flex>
            </Flex>
          );
        }}
      </Form.List>
    </Form.Item>
  );
}

/** "If this question is X, skip to Q": written as the show-ifs of the questions between (skipLogic.ts). */
function SkipEditor({
  schema,
  field,
  onSkip,
}: {
  schema: FormSchema;
  field: FormField;
  onSkip: (option: string, target: string | null) => void;
}) {
  const { t } = useTranslation('forms');
  const [option, setOption] = useState<string>();
  const [target, setTarget] = useState<string>();
  const END = ':end';
  const targets = skipTargets(schema.fields, field.id);
  return (
    <Form.Item label={t('props.skip')} extra={t('props.skipHelp')}>
      <Flex vertical gap={4}>
        <Select
          aria-label={t('props.skipWhen')}
          placeholder={t('props.skipWhen')}
          value={option}
          onChange={setOption}
          options={(field.options ?? []).map((o) => ({ label: o.label, value: o.value }))}
        />
        <Select
          aria-label={t('props.skipTo')}
          placeholder={t('props.skipTo')}
          value={target}
          onChange={setTarget}
          options={[
            ...targets.map((f) => ({ label: f.label || t(`kinds.${f.type}`), value: f.id })),
            { label: t('props.skipEnd'), value: END },
          ]}
        />
        <Button
          size="small"
          disabled={option === undefined || target === undefined}
          onClick={() => {
            if (option === undefined || target === undefined) return;
            onSkip(option, target === END ? null : target);
            setOption(undefined);
            setTarget(undefined);
          }}
        >
          {t('props.skipApply')}
        </Button>
      </Flex>
    </Form.Item>
  );
}

/** The form's own settings: the label width (labels above the fields when empty); a questionnaire's scoring. */
export function FormProperties({
  schema,
  onChange,
  kinds = 'workflow',
}: {
  schema: FormSchema;
  onChange: (schema: FormSchema) => void;
  kinds?: DesignerKinds;
}) {
  const { t } = useTranslation('forms');
  return (
    <Form layout="vertical" size="small" name="formProperties" initialValues={schema}>
      {kinds === 'questionnaire' && (
        <Form.Item name="scoring" label={t('props.scoring')} extra={t('props.scoringHelp')} valuePropName="checked">
          <Switch
            onChange={(on) => {
              const { scoring: _, ...rest } = schema;
              onChange(on ? { ...rest, scoring: true } : rest);
            }}
          />
        </Form.Item>
      )}
      <Form.Item name="labelWidth" label={t('props.labelWidth')} extra={t('props.labelWidthHelp')}>
        <InputNumber
          style={{ width: '100%' }}
          min={40}
          max={400}
          precision={0}
          onChange={(width) => {
            const { labelWidth: _, ...rest } = schema;
            onChange(typeof width === 'number' ? { ...rest, labelWidth: width } : rest);
          }}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('designer.noSelection')}</Typography.Paragraph>
    </Form>
  );
}
