import type { FieldAuthMode } from '@park/catalog/forms';
import { WORKFLOW_BUTTONS, type WorkflowButton } from '@park/catalog/workflow';
import { Checkbox, Flex, Form, Input, InputNumber, Radio, Select, Spin, Switch, Typography } from 'antd';
import type Modeler from 'bpmn-js/lib/Modeler';
import type { Element } from 'bpmn-js/lib/model/Types';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignedModel, TaskButton } from '../../../../../api/workflow-model.ts';
import { useLang } from '../../../../../i18n/index.ts';
import { useFormChoices, useFormFields, useSavedConditions, useTaskButtons } from './designerData.ts';
import { durationMinutes } from './duration.ts';
import { CommitInput, CommitTextArea, DurationInput, ExpressionInput } from './inputs.tsx';
import { applyChanges } from './modeler.ts';
import {
  ASSIGNEE,
  type Change,
  COPY_TO,
  type ModdleElement,
  type ModdleFactory,
  readAttr,
  readButtons,
  readCondition,
  readDocumentation,
  readFieldAuth,
  readRules,
  readSign,
  readTimerDuration,
  type Sign,
  timerOf,
  writeAttr,
  writeButtons,
  writeCondition,
  writeDefaultFlow,
  writeDocumentation,
  writeFieldAuth,
  writeRules,
  writeSign,
  writeTimerDuration,
} from './parkModel.ts';
import { RuleList } from './RuleList.tsx';

/** What every section gets: the element, its business object, and a way to change it as one command. */
interface Section {
  element: Element;
  bo: ModdleElement;
  moddle: ModdleFactory;
  apply: (...changes: Change[]) => void;
  registry: ElementRegistry;
}

const is = (bo: ModdleElement | undefined, type: string) => Boolean(bo?.$instanceOf(type));
const isWorkflowButton = (key: string): key is WorkflowButton => (WORKFLOW_BUTTONS as readonly string[]).includes(key);

/** The kind of element the drawer shows, for its title. */
function kindOf(bo: ModdleElement, root: boolean) {
  if (root) return 'process';
  for (const [type, kind] of [
    ['bpmn:StartEvent', 'startEvent'],
    ['bpmn:EndEvent', 'endEvent'],
    ['bpmn:UserTask', 'userTask'],
    ['bpmn:ServiceTask', 'serviceTask'],
    ['bpmn:ExclusiveGateway', 'exclusiveGateway'],
    ['bpmn:ParallelGateway', 'parallelGateway'],
    ['bpmn:SequenceFlow', 'sequenceFlow'],
    ['bpmn:BoundaryEvent', 'boundaryEvent'],
    ['bpmn:TextAnnotation', 'textAnnotation'],
  ] as const) {
    if (is(bo, type)) return kind;
  }
  return 'other';
}

/**
 * The properties drawer: what our engine reads of the selected element, or of the process when nothing is
 * selected. It reads the element afresh on every render (the designer renders it again after each change,
 * undo and redo included) and changes it only through bpmn-js's modeling (modeler.ts `applyChanges`).
 */
