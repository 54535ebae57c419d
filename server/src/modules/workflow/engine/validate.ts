import { expressionProblem, type FormField, type FormSchema } from '@park/catalog/forms';
import { ASSIGNEE_TYPES, SIGN_MODES, WORKFLOW_BUTTONS } from '@park/catalog/workflow';
import type { Bilingual } from '../../../platform/errors.ts';
import {
  type BpmnElement,
  BpmnParseError,
  type Definitions,
  type ExtensionValue,
  extensionsOf,
  type FlowElement,
  type Process,
  parseBpmn,
} from './bpmn.ts';
import { durationSeconds } from './duration.ts';

/**
 * Deploy validation (issue 30): whether our engine can run a model's XML, and if not every reason, each in
 * both languages naming the element by its name (or id when it has none). The engine runs a subset of BPMN:
 * one process with one (none) start event, end events, user and service tasks, exclusive and parallel
 * gateways, sequence flows, timer boundary events on user tasks, and text annotations with their
 * associations; the diagram (DI) rides along. Everything else is refused rather than ignored.
 */

/** A form version a model names, as a deployment keeps it. */
export interface DeployedForm {
  formKey: string;
  formId: string;
  name: string;
  version: number;
  /** The FormSchema as JSON text, as the form's content. */
  content: string;
}

export interface Validation {
  problems: Bilingual[];
  /** The enabled forms the model names (start event and tasks), each once. */
  forms: DeployedForm[];
}

/** Reads the enabled forms (with a saved version) among these keys. */
export type FormLookup = (keys: string[]) => Promise<Map<string, DeployedForm>>;

/** Element types the engine runs inside a process, besides the boundary events checked on their own. */
const NODES = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ServiceTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
]);
const ARTIFACTS = new Set(['bpmn:TextAnnotation', 'bpmn:Association']);

/** Assignee (and copy) types that name someone by a value: ids, or a form field's name. */
const NEEDS_VALUE = new Set(['user', 'role', 'dept', 'post', 'field']);
const FIELD_MODES = new Set(['editable', 'readonly', 'hidden']);

/** The element as messages name it: 「name」 or its id. */
function named(e: BpmnElement | undefined): Bilingual {
  const id = e?.id ?? '?';
  return e?.name?.trim() ? { zh: `「${e.name.trim()}」`, en: `"${e.name.trim()}"` } : { zh: id, en: id };
}

const short = (type: string) => type.replace(/^bpmn:/, '');

export async function validateModel(xml: string, modelKey: string, lookup: FormLookup): Promise<Validation> {
  let definitions: Definitions;
  let warnings: string[];
  try {
    ({ definitions, warnings } = await parseBpmn(xml));
  } catch (err) {
    if (!(err instanceof BpmnParseError)) throw err;
    return {
      problems: [{ zh: `流程 XML 无法解析：${err.message}`, en: `The process XML does not parse: ${err.message}` }],
      forms: [],
    };
  }
  const problems: Bilingual[] = warnings.map((w) => ({
    zh: `流程 XML 中有无法识别的内容：${w}`,
    en: `The process XML has content that cannot be read: ${w}`,
  }));
  const roots = definitions.rootElements ?? [];
  for (const root of roots) {
    if (root.$type !== 'bpmn:Process') problems.push(outsideSubset(root));
  }
  const processes = roots.filter((r): r is Process => r.$type === 'bpmn:Process');
  if (processes.length === 0) {
    problems.push({ zh: '模型中没有流程', en: 'The model has no process' });
    return { problems, forms: [] };
  }
  if (processes.length > 1) {
    problems.push({
      zh: `模型中有 ${processes.length} 个流程，只能有一个`,
      en: `The model has ${processes.length} processes; it may have only one`,
    });
    return { problems, forms: [] };
  }
  const process = processes[0];
  if (process.id !== modelKey) {
    problems.push({
      zh: `流程标识 ${process.id ?? ''} 与模型标识 ${modelKey} 不一致`,
      en: `The process id ${process.id ?? ''} is not the model key ${modelKey}`,
    });
  }
  const forms = await checkProcess(process, problems, lookup);
  return { problems, forms };
}

