import type { FieldAuthMode } from '@park/catalog/forms';
import type { AssigneeType, SignMode } from '@park/catalog/workflow';
import { extensionsOf, type FlowElement, type Process, parseBpmn } from './bpmn.ts';
import { durationSeconds } from './duration.ts';

/**
 * A deployment's process as the runtime walks it: nodes by id with their outgoing flows and what our extension
 * says of them. Built once per deployment (a deployment never changes) from the XML that deploy validation
 * (./validate.ts) accepted, so it reads the subset only.
 */

export interface PersonRule {
  type: AssigneeType;
  /** Ids, comma-joined (user, role, dept, post) or a form field's name (field). */
  value: string;
  text: string;
}

export interface Flow {
  id: string;
  name: string;
  target: string;
  condition?: string;
}

export interface Node {
  id: string;
  type: 'start' | 'end' | 'userTask' | 'serviceTask' | 'exclusive' | 'parallel';
  name: string;
  outgoing: Flow[];
  incoming: number;
  defaultFlow?: string;
  formKey?: string;
  assignees: PersonRule[];
  copyTo: PersonRule[];
  buttons: string[];
  fieldAuth: Record<string, FieldAuthMode>;
  multi?: { signMode: SignMode; ratio?: number; completionCondition?: string; sequential: boolean };
  dueSeconds?: number;
  remindSeconds?: number;
  /**
   * Timer boundary events on this task: when (seconds after the task began), where the process goes, and whether
   * the task ends then (interrupting, BPMN's default) or stays open while a branch of its own takes the timer's way.
   */
  timers: { id: string; name: string; seconds: number; outgoing: Flow[]; interrupting: boolean }[];
}

export interface Graph {
  processKey: string;
  name: string;
  startId: string;
  /** The process form: the start event's. */
  formKey?: string;
  nodes: Map<string, Node>;
}

const TYPES: Record<string, Node['type']> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ServiceTask': 'serviceTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
};

const people = (element: FlowElement, type: string): PersonRule[] =>
  extensionsOf(element, type).map((r) => ({
    type: (r.type ?? 'user') as AssigneeType,
    value: r.value ?? '',
    text: r.text ?? '',
  }));

export async function buildGraph(xml: string): Promise<Graph> {
  const { definitions } = await parseBpmn(xml);
  const process = (definitions.rootElements ?? []).find((r): r is Process => r.$type === 'bpmn:Process');
  if (!process) throw new Error('The deployment holds no process');
  const elements = process.flowElements ?? [];
  const nodes = new Map<string, Node>();
  for (const e of elements) {
    const type = TYPES[e.$type];
    if (!type || !e.id) continue;
    const loop = e.loopCharacteristics;
    nodes.set(e.id, {
      id: e.id,
      type,
      name: e.name?.trim() || e.id,
      outgoing: [],
      incoming: 0,
      defaultFlow: e.default?.id,
      formKey: e.formKey?.trim() || undefined,
      assignees: people(e, 'park:Assignee'),
      copyTo: people(e, 'park:CopyTo'),
      buttons: extensionsOf(e, 'park:Button').map((b) => b.key ?? ''),
      fieldAuth: Object.fromEntries(
        extensionsOf(e, 'park:FieldAuth').map((a) => [a.field?.trim() ?? '', (a.mode ?? 'readonly') as FieldAuthMode]),
      ),
      multi:
        loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics'
          ? {
              signMode: (loop.signMode ?? 'all') as SignMode,
              ratio: loop.ratio,
              completionCondition: loop.completionCondition?.body?.trim() || undefined,
              sequential: Boolean(loop.isSequential),
            }
          : undefined,
      dueSeconds: e.dueTime?.trim() ? durationSeconds(e.dueTime.trim()) : undefined,
      remindSeconds: e.remindBefore?.trim() ? durationSeconds(e.remindBefore.trim()) : undefined,
      timers: [],
    });
  }
  const flowsOf = new Map<string, Flow[]>();
  for (const e of elements) {
    if (e.$type !== 'bpmn:SequenceFlow' || !e.id || !e.sourceRef?.id || !e.targetRef?.id) continue;
    const flow: Flow = {
      id: e.id,
      name: e.name?.trim() ?? '',
      target: e.targetRef.id,
      condition: e.conditionExpression?.body?.trim() || undefined,
    };
    const list = flowsOf.get(e.sourceRef.id) ?? [];
    list.push(flow);
    flowsOf.set(e.sourceRef.id, list);
    const target = nodes.get(e.targetRef.id);
    if (target) target.incoming++;
  }
  for (const node of nodes.values()) node.outgoing = flowsOf.get(node.id) ?? [];
  for (const e of elements) {
    if (e.$type !== 'bpmn:BoundaryEvent' || !e.id) continue;
    const host = e.attachedToRef?.id ? nodes.get(e.attachedToRef.id) : undefined;
    if (!host) continue;
    const own = e.eventDefinitions?.[0]?.timeDuration?.body?.trim();
    const seconds = own ? durationSeconds(own) : host.dueSeconds;
    if (seconds === undefined) continue;
    host.timers.push({
      id: e.id,
      name: e.name?.trim() || e.id,
      seconds,
      outgoing: flowsOf.get(e.id) ?? [],
      interrupting: e.cancelActivity !== false,
    });
  }
  const start = [...nodes.values()].find((n) => n.type === 'start');
  if (!start) throw new Error('The deployment has no start event');
  return { processKey: process.id ?? '', name: process.name ?? '', startId: start.id, formKey: start.formKey, nodes };
}

/** Built graphs by deployment id: deployments never change, so an entry never goes stale. */
const graphs = new Map<string, Promise<Graph>>();
const MAX_GRAPHS = 500;

export function graphOf(deploymentId: string, xml: () => Promise<string>): Promise<Graph> {
  let graph = graphs.get(deploymentId);
  if (!graph) {
    if (graphs.size >= MAX_GRAPHS) graphs.delete(graphs.keys().next().value!);
    graph = xml().then(buildGraph);
    graph.catch(() => graphs.delete(deploymentId));
    graphs.set(deploymentId, graph);
  }
  return graph;
}

/**
 * The nodes inside a parallel block (between a fork and its join): a rollback may not go there, as the join
 * would wait for branches that no longer run. Walks from the start counting forks and joins on each path.
 */
export function parallelDepths(graph: Graph): Map<string, number> {
  const depth = new Map<string, number>();
  const queue: [string, number][] = [[graph.startId, 0]];
  while (queue.length) {
    const [id, d] = queue.shift()!;
    if (depth.has(id)) continue;
    const node = graph.nodes.get(id);
    if (!node) continue;
    let here = d;
    if (node.type === 'parallel' && node.incoming > 1) here = Math.max(0, d - 1);
    depth.set(id, here);
    const next = node.type === 'parallel' && node.outgoing.length > 1 ? here + 1 : here;
    for (const f of node.outgoing) queue.push([f.target, next]);
    for (const t of node.timers) for (const f of t.outgoing) queue.push([f.target, next]);
  }
  return depth;
}