export function PropertiesPanel({
  modeler,
  element,
  root,
  model,
}: {
  modeler: Modeler;
  element: Element;
  root: boolean;
  model: DesignedModel;
}) {
  const { t } = useTranslation('workflowDesigner');
  const bo = element.businessObject as ModdleElement;
  const section: Section = {
    element,
    bo,
    moddle: modeler.get<ModdleFactory>('moddle'),
    registry: modeler.get<ElementRegistry>('elementRegistry'),
    apply: (...changes) => applyChanges(modeler, element, changes),
  };
  const kind = kindOf(bo, root);
  const id = (name: string) => `wfd_${name}`;
  const name = (
    <Form.Item label={t('props.name')} htmlFor={id('name')}>
      <CommitInput
        id={id('name')}
        value={readAttr(bo, 'name')}
        onCommit={(v) => section.apply(writeAttr(bo, 'name', v))}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" size="small" component="div" data-kind={kind}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t(`kinds.${kind}`)}
      </Typography.Title>
      {kind === 'process' && <ProcessSection {...section} model={model} />}
      {kind === 'startEvent' && (
        <>
          {name}
          <StartEventSection {...section} />
        </>
      )}
      {kind === 'userTask' && (
        <>
          {name}
          <UserTaskSection {...section} />
        </>
      )}
      {kind === 'serviceTask' && (
        <>
          {name}
          <CopySection {...section} label={t('props.notify')} />
        </>
      )}
      {kind === 'sequenceFlow' && (
        <>
          {name}
          <FlowSection {...section} />
        </>
      )}
      {kind === 'exclusiveGateway' && (
        <>
          {name}
          <GatewaySection {...section} />
        </>
      )}
      {kind === 'parallelGateway' && (
        <>
          {name}
          <Typography.Paragraph type="secondary">{t('props.parallelNote')}</Typography.Paragraph>
        </>
      )}
      {kind === 'boundaryEvent' && (
        <>
          {name}
          <TimerSection {...section} />
        </>
      )}
      {kind === 'textAnnotation' && (
        <Form.Item label={t('props.text')} htmlFor={id('text')}>
          <CommitTextArea
            id={id('text')}
            value={readAttr(bo, 'text')}
            onCommit={(v) => section.apply(writeAttr(bo, 'text', v))}
          />
        </Form.Item>
      )}
      {(kind === 'endEvent' || kind === 'other') && name}
    </Form>
  );
}

function ProcessSection({ bo, moddle, apply, model }: Section & { model: DesignedModel }) {
  const { t } = useTranslation('workflowDesigner');
  return (
    <>
      <Form.Item label={t('props.name')} htmlFor="wfd_name">
        <CommitInput id="wfd_name" value={readAttr(bo, 'name')} onCommit={(v) => apply(writeAttr(bo, 'name', v))} />
      </Form.Item>
      <Form.Item label={t('props.key')} htmlFor="wfd_key" extra={t('props.keyHelp')}>
        <Input id="wfd_key" value={model.modelKey} disabled />
      </Form.Item>
      <Form.Item label={t('props.documentation')} htmlFor="wfd_documentation">
        <CommitTextArea
          id="wfd_documentation"
          value={readDocumentation(bo)}
          onCommit={(v) => apply(writeDocumentation(moddle, bo, v))}
        />
      </Form.Item>
    </>
  );
}

/** The forms to pick from, the stored one kept when the list no longer has it. */
function useFormOptions(current: string) {
  const forms = useFormChoices();
  const options = (forms.data ?? []).map((form) => ({ value: form.formKey, label: `${form.name} (${form.formKey})` }));
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: current });
  return { options, loading: forms.isPending, forms: forms.data ?? [] };
}

function StartEventSection({ bo, apply }: Section) {
  const { t } = useTranslation('workflowDesigner');
  const formKey = readAttr(bo, 'park:formKey');
  const { options, loading } = useFormOptions(formKey);
  return (
    <Form.Item label={t('props.processForm')} htmlFor="wfd_processForm" extra={t('props.processFormHelp')}>
      <Select
        id="wfd_processForm"
        allowClear
        showSearch
        optionFilterProp="label"
        loading={loading}
        placeholder={t('props.noForm')}
        value={formKey || undefined}
        options={options}
        onChange={(key?: string) => apply(writeAttr(bo, 'park:formKey', key ?? ''))}
      />
    </Form.Item>
  );
}

/** The process form: the first start event's. */
function processFormKey(registry: ElementRegistry): string {
  const start = registry.find((e) => e.type !== 'label' && is(e.businessObject, 'bpmn:StartEvent'));
  return start ? readAttr(start.businessObject as ModdleElement, 'park:formKey') : '';
}

