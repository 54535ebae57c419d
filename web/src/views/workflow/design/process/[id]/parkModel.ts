import type { FieldAuthMode } from '@park/catalog/forms';
import type { AssigneeType, SignMode } from '@park/catalog/workflow';

/**
 * What the properties drawer reads from a BPMN element and writes back, over moddle elements alone (no
 * canvas): the designer applies each write's changes through bpmn-js's modeling as one command (undo,
 * redo), the unit test applies them straight to bpmn-moddle's elements and round-trips the XML. Writes
 * never edit an element in place: they make new extension elements, loop characteristics and
 * expressions, so that undo gets the old ones back.
 */

/** A moddle element as bpmn-moddle and bpmn-js hand them out. */
export interface ModdleElement {
  readonly $type: string;
  $instanceOf(type: string): boolean;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
}

/** What makes new moddle elements: bpmn-moddle itself, or bpmn-js's `moddle` service. */
export interface ModdleFactory {
  create(type: string, attrs?: Record<string, unknown>): ModdleElement;
}

/** New values of some properties of one moddle element (the selected element's or one inside it). */
export interface Change {
  target: ModdleElement;
  props: Record<string, unknown>;
}

/** Applies changes straight to the elements (the unit test; bpmn-js applies them with its modeling). */
export function applyDirectly(changes: Change[]): void {
  for (const { target, props } of changes) for (const [name, value] of Object.entries(props)) target.set(name, value);
}

export const ASSIGNEE = 'park:Assignee';
export const COPY_TO = 'park:CopyTo';
const BUTTON = 'park:Button';
const FIELD_AUTH = 'park:FieldAuth';
/** The order our extension elements are written in (the moddle file's example); others' come first, as found. */
const PARK_ORDER = [ASSIGNEE, BUTTON, FIELD_AUTH, COPY_TO];

export type RuleKind = typeof ASSIGNEE | typeof COPY_TO;

/** One assignee (or copy) rule: ids or a field name in `value`, the names shown in `text`. */
export interface Rule {
  type: AssigneeType;
  value: string;
  text: string;
}