function outsideSubset(e: BpmnElement): Bilingual {
  const n = named(e);
  return {
    zh: `${n.zh} 是流程引擎不支持的元素（${short(e.$type)}）`,
    en: `${n.en} is an element the process engine does not run (${short(e.$type)})`,
  };
}

async function checkProcess(process: Process, problems: Bilingual[], lookup: FormLookup): Promise<DeployedForm[]> {
  const say = (zh: string, en: string) => problems.push({ zh, en });
  for (const lanes of process.laneSets ?? []) problems.push(outsideSubset(lanes));
  for (const artifact of process.artifacts ?? []) {
    if (!ARTIFACTS.has(artifact.$type)) problems.push(outsideSubset(artifact));
  }

  const elements = process.flowElements ?? [];
  const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow');
  const nodes = elements.filter((e) => e.$type !== 'bpmn:SequenceFlow');
  for (const node of nodes) {
    if (node.$type === 'bpmn:BoundaryEvent') checkBoundary(node, problems);
    else if (!NODES.has(node.$type)) problems.push(outsideSubset(node));
    else checkNode(node, problems);
  }

  const starts = nodes.filter((n) => n.$type === 'bpmn:StartEvent');
  const ends = nodes.filter((n) => n.$type === 'bpmn:EndEvent');
  if (starts.length === 0) say('流程没有开始事件', 'The process has no start event');
  if (starts.length > 1) {
    const list = starts.map(named);
    say(
      `流程有 ${starts.length} 个开始事件（${list.map((n) => n.zh).join('、')}），只能有一个`,
      `The process has ${starts.length} start events (${list.map((n) => n.en).join(', ')}); it may have only one`,
    );
  }
  if (ends.length === 0) say('流程没有结束事件', 'The process has no end event');

  const outgoing = new Map<FlowElement, FlowElement[]>(nodes.map((n) => [n, []]));
  const incoming = new Map<FlowElement, FlowElement[]>(nodes.map((n) => [n, []]));
  for (const flow of flows) {
    const { sourceRef: from, targetRef: to } = flow;
    if (!from || !to || !outgoing.has(from) || !incoming.has(to)) {
      const n = named(flow);
      say(`连线${n.zh}缺少起点或终点`, `The sequence flow ${n.en} lacks its source or its target`);
      continue;
    }
    outgoing.get(from)!.push(flow);
    incoming.get(to)!.push(flow);
  }
  for (const start of starts) {
    if (incoming.get(start)!.length) {
      const n = named(start);
      say(`开始事件${n.zh}不能有进入的连线`, `The start event ${n.en} may have no incoming flow`);
    }
  }
  for (const end of ends) {
    if (outgoing.get(end)!.length) {
      const n = named(end);
      say(`结束事件${n.zh}不能有离开的连线`, `The end event ${n.en} may have no outgoing flow`);
    }
  }
  checkFlows(nodes, flows, outgoing, problems);
  checkReach(nodes, starts, ends, outgoing, problems);
  return checkForms(nodes, problems, lookup);
}