function UserTaskSection(section: Section) {
  const { t } = useTranslation('workflowDesigner');
  const { bo, moddle, apply, registry } = section;
  const processForm = processFormKey(registry);
  const taskForm = readAttr(bo, 'park:formKey');
  const processFields = useFormFields(processForm || undefined);
  const userFields = processFields.fields
    .filter((field) => field.type === 'user')
    .map((field) => ({ name: field.name as string, label: field.label }));
  const { options: formOptions, loading, forms } = useFormOptions(taskForm);
  const processFormName = forms.find((form) => form.formKey === processForm)?.name ?? processForm;
  const due = readAttr(bo, 'park:dueTime');
  const remind = readAttr(bo, 'park:remindBefore');
  const dueMinutes = due ? durationMinutes(due) : undefined;
  const remindMinutes = remind ? durationMinutes(remind) : undefined;
  const remindTooLate = dueMinutes !== undefined && remindMinutes !== undefined && remindMinutes >= dueMinutes;
  return (
    <>
      <Form.Item label={t('props.assignees')} extra={t('props.assigneesHelp')}>
        <RuleList
          list={t('props.assignees')}
          rules={readRules(bo, ASSIGNEE)}
          userFields={userFields}
          onChange={(rules) => apply(writeRules(moddle, bo, ASSIGNEE, rules))}
        />
      </Form.Item>
      <SignSection {...section} />
      <Form.Item label={t('props.dueTime')}>
        <DurationInput
          id="wfd_dueTime"
          label={t('props.dueTime')}
          value={due}
          onCommit={(iso) => apply(writeAttr(bo, 'park:dueTime', iso))}
        />
      </Form.Item>
      <Form.Item
        label={t('props.remindBefore')}
        validateStatus={remindTooLate ? 'error' : undefined}
        help={remindTooLate ? t('props.remindNotShorter') : undefined}
      >
        <DurationInput
          id="wfd_remindBefore"
          label={t('props.remindBefore')}
          value={remind}
          onCommit={(iso) => apply(writeAttr(bo, 'park:remindBefore', iso))}
        />
      </Form.Item>
      <ButtonsSection {...section} />
      <Form.Item label={t('props.taskForm')} htmlFor="wfd_taskForm">
        <Select
          id="wfd_taskForm"
          allowClear
          showSearch
          optionFilterProp="label"
          loading={loading}
          placeholder={processForm ? t('props.taskFormDefault', { name: processFormName }) : t('props.noForm')}
          value={taskForm || undefined}
          options={formOptions}
          onChange={(key?: string) => apply(writeAttr(bo, 'park:formKey', key ?? ''))}
        />
      </Form.Item>
      <FieldAuthSection {...section} formKey={taskForm || processForm} />
      <CopySection {...section} label={t('props.copyTo')} userFields={userFields} />
    </>
  );
}