/** 会签 all, 或签 any, a ratio, or a plain (single) task. */
export interface Sign {
  mode: 'none' | SignMode;
  ratio?: number;
  /** A completion condition (an expression over nrOfInstances, nrOfCompleted, nrOfActive). */
  completion?: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function extensionValues(bo: ModdleElement): ModdleElement[] {
  const extensions = bo.get('extensionElements') as ModdleElement | undefined;
  return (extensions?.get('values') as ModdleElement[] | undefined) ?? [];
}

const valuesOf = (bo: ModdleElement, type: string) => extensionValues(bo).filter((value) => value.$type === type);

/** The element's extension elements with those of `type` replaced by `values` (none left: no extensionElements). */
function withExtensions(moddle: ModdleFactory, bo: ModdleElement, type: string, values: ModdleElement[]): Change {
  const rank = (value: ModdleElement) => PARK_ORDER.indexOf(value.$type);
  const all = [...extensionValues(bo).filter((value) => value.$type !== type), ...values].sort(
    (a, b) => rank(a) - rank(b),
  );
  return {
    target: bo,
    props: { extensionElements: all.length ? moddle.create('bpmn:ExtensionElements', { values: all }) : undefined },
  };
}

export function readRules(bo: ModdleElement, kind: RuleKind): Rule[] {
  return valuesOf(bo, kind).map((rule) => ({
    type: text(rule.get('type')) as AssigneeType,
    value: text(rule.get('value')),
    text: text(rule.get('text')),
  }));
}

export function writeRules(moddle: ModdleFactory, bo: ModdleElement, kind: RuleKind, rules: Rule[]): Change {
  const made = rules.map((rule) =>
    moddle.create(kind, { type: rule.type, value: rule.value || undefined, text: rule.text || undefined }),
  );
  return withExtensions(moddle, bo, kind, made);
}

/** The buttons a user task names; undefined when it names none (the buttons shown by default, design/button `display`). */
export function readButtons(bo: ModdleElement): string[] | undefined {
  const keys = valuesOf(bo, BUTTON).map((button) => text(button.get('key')));
  return keys.length ? keys : undefined;
}

export function writeButtons(moddle: ModdleFactory, bo: ModdleElement, keys: string[]): Change {
  return withExtensions(
    moddle,
    bo,
    BUTTON,
    keys.map((key) => moddle.create(BUTTON, { key })),
  );
}

/** Each field's right at a user task; a field not named is read-only there (schema.ts `FieldAuthMode`). */
export function readFieldAuth(bo: ModdleElement): Record<string, FieldAuthMode> {
  return Object.fromEntries(
    valuesOf(bo, FIELD_AUTH).map((auth) => [text(auth.get('field')), text(auth.get('mode')) as FieldAuthMode]),
  );
}

/** Writes the rights that are not the default read-only one. */
export function writeFieldAuth(
  moddle: ModdleFactory,
  bo: ModdleElement,
  rights: Record<string, FieldAuthMode>,
): Change {
  const made = Object.entries(rights)
    .filter(([, mode]) => mode !== 'readonly')
    .map(([field, mode]) => moddle.create(FIELD_AUTH, { field, mode }));
  return withExtensions(moddle, bo, FIELD_AUTH, made);
}

/** An attribute of ours (park:formKey, park:dueTime, park:remindBefore) or a plain one (name); empty removes it. */
export function readAttr(bo: ModdleElement, name: string): string {
  return text(bo.get(name));
}

export function writeAttr(bo: ModdleElement, name: string, value: string): Change {
  return { target: bo, props: { [name]: value.trim() || undefined } };
}

export function readSign(bo: ModdleElement): Sign {
  const loop = bo.get('loopCharacteristics') as ModdleElement | undefined;
  if (!loop?.$instanceOf('bpmn:MultiInstanceLoopCharacteristics')) return { mode: 'none' };
  const condition = loop.get('completionCondition') as ModdleElement | undefined;
  const ratio = loop.get('park:ratio');
  return {
    mode: (text(loop.get('park:signMode')) || 'all') as SignMode,
    ratio: typeof ratio === 'number' ? ratio : undefined,
    completion: condition ? text(condition.get('body')) || undefined : undefined,
  };
}

/** A new multi-instance (parallel, as it was sequential if it was) or none; the ratio only with the ratio mode. */
export function writeSign(moddle: ModdleFactory, bo: ModdleElement, sign: Sign): Change {
  if (sign.mode === 'none') return { target: bo, props: { loopCharacteristics: undefined } };
  const before = bo.get('loopCharacteristics') as ModdleElement | undefined;
  const completion = sign.completion?.trim();
  const loop = moddle.create('bpmn:MultiInstanceLoopCharacteristics', {
    isSequential: before?.$instanceOf('bpmn:MultiInstanceLoopCharacteristics') ? before.get('isSequential') : false,
    'park:signMode': sign.mode,
    'park:ratio': sign.mode === 'ratio' ? sign.ratio : undefined,
    completionCondition: completion ? moddle.create('bpmn:FormalExpression', { body: completion }) : undefined,
  });
  return { target: bo, props: { loopCharacteristics: loop } };
}

export function readCondition(flow: ModdleElement): string {
  const condition = flow.get('conditionExpression') as ModdleElement | undefined;
  return condition ? text(condition.get('body')) : '';
}

export function writeCondition(moddle: ModdleFactory, flow: ModdleElement, expression: string): Change {
  const body = expression.trim();
  return {
    target: flow,
    props: { conditionExpression: body ? moddle.create('bpmn:FormalExpression', { body }) : undefined },
  };
}

/** Makes `flow` the gateway's default flow (or none): a default flow carries no condition. */
export function writeDefaultFlow(gateway: ModdleElement, flow: ModdleElement | undefined): Change[] {
  const changes: Change[] = [{ target: gateway, props: { default: flow } }];
  if (flow?.get('conditionExpression')) changes.push({ target: flow, props: { conditionExpression: undefined } });
  return changes;
}

export function readDocumentation(bo: ModdleElement): string {
  const docs = (bo.get('documentation') as ModdleElement[] | undefined) ?? [];
  return docs.map((doc) => text(doc.get('text'))).join('\n');
}

export function writeDocumentation(moddle: ModdleFactory, bo: ModdleElement, value: string): Change {
  const body = value.trim();
  return { target: bo, props: { documentation: body ? [moddle.create('bpmn:Documentation', { text: body })] : [] } };
}

/** The timer of a timer boundary event, or undefined when the element is not one. */
export function timerOf(bo: ModdleElement): ModdleElement | undefined {
  const definitions = (bo.get('eventDefinitions') as ModdleElement[] | undefined) ?? [];
  return definitions.find((definition) => definition.$instanceOf('bpmn:TimerEventDefinition'));
}

export function readTimerDuration(timer: ModdleElement): string {
  const duration = timer.get('timeDuration') as ModdleElement | undefined;
  return duration ? text(duration.get('body')) : '';
}

export function writeTimerDuration(moddle: ModdleFactory, timer: ModdleElement, iso: string): Change {
  return {
    target: timer,
    props: { timeDuration: iso ? moddle.create('bpmn:FormalExpression', { body: iso }) : undefined },
  };
}
