import { PARK_BPMN_URI } from '@park/catalog/workflow';

/**
 * BPMN 2.0 XML written from a small description of a process: its nodes placed on a grid (centres) and its
 * flows, with the diagram (BPMNDiagram: a shape per node, an edge per flow with right-angled waypoints), so
 * bpmn-js draws it tidily. The server writes the empty diagram of a new model with it, and the demo its
 * processes; what the designer saves is bpmn-js's own XML.
 */
export type NodeType =
  | 'startEvent'
  | 'endEvent'
  | 'userTask'
  | 'serviceTask'
  | 'exclusiveGateway'
  | 'parallelGateway'
  | 'boundaryEvent';

export interface DiagramNode {
  id: string;
  type: NodeType;
  name?: string;
  /** The centre of the shape. */
  x: number;
  y: number;
  /** Attributes written as they are (`park:formKey`, `default`, `attachedToRef`), values escaped here. */
  attrs?: Record<string, string | undefined>;
  /** Child elements written as they are (extension elements, multi-instance, timer definitions). */
  inner?: string;
  /** Where an event's or a gateway's name goes, clear of the edges that meet it (default below). */
  label?: 'above' | 'below' | 'right';
}

export interface DiagramFlow {
  id: string;
  from: string;
  to: string;
  name?: string;
  /** An expression (@park/catalog/forms), written as the flow's conditionExpression. */
  condition?: string;
  /** Waypoints of the edge, when the computed right angles do not suit. */
  waypoints?: [number, number][];
}

const SIZE: Record<NodeType, [number, number]> = {
  startEvent: [36, 36],
  endEvent: [36, 36],
  boundaryEvent: [36, 36],
  userTask: [100, 80],
  serviceTask: [100, 80],
  exclusiveGateway: [50, 50],
  parallelGateway: [50, 50],
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const attributes = (attrs: Record<string, string | undefined>) =>
  Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');

/** The edge's waypoints: straight across on one level, else out of the side facing the target and round one corner. */
function route(from: DiagramNode, to: DiagramNode): [number, number][] {
  const [fw, fh] = SIZE[from.type];
  const [tw, th] = SIZE[to.type];
  if (Math.abs(from.y - to.y) < 1) {
    return from.x <= to.x
      ? [
          [from.x + fw / 2, from.y],
          [to.x - tw / 2, to.y],
        ]
      : [
          [from.x - fw / 2, from.y],
          [to.x + tw / 2, to.y],
        ];
  }
  const down = to.y > from.y;
  // A gateway branches from its top or bottom corner; a boundary event leaves downwards; others join from the side.
  if (from.type.endsWith('Gateway') || from.type === 'boundaryEvent') {
    const exit: [number, number] = [from.x, from.y + (down ? fh / 2 : -fh / 2)];
    return [exit, [from.x, to.y], [to.x - tw / 2, to.y]];
  }
  return [
    [from.x + fw / 2, from.y],
    [to.x, from.y],
    [to.x, to.y + (down ? -th / 2 : th / 2)],
  ];
}

/** The label bounds of a named event or gateway (a task's name sits inside it). */
function labelOf(n: DiagramNode): string {
  if (!n.name || n.type.endsWith('Task')) return '';
  const [w, h] = SIZE[n.type];
  const width = Math.max(40, [...n.name].length * 14);
  const [x, y] =
    n.label === 'right'
      ? [n.x + w / 2 + 4, n.y + 2]
      : [n.x - width / 2, n.label === 'above' ? n.y - h / 2 - 21 : n.y + h / 2 + 7];
  return `
        <bpmndi:BPMNLabel>
          <dc:Bounds x="${x}" y="${y}" width="${width}" height="14" />
        </bpmndi:BPMNLabel>`;
}

/** A process's whole XML: definitions, the process, and its diagram. */
export function bpmnXml(process: { id: string; name: string; nodes: DiagramNode[]; flows: DiagramFlow[] }): string {
  const byId = new Map(process.nodes.map((n) => [n.id, n]));
  const elements = process.nodes.map((n) => {
    const open = `<bpmn:${n.type} id="${escapeXml(n.id)}"${attributes({ name: n.name, ...n.attrs })}`;
    return n.inner ? `    ${open}>\n${n.inner}\n    </bpmn:${n.type}>` : `    ${open} />`;
  });
  const flows = process.flows.map((f) => {
    const open = `<bpmn:sequenceFlow id="${escapeXml(f.id)}"${attributes({ name: f.name, sourceRef: f.from, targetRef: f.to })}`;
    if (!f.condition) return `    ${open} />`;
    return `    ${open}>\n      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${escapeXml(f.condition)}</bpmn:conditionExpression>\n    </bpmn:sequenceFlow>`;
  });
  const shapes = process.nodes.map((n) => {
    const [w, h] = SIZE[n.type];
    const marker = n.type === 'exclusiveGateway' ? ' isMarkerVisible="true"' : '';
    return `      <bpmndi:BPMNShape id="${escapeXml(n.id)}_di" bpmnElement="${escapeXml(n.id)}"${marker}>
        <dc:Bounds x="${n.x - w / 2}" y="${n.y - h / 2}" width="${w}" height="${h}" />${labelOf(n)}
      </bpmndi:BPMNShape>`;
  });
  const edges = process.flows.map((f) => {
    const from = byId.get(f.from);
    const to = byId.get(f.to);
    const points = f.waypoints ?? (from && to ? route(from, to) : []);
    return `      <bpmndi:BPMNEdge id="${escapeXml(f.id)}_di" bpmnElement="${escapeXml(f.id)}">
${points.map(([x, y]) => `        <di:waypoint x="${x}" y="${y}" />`).join('\n')}
      </bpmndi:BPMNEdge>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:park="${PARK_BPMN_URI}" id="Definitions_${escapeXml(process.id)}" targetNamespace="${PARK_BPMN_URI}/process">
  <bpmn:process id="${escapeXml(process.id)}" name="${escapeXml(process.name)}" isExecutable="true">
${[...elements, ...flows].join('\n')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${escapeXml(process.id)}">
    <bpmndi:BPMNPlane id="BPMNPlane_${escapeXml(process.id)}" bpmnElement="${escapeXml(process.id)}">
${[...shapes, ...edges].join('\n')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** A new model's diagram: its process (id = the model key) with one start event, as bpmn-js opens an empty one. */
export function emptyDiagram(modelKey: string, name: string): string {
  return bpmnXml({
    id: modelKey,
    name,
    nodes: [{ id: 'StartEvent_1', type: 'startEvent', name: '开始', x: 218, y: 200 }],
    flows: [],
  });
}