function SignSection({ bo, moddle, apply }: Section) {
  const { t } = useTranslation('workflowDesigner');
  const sign = readSign(bo);
  const [ratio, setRatio] = useState<number | null>();
  const write = (next: Partial<Sign>) => apply(writeSign(moddle, bo, { ...sign, ...next }));
  return (
    <>
      <Form.Item label={t('props.multi')}>
        <Radio.Group
          aria-label={t('props.multi')}
          value={sign.mode}
          onChange={(event) => {
            const mode = event.target.value as Sign['mode'];
            write({ mode, ratio: mode === 'ratio' ? (sign.ratio ?? 0.5) : undefined });
          }}
        >
          <Flex vertical gap={4}>
            {(['none', 'all', 'any', 'ratio'] as const).map((mode) => (
              <Radio key={mode} value={mode}>
                {t(`multi.${mode}`)}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      {sign.mode === 'ratio' && (
        <Form.Item label={t('props.ratio')} htmlFor="wfd_ratio">
          <InputNumber
            id="wfd_ratio"
            min={0.01}
            max={1}
            step={0.1}
            precision={2}
            style={{ width: '100%' }}
            value={ratio === undefined ? (sign.ratio ?? null) : ratio}
            onFocus={() => setRatio(sign.ratio ?? null)}
            onChange={(next) => setRatio(next)}
            onBlur={() => {
              if (ratio !== undefined && ratio !== null && ratio !== sign.ratio) write({ ratio });
              setRatio(undefined);
            }}
            onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
          />
        </Form.Item>
      )}
      {sign.mode !== 'none' && (
        <ExpressionInput
          id="wfd_completion"
          label={t('props.completion')}
          help={t('props.completionHelp')}
          value={sign.completion ?? ''}
          onCommit={(completion) => write({ completion })}
        />
      )}
    </>
  );
}

function ButtonsSection({ bo, moddle, apply }: Section) {
  const { t } = useTranslation('workflowDesigner');
  const lang = useLang();
  // The park names its buttons in Chinese (design/button); in English the 12 keys have their own words.
  const buttonName = (row: TaskButton) =>
    lang === 'zh' || !isWorkflowButton(row.buttonKey) ? row.name : t(`buttons.${row.buttonKey}`);
  const buttons = useTaskButtons();
  const stored = readButtons(bo);
  const rows = [...(buttons.data ?? [])].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const value = stored ?? rows.filter((row) => row.display === 1).map((row) => row.buttonKey);
  return (
    <Form.Item label={t('props.buttons')} extra={stored ? undefined : t('props.buttonsDefault')}>
      {buttons.isPending ? (
        <Spin size="small" />
      ) : (
        <Checkbox.Group
          aria-label={t('props.buttons')}
          value={value}
          options={rows.map((row) => ({ value: row.buttonKey, label: buttonName(row) }))}
          onChange={(keys) =>
            apply(
              writeButtons(
                moddle,
                bo,
                rows.map((r) => r.buttonKey).filter((k) => keys.includes(k)),
              ),
            )
          }
        />
      )}
    </Form.Item>
  );
}

function FieldAuthSection({ bo, moddle, apply, formKey }: Section & { formKey: string }) {
  const { t } = useTranslation('workflowDesigner');
  const { fields, pending, form } = useFormFields(formKey || undefined);
  const rights = readFieldAuth(bo);
  let body: ReactNode;
  if (!formKey) body = <Typography.Text type="secondary">{t('props.noProcessForm')}</Typography.Text>;
  else if (pending) body = <Spin size="small" />;
  else if (!form || fields.length === 0)
    body = <Typography.Text type="secondary">{t('props.noFields')}</Typography.Text>;
  else
    body = (
      <Flex vertical gap={6}>
        {fields.map((field) => {
          const fieldName = field.name as string;
          const label = `${field.label || fieldName} (${fieldName})`;
          return (
            <Flex key={fieldName} justify="space-between" align="center" gap={8} data-field={fieldName}>
              <Typography.Text ellipsis={{ tooltip: label }} style={{ minWidth: 0 }}>
                {field.label || fieldName}
              </Typography.Text>
              <Radio.Group
                aria-label={label}
                size="small"
                optionType="button"
                value={rights[fieldName] ?? 'readonly'}
                options={(['editable', 'readonly', 'hidden'] as const).map((mode) => ({
                  value: mode,
                  label: t(`auth.${mode}`),
                }))}
                onChange={(event) =>
                  apply(writeFieldAuth(moddle, bo, { ...rights, [fieldName]: event.target.value as FieldAuthMode }))
                }
              />
            </Flex>
          );
        })}
      </Flex>
    );
  return (
    <Form.Item label={t('props.fieldAuth')} extra={formKey ? t('props.fieldAuthHelp') : undefined}>
      {body}
    </Form.Item>
  );
}

function CopySection({
  bo,
  moddle,
  apply,
  label,
  userFields = [],
}: Section & { label: string; userFields?: { name: string; label: string }[] }) {
  return (
    <Form.Item label={label}>
      <RuleList
        list={label}
        rules={readRules(bo, COPY_TO)}
        userFields={userFields}
        onChange={(rules) => apply(writeRules(moddle, bo, COPY_TO, rules))}
      />
    </Form.Item>
  );
}

function FlowSection({ bo, moddle, apply }: Section) {
  const { t } = useTranslation('workflowDesigner');
  const conditions = useSavedConditions();
  const source = bo.get('sourceRef') as ModdleElement | undefined;
  if (!is(source, 'bpmn:ExclusiveGateway')) {
    return <Typography.Paragraph type="secondary">{t('props.conditionOnlyExclusive')}</Typography.Paragraph>;
  }
  const gateway = source as ModdleElement;
  const isDefault = gateway.get('default') === bo;
  const expression = readCondition(bo);
  return (
    <>
      <Form.Item label={t('props.defaultFlow')} htmlFor="wfd_default" extra={t('props.defaultFlowHelp')}>
        <Switch
          id="wfd_default"
          checked={isDefault}
          onChange={(checked) => apply(...writeDefaultFlow(gateway, checked ? bo : undefined))}
        />
      </Form.Item>
      {!isDefault && (
        <>
          <ExpressionInput
            id="wfd_condition"
            label={t('props.condition')}
            help={t('props.conditionHelp')}
            value={expression}
            onCommit={(v) => apply(writeCondition(moddle, bo, v))}
          />
          <Form.Item label={t('props.savedCondition')} htmlFor="wfd_savedCondition">
            <Select
              id="wfd_savedCondition"
              showSearch
              optionFilterProp="label"
              loading={conditions.isPending}
              value={null}
              placeholder={t('props.savedCondition')}
              options={(conditions.data ?? []).map((row) => ({
                value: row.expression,
                label: `${row.name}: ${row.expression}`,
              }))}
              onChange={(picked: string) => apply(writeCondition(moddle, bo, picked))}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** A flow's name in a list: its own, else the element it leads to. */
function flowLabel(flow: ModdleElement, to: (name: string) => string): string {
  const name = readAttr(flow, 'name');
  if (name) return name;
  const target = flow.get('targetRef') as ModdleElement | undefined;
  return to(target ? readAttr(target, 'name') || readAttr(target, 'id') : '');
}

function GatewaySection({ bo, apply }: Section) {
  const { t } = useTranslation('workflowDesigner');
  const outgoing = (bo.get('outgoing') as ModdleElement[] | undefined) ?? [];
  const current = bo.get('default') as ModdleElement | undefined;
  return (
    <Form.Item label={t('props.gatewayDefault')} htmlFor="wfd_gatewayDefault" extra={t('props.defaultFlowHelp')}>
      <Select
        id="wfd_gatewayDefault"
        allowClear
        placeholder={t('props.noDefault')}
        value={current ? readAttr(current, 'id') : undefined}
        options={outgoing.map((flow) => ({
          value: readAttr(flow, 'id'),
          label: flowLabel(flow, (name) => t('props.flowTo', { name })),
        }))}
        onChange={(flowId?: string) =>
          apply(
            ...writeDefaultFlow(
              bo,
              outgoing.find((flow) => readAttr(flow, 'id') === flowId),
            ),
          )
        }
      />
    </Form.Item>
  );
}

function TimerSection({ bo, moddle, apply }: Section) {
  const { t } = useTranslation('workflowDesigner');
  const timer = timerOf(bo);
  if (!timer) return null;
  return (
    <>
      <Form.Item label={t('props.duration')}>
        <DurationInput
          id="wfd_timer"
          label={t('props.duration')}
          value={readTimerDuration(timer)}
          onCommit={(iso) => apply(writeTimerDuration(moddle, timer, iso))}
        />
      </Form.Item>
      <Form.Item label={t('props.interrupting')} htmlFor="wfd_interrupting">
        <Switch
          id="wfd_interrupting"
          checked={bo.get('cancelActivity') !== false}
          onChange={(checked) => apply({ target: bo, props: { cancelActivity: checked } })}
        />
      </Form.Item>
    </>
  );
}
