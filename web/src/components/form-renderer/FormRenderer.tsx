import {
  defaultValues,
  type FormField,
  type FormSchema,
  OTHER_TEXT_MAX,
  otherKey,
  otherOption,
  otherTextProblem,
  picksOther,
  visibleValues,
} from '@park/catalog/forms';
import { Col, Divider, Form, type FormInstance, Grid, Input, Row, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n/index.ts';
import { editControl, valueProps } from './controls.tsx';
import { type FieldAuth, isShown, problemOf, type RenderMode, rightOf } from './logic.ts';
import { ReadValue } from './ReadValue.tsx';
import { TableInput, TableView } from './TableField.tsx';

export type { FieldAuth, RenderMode } from './logic.ts';

type Values = Record<string, unknown>;

export interface FormRendererProps {
  schema: FormSchema;
  /** The form's instance, for the screen to validate and read it (`filledValues`); the renderer makes its own without. */
  form?: FormInstance;
  /** `edit` fills the form in; `view` reads it (a detail view). */
  mode?: RenderMode;
  /** A task's rights by field name (editable, read-only, hidden); without it every field is editable in `edit`. */
  auth?: FieldAuth;
  /** The values of a form filled before; a new form starts from the schema's defaults instead. */
  values?: Values;
  /** What computed defaults and show-ifs read besides the form's values: `starter` (the starting user's attributes). */
  scope?: Values;
  /** The form's name, the prefix of its inputs' ids, when a screen shows two forms. */
  name?: string;
  /** Drawn as it would be filled in, but not fillable: a version's preview. */
  disabled?: boolean;
}

/**
 * Draws a form schema with antd's Form: each field with its kind's input and the shared validator's rules and words,
 * groups as titled sections, tables as editable sub-tables, widths in 24ths of the row (the whole row on a phone,
 * labels then above the fields). A field is shown while its show-if holds, re-evaluated as the values change; a
 * hidden one is neither checked nor submitted (`filledValues`).
 */
export function FormRenderer({
  schema,
  form: given,
  mode = 'edit',
  auth,
  values,
  scope,
  name,
  disabled,
}: FormRendererProps) {
  const [own] = Form.useForm();
  const form = given ?? own;
  const screens = Grid.useBreakpoint();
  const initial = useMemo(
    () => values ?? (mode === 'edit' ? defaultValues(schema, scope ?? {}) : {}),
    [values, mode, schema, scope],
  );
  // Every value, fields hidden by their show-if included, so that showing one again shows what it held.
  const watched: Values | undefined = Form.useWatch([], { form, preserve: true });
  const current = watched ?? initial;
  // Labels beside the fields need a wide screen and a label width; otherwise they stand above.
  const beside = Boolean(screens.md && schema.labelWidth);
  const context: DrawContext = { mode, auth, values: current, scope: scope ?? {} };
  return (
    <Form
      form={form}
      name={name}
      layout={beside ? 'horizontal' : 'vertical'}
      labelCol={beside ? { flex: `${schema.labelWidth}px` } : undefined}
      labelWrap
      initialValues={initial}
      requiredMark={mode === 'edit'}
      disabled={disabled}
    >
      <Row gutter={16}>
        {shownFields(schema.fields, context).map((field) => (
          <FieldNode key={field.id} field={field} context={context} />
        ))}
      </Row>
    </Form>
  );
}

/**
 * The values a filled form submits, once every shown field passes its rules: those of the fields shown, by the
 * shared `visibleValues` the server stores by too. Rejects (antd's validation error) while a field does not pass.
 */
export async function filledValues(form: FormInstance, schema: FormSchema, scope: Values = {}): Promise<Values> {
  await form.validateFields();
  return visibleValues(schema, form.getFieldsValue(true) as Values, { scope });
}

interface DrawContext {
  mode: RenderMode;
  auth: FieldAuth | undefined;
  values: Values;
  scope: Values;
}

/** The fields on screen: their show-if holds, their right is not hidden, and a group shows some field of its own. */
function shownFields(fields: readonly FormField[], context: DrawContext): FormField[] {
  return fields.filter((field) => {
    if (!isShown(field, context.values, context.scope)) return false;
    if (field.type === 'group') return shownFields(field.children ?? [], context).length > 0;
    return rightOf(field, context.mode, context.auth) !== 'hidden';
  });
}

function FieldNode({ field, context }: { field: FormField; context: DrawContext }) {
  const lang = useLang();
  const { token } = theme.useToken();
  const span = field.span ?? 24;
  if (field.type === 'divider') {
    return (
      <Col span={24}>
        <Divider titlePlacement="start">{field.label}</Divider>
      </Col>
    );
  }
  if (field.type === 'group') {
    return (
      <Col xs={24} md={span}>
        <fieldset
          style={{
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: `${token.paddingXS}px ${token.padding}px 0`,
            marginBottom: token.marginLG,
            minWidth: 0,
          }}
        >
          <legend
            style={{
              width: 'auto',
              padding: `0 ${token.paddingXS}px`,
              marginBottom: 0,
              border: 0,
              fontSize: token.fontSizeLG,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {field.label}
          </legend>
          <Row gutter={16}>
            {shownFields(field.children ?? [], context).map((child) => (
              <FieldNode key={child.id} field={child} context={context} />
            ))}
          </Row>
        </fieldset>
      </Col>
    );
  }
  const editable = rightOf(field, context.mode, context.auth) === 'editable';
  const name = field.name as string;
  if (field.type === 'table') {
    // A column's show-if reads the form's values, as a field's does: the whole column is shown or not.
    const columns = (field.children ?? [])
      .filter((column) => isShown(column, context.values, context.scope))
      .map((column) => ({ ...column, showIf: undefined }));
    const table = { ...field, children: columns };
    return (
      <Col xs={24} md={span}>
        <Form.Item label={field.label} required={editable && field.required} extra={field.help}>
          {editable ? (
            <TableInput table={table} scope={context.scope} />
          ) : (
            <Form.Item name={name} noStyle>
              <TableView table={table} />
            </Form.Item>
          )}
        </Form.Item>
      </Col>
    );
  }
  return (
    <Col xs={24} md={span}>
      {editable ? (
        <Form.Item
          name={name}
          label={field.label}
          extra={field.help}
          required={field.required}
          {...valueProps(field)}
          rules={[
            {
              validator: async (_, value) => {
                const problem = problemOf(field, value, lang);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          {editControl(field)}
        </Form.Item>
      ) : (
        <Form.Item name={name} label={field.label} extra={field.help}>
          <ReadValue field={field} otherText={context.values[otherKey(name)]} />
        </Form.Item>
      )}
      {editable && picksOther(field, context.values[name]) && <OtherText field={field} />}
    </Col>
  );
}

/**
 * The text an "other" choice asks for, under its field while that choice is picked, kept under `<name>:other`
 * (`otherKey`) and checked by the shared rule; unpicked, it is neither checked nor submitted (`visibleValues`).
 */
function OtherText({ field }: { field: FormField }) {
  const { t } = useTranslation('forms');
  const lang = useLang();
  const name = field.name as string;
  const other = otherOption(field)?.label ?? '';
  return (
    <Form.Item
      name={otherKey(name)}
      required
      label={t('other.label', { other })}
      rules={[
        ({ getFieldValue }) => ({
          validator: async (_, text) => {
            const problem = otherTextProblem(field, getFieldValue(name), text);
            if (problem) throw new Error(problem[lang]);
          },
        }),
      ]}
    >
      <Input
        aria-label={t('other.text', { label: field.label, other })}
        placeholder={t('other.placeholder', { other })}
        maxLength={OTHER_TEXT_MAX}
      />
    </Form.Item>
  );
}
