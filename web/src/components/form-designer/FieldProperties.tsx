import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  expressionNames,
  expressionProblem,
  FORM_FIELD_NAME,
  type FormField,
  type FormFieldType,
  type FormSchema,
  patternOf,
  RESERVED_FIELD_NAMES,
} from '@park/catalog/forms';
import { Button, Flex, Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefaultValueRow } from '../../api/workflow-form.ts';
import { useLang } from '../../i18n/index.ts';
import { editControl, valueProps } from '../form-renderer/controls.tsx';
import { type ContainerId, containerType, holdsValue, namesBeside, topLevelValues } from './fieldTree.ts';
import { CHOICE_TYPES } from './palette.ts';

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

interface FieldPropertiesProps {
  schema: FormSchema;
  field: FormField;
  container: ContainerId;
  presets: DefaultValueRow[];
  onChange: (patch: Partial<FormField>) => void;
}

/**
 * The picked field's properties, each change applied to the schema at once: label, name (checked as the server
 * checks it), prompts, rules, options, width, show-if (parsed as typed, its names checked against the form's fields)
 * and the default value: fixed, a preset of 表单默认值, or an expression.
 */
export function FieldProperties({ schema, field, container, presets, onChange }: FieldPropertiesProps) {
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
      onValuesChange={(changed: Partial<FormField>, all: Partial<FormField>) =>
        // A list reports only the rows that changed: the options go whole.
        onChange('options' in changed ? { ...changed, options: all.options } : changed)
      }
    >
      <Form.Item name="label" label={t('props.label')}>
        <Input />
      </Form.Item>
      {value && (
        <Form.Item name="name" label={t('props.name')} rules={nameRules}>
          <Input />
        </Form.Item>
      )}
      {value && field.type !== 'table' && field.type !== 'switch' && (
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
      {CHOICE_TYPES.includes(field.type) && <OptionsEditor />}
      {!inTable && field.type !== 'divider' && (
        <Form.Item name="span" label={t('props.span')}>
          <InputNumber style={{ width: '100%' }} min={1} max={24} precision={0} placeholder="24" />
        </Form.Item>
      )}
      <Form.Item name="showIf" label={t('props.showIf')} extra={t('props.showIfHelp')} rules={expressionRules(true)}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} placeholder="days > 3" />
      </Form.Item>
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

/** A choice field's options: text and value each, added, removed and moved up or down. */
function OptionsEditor() {
  const { t } = useTranslation('forms');
  return (
    <Form.Item label={t('props.options')}>
      <Form.List name="options">
        {(rows, { add, remove, move }) => (
          <Flex vertical gap={4}>
            {rows.map((row, i) => (
              <Flex key={row.key} gap={4} align="center">
                <Form.Item name={[row.name, 'label']} noStyle>
                  <Input aria-label={t('props.optionLabel', { n: i + 1 })} style={{ flex: 2 }} />
                </Form.Item>
                <Form.Item name={[row.name, 'value']} noStyle>
                  <Input aria-label={t('props.optionValue', { n: i + 1 })} style={{ flex: 1 }} />
                </Form.Item>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  aria-label={t('props.moveOptionUp', { n: i + 1 })}
                  onClick={() => move(i, i - 1)}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === rows.length - 1}
                  aria-label={t('props.moveOptionDown', { n: i + 1 })}
                  onClick={() => move(i, i + 1)}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('props.removeOption', { n: i + 1 })}
                  onClick={() => remove(i)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                const n = rows.length + 1;
                add({ label: t('designer.option', { n }), value: String(n) });
              }}
            >
              {t('props.addOption')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The form's own settings: the label width (labels above the fields when empty). */
export function FormProperties({ schema, onChange }: { schema: FormSchema; onChange: (schema: FormSchema) => void }) {
  const { t } = useTranslation('forms');
  return (
    <Form layout="vertical" size="small" name="formProperties" initialValues={schema}>
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