function checkNode(node: FlowElement, problems: Bilingual[]) {
  const n = named(node);
  const say = (zh: string, en: string) => problems.push({ zh, en });
  for (const definition of node.eventDefinitions ?? []) {
    say(
      `${n.zh}带有流程引擎不支持的事件定义（${short(definition.$type)}）`,
      `${n.en} carries an event definition the process engine does not run (${short(definition.$type)})`,
    );
  }
  const loop = node.loopCharacteristics;
  if (loop && (node.$type !== 'bpmn:UserTask' || loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics')) {
    say(
      `${n.zh}的循环设置（${short(loop.$type)}）不受支持：只有用户任务可以多实例（会签、或签）`,
      `${n.en} has a loop (${short(loop.$type)}) the engine does not run: only a user task may be multi-instance`,
    );
  }
  if (node.$type !== 'bpmn:UserTask') {
    if (node.$type === 'bpmn:ServiceTask') checkPeople(node, 'park:CopyTo', problems);
    return;
  }

  const assignees = extensionsOf(node, 'park:Assignee');
  if (assignees.length === 0) {
    say(`用户任务${n.zh}没有设置审批人`, `The user task ${n.en} has no assignee rule`);
  }
  checkPeople(node, 'park:Assignee', problems);
  checkPeople(node, 'park:CopyTo', problems);

  if (loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics') {
    const mode = loop.signMode ?? '';
    if (!(SIGN_MODES as readonly string[]).includes(mode)) {
      say(
        `用户任务${n.zh}的会签方式“${mode}”无效，应为 all（会签）、any（或签）或 ratio（按比例）`,
        `The user task ${n.en} has the sign mode "${mode}"; it must be all, any or ratio`,
      );
    } else if (mode === 'ratio') {
      const ratio = loop.ratio;
      if (typeof ratio !== 'number' || !Number.isFinite(ratio) || ratio <= 0 || ratio > 1) {
        say(
          `用户任务${n.zh}的通过比例 ${ratio ?? '（未填）'} 应大于 0 且不大于 1`,
          `The user task ${n.en} has the ratio ${ratio ?? '(none)'}; it must be above 0 and at most 1`,
        );
      }
    }
    const condition = loop.completionCondition?.body?.trim();
    const problem = condition ? expressionProblem(condition) : undefined;
    if (problem) {
      say(
        `用户任务${n.zh}的完成条件无法解析：${problem.zh}`,
        `The completion condition of the user task ${n.en} does not parse: ${problem.en}`,
      );
    }
  }

  const due = node.dueTime?.trim();
  const remind = node.remindBefore?.trim();
  const dueSeconds = due ? durationSeconds(due) : undefined;
  const remindSeconds = remind ? durationSeconds(remind) : undefined;
  if (due && dueSeconds === undefined) {
    say(
      `用户任务${n.zh}的办理时限“${due}”不是 ISO 8601 时长（如 P2D、PT4H）`,
      `The due time "${due}" of the user task ${n.en} is not an ISO 8601 duration (such as P2D or PT4H)`,
    );
  }
  if (remind && remindSeconds === undefined) {
    say(
      `用户任务${n.zh}的提前提醒“${remind}”不是 ISO 8601 时长（如 PT4H）`,
      `The reminder "${remind}" of the user task ${n.en} is not an ISO 8601 duration (such as PT4H)`,
    );
  }
  if (remind && !due) {
    say(
      `用户任务${n.zh}设置了提前提醒，但没有办理时限`,
      `The user task ${n.en} has a reminder but no due time to remind of`,
    );
  }
  if (dueSeconds !== undefined && remindSeconds !== undefined && remindSeconds >= dueSeconds) {
    say(
      `用户任务${n.zh}的提前提醒 ${remind} 不短于办理时限 ${due}`,
      `The reminder ${remind} of the user task ${n.en} is not shorter than its due time ${due}`,
    );
  }

  for (const button of extensionsOf(node, 'park:Button')) {
    const key = button.key ?? '';
    if (!(WORKFLOW_BUTTONS as readonly string[]).includes(key)) {
      say(
        `用户任务${n.zh}的按钮“${key}”不是流程按钮之一`,
        `The user task ${n.en} has the button "${key}", which is none of the process buttons`,
      );
    }
  }
  for (const auth of extensionsOf(node, 'park:FieldAuth')) {
    if (!auth.field?.trim() || !FIELD_MODES.has(auth.mode ?? '')) {
      say(
        `用户任务${n.zh}的字段权限（${auth.field ?? ''}：${auth.mode ?? ''}）无效，应为 editable、readonly 或 hidden`,
        `The user task ${n.en} has a field right (${auth.field ?? ''}: ${auth.mode ?? ''}) that is not editable, readonly or hidden`,
      );
    }
  }
}

/** Assignee or copy rules: a known type, and a value where the type names someone. */
function checkPeople(node: FlowElement, type: 'park:Assignee' | 'park:CopyTo', problems: Bilingual[]) {
  const n = named(node);
  const what = type === 'park:Assignee' ? { zh: '审批人', en: 'assignee' } : { zh: '抄送人', en: 'copy recipient' };
  for (const rule of extensionsOf(node, type)) {
    const kind = rule.type ?? '';
    if (!(ASSIGNEE_TYPES as readonly string[]).includes(kind)) {
      problems.push({
        zh: `${n.zh}的${what.zh}类型“${kind}”未知`,
        en: `${n.en} has an ${what.en} of unknown type "${kind}"`,
      });
    } else if (NEEDS_VALUE.has(kind) && !hasValue(rule)) {
      problems.push({
        zh: `${n.zh}的${what.zh}（${kind}）没有选择具体对象`,
        en: `${n.en} has an ${what.en} of type ${kind} without a value`,
      });
    }
  }
}

const hasValue = (rule: ExtensionValue) => (rule.value ?? '').split(',').some((v) => v.trim() !== '');

/** A timer boundary event on a user task; its duration, or the task's due time, says when it fires. */
function checkBoundary(event: FlowElement, problems: Bilingual[]) {
  const n = named(event);
  const definitions = event.eventDefinitions ?? [];
  const timer =
    definitions.length === 1 && definitions[0].$type === 'bpmn:TimerEventDefinition' ? definitions[0] : null;
  const host = event.attachedToRef;
  if (!timer || host?.$type !== 'bpmn:UserTask') {
    problems.push({
      zh: `边界事件${n.zh}只能是附在用户任务上的定时事件`,
      en: `The boundary event ${n.en} must be a timer attached to a user task`,
    });
    return;
  }
  if (timer.timeDate || timer.timeCycle) {
    problems.push({
      zh: `定时边界事件${n.zh}只能设置时长（timeDuration），不能设置时间点或周期`,
      en: `The timer boundary event ${n.en} may have a duration (timeDuration) only, not a date or a cycle`,
    });
  }
  const own = timer.timeDuration?.body?.trim();
  if (own && durationSeconds(own) === undefined) {
    problems.push({
      zh: `定时边界事件${n.zh}的时长“${own}”不是 ISO 8601 时长（如 P2D、PT4H）`,
      en: `The duration "${own}" of the timer boundary event ${n.en} is not an ISO 8601 duration (such as P2D or PT4H)`,
    });
  } else if (!own && !host.dueTime?.trim()) {
    problems.push({
      zh: `定时边界事件${n.zh}没有时长：请设置它的时长或所附任务的办理时限`,
      en: `The timer boundary event ${n.en} has no duration: give it one, or give its task a due time`,
    });
  }
}

/** Conditions: only on an exclusive gateway's flows, each parsing; every such flow conditioned or the default. */
function checkFlows(
  nodes: FlowElement[],
  flows: FlowElement[],
  outgoing: Map<FlowElement, FlowElement[]>,
  problems: Bilingual[],
) {
  for (const flow of flows) {
    const condition = flow.conditionExpression?.body?.trim();
    if (!condition) continue;
    const n = named(flow);
    if (flow.sourceRef?.$type !== 'bpmn:ExclusiveGateway') {
      problems.push({
        zh: `连线${n.zh}不是排他网关的出线，不能设置条件`,
        en: `The sequence flow ${n.en} does not leave an exclusive gateway, so it may have no condition`,
      });
    }
    const problem = expressionProblem(condition);
    if (problem) {
      problems.push({
        zh: `连线${n.zh}的条件无法解析：${problem.zh}`,
        en: `The condition of the sequence flow ${n.en} does not parse: ${problem.en}`,
      });
    }
  }
  for (const node of nodes) {
    const out = outgoing.get(node) ?? [];
    const n = named(node);
    if (node.default && !out.includes(node.default)) {
      problems.push({
        zh: `${n.zh}的默认出线不是它自己的出线`,
        en: `The default flow of ${n.en} is not one of its outgoing flows`,
      });
    }
    if (node.$type !== 'bpmn:ExclusiveGateway' || out.length < 2) continue;
    const open = out.filter((f) => f !== node.default && !f.conditionExpression?.body?.trim()).map(named);
    if (open.length) {
      problems.push({
        zh: `排他网关${n.zh}的出线 ${open.map((f) => f.zh).join('、')} 既没有条件也不是默认出线`,
        en: `The exclusive gateway ${n.en} has outgoing flows with neither a condition nor the default: ${open.map((f) => f.en).join(', ')}`,
      });
    }
  }
}

/** Every node reachable from the start, and an end reachable from every node (a boundary event hangs on its task). */
function checkReach(
  nodes: FlowElement[],
  starts: FlowElement[],
  ends: FlowElement[],
  outgoing: Map<FlowElement, FlowElement[]>,
  problems: Bilingual[],
) {
  const next = new Map<FlowElement, FlowElement[]>(
    nodes.map((node) => [node, (outgoing.get(node) ?? []).map((f) => f.targetRef!)]),
  );
  for (const node of nodes) {
    const host = node.$type === 'bpmn:BoundaryEvent' ? node.attachedToRef : undefined;
    if (host && next.has(host)) next.get(host)!.push(node);
  }
  const previous = new Map<FlowElement, FlowElement[]>(nodes.map((node) => [node, []]));
  for (const [node, targets] of next) for (const target of targets) previous.get(target)?.push(node);

  const walk = (from: FlowElement[], edges: Map<FlowElement, FlowElement[]>) => {
    const seen = new Set(from);
    const queue = [...from];
    while (queue.length) {
      for (const n of edges.get(queue.shift()!) ?? []) {
        if (seen.has(n)) continue;
        seen.add(n);
        queue.push(n);
      }
    }
    return seen;
  };
  if (starts.length) {
    const reached = walk(starts, next);
    for (const node of nodes.filter((n) => !reached.has(n))) {
      const n = named(node);
      problems.push({
        zh: `节点${n.zh}从开始事件无法到达`,
        en: `The node ${n.en} cannot be reached from the start event`,
      });
    }
  }
  if (ends.length) {
    const reaching = walk(ends, previous);
    for (const node of nodes.filter((n) => !reaching.has(n))) {
      const n = named(node);
      problems.push({
        zh: `从节点${n.zh}无法到达结束事件`,
        en: `No end event can be reached from the node ${n.en}`,
      });
    }
  }
}

/** The forms named (start event, user tasks) exist and are enabled; a task's field rights name fields of its form. */
async function checkForms(nodes: FlowElement[], problems: Bilingual[], lookup: FormLookup): Promise<DeployedForm[]> {
  const start = nodes.find((n) => n.$type === 'bpmn:StartEvent');
  const processForm = start?.formKey?.trim() || undefined;
  const holders = nodes.filter((n) => n.$type === 'bpmn:StartEvent' || n.$type === 'bpmn:UserTask');
  const keys = [...new Set(holders.map((n) => n.formKey?.trim()).filter((k): k is string => Boolean(k)))];
  const found = keys.length ? await lookup(keys) : new Map<string, DeployedForm>();
  for (const node of holders) {
    const key = node.formKey?.trim();
    if (!key || found.has(key)) continue;
    const n = named(node);
    problems.push({
      zh: `${n.zh}的表单“${key}”不存在、未启用或还没有保存过版本`,
      en: `The form "${key}" of ${n.en} does not exist, is disabled or has no saved version`,
    });
  }
  for (const task of holders.filter((n) => n.$type === 'bpmn:UserTask')) {
    // A task without a form of its own shows the process form.
    const form = found.get(task.formKey?.trim() || processForm || '');
    if (!form) continue;
    const names = fieldNames(form.content);
    const n = named(task);
    for (const auth of extensionsOf(task, 'park:FieldAuth')) {
      const field = auth.field?.trim();
      if (field && names && !names.has(field)) {
        problems.push({
          zh: `用户任务${n.zh}的字段权限指向表单“${form.formKey}”中不存在的字段 ${field}`,
          en: `The user task ${n.en} has a right to the field ${field}, which the form "${form.formKey}" does not have`,
        });
      }
    }
  }
  return keys.flatMap((k) => found.get(k) ?? []);
}

/** The value names of a form's fields (a group's fields are top-level; a table is one value), or undefined if unreadable. */
function fieldNames(content: string): Set<string> | undefined {
  let schema: FormSchema;
  try {
    schema = JSON.parse(content) as FormSchema;
  } catch {
    return undefined;
  }
  const names = new Set<string>();
  const collect = (fields: FormField[] | undefined) => {
    for (const f of fields ?? []) {
      if (f.type === 'group') collect(f.children);
      else if (f.name) names.add(f.name);
    }
  };
  collect(Array.isArray(schema?.fields) ? schema.fields : []);
  return names;
}
