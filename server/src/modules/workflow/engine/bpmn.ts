import { parkModdle } from '@park/catalog/workflow';
import { BpmnModdle } from 'bpmn-moddle';

/**
 * BPMN 2.0 XML read with bpmn-moddle and our extension (`park:`), and the narrow shapes the engine reads
 * of what it gives: only the properties our subset uses, each optional, since an XML may leave any out.
 */
export interface BpmnElement {
  $type: string;
  id?: string;
  name?: string;
}

export interface ExtensionValue extends BpmnElement {
  /** park:Assignee, park:CopyTo */
  type?: string;
  value?: string;
  text?: string;
  /** park:Button */
  key?: string;
  /** park:FieldAuth */
  field?: string;
  mode?: string;
}

export interface Expression extends BpmnElement {
  body?: string;
}

export interface EventDefinition extends BpmnElement {
  timeDuration?: Expression;
  timeDate?: Expression;
  timeCycle?: Expression;
}

export interface LoopCharacteristics extends BpmnElement {
  isSequential?: boolean;
  completionCondition?: Expression;
  signMode?: string;
  ratio?: number;
}

export interface FlowElement extends BpmnElement {
  extensionElements?: { values?: ExtensionValue[] };
  /** Events */
  eventDefinitions?: EventDefinition[];
  /** Boundary events */
  attachedToRef?: FlowElement;
  cancelActivity?: boolean;
  /** Gateways (and activities): the default outgoing flow */
  default?: FlowElement;
  /** Activities */
  loopCharacteristics?: LoopCharacteristics;
  /** park:formKey (start events and user tasks), park:dueTime and park:remindBefore (user tasks) */
  formKey?: string;
  dueTime?: string;
  remindBefore?: string;
  /** Sequence flows */
  sourceRef?: FlowElement;
  targetRef?: FlowElement;
  conditionExpression?: Expression;
  /** Sub-processes carry elements of their own */
  flowElements?: FlowElement[];
}

export interface Process extends BpmnElement {
  flowElements?: FlowElement[];
  artifacts?: BpmnElement[];
  laneSets?: BpmnElement[];
}

export interface Definitions extends BpmnElement {
  rootElements?: BpmnElement[];
}

/** One reader for the whole process: the descriptors are built once. */
const moddle = new BpmnModdle({ park: parkModdle });

/** The most XML a model may hold (a large process is some 100 KB; the designer's DI is most of it). */
export const MAX_XML_LENGTH = 2_000_000;

export class BpmnParseError extends Error {}

/**
 * The definitions an XML holds, with what the reader could not place (an unknown element, a reference to
 * no element) as warnings; a BpmnParseError when it is no BPMN at all (not XML, another root element).
 */
export async function parseBpmn(xml: string): Promise<{ definitions: Definitions; warnings: string[] }> {
  try {
    const { rootElement, warnings } = await moddle.fromXML(xml, 'bpmn:Definitions');
    const definitions = rootElement as Definitions | undefined;
    if (definitions?.$type !== 'bpmn:Definitions') throw new BpmnParseError('the root element is not bpmn:definitions');
    return { definitions, warnings: warnings.map((w) => firstLine(w.message)) };
  } catch (err) {
    if (err instanceof BpmnParseError) throw err;
    throw new BpmnParseError(firstLine((err as Error).message));
  }
}

/** The reader's messages carry the line and column on lines of their own; the first says what is wrong. */
const firstLine = (message: string) => message.split('\n')[0].trim().slice(0, 200);

/** An element's extension elements of one type (`park:Assignee`). */
export function extensionsOf(element: FlowElement, type: string): ExtensionValue[] {
  return (element.extensionElements?.values ?? []).filter((v) => v.$type === type);
}
