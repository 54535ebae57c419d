import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import '../../../../../components/bpmn/bpmn.css';
import { parkModdle } from '@park/catalog/workflow';
import Modeler from 'bpmn-js/lib/Modeler';
import type { Element, Shape } from 'bpmn-js/lib/model/Types';
import type CommandStack from 'diagram-js/lib/command/CommandStack';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';
import { i18n } from '../../../../../i18n/index.ts';
import type { Change, ModdleElement } from './parkModel.ts';

/**
 * bpmn-js's Modeler cut down to what our engine runs (start and end events, user and service tasks,
 * exclusive and parallel gateways, sequence flows, timer boundary events on user tasks, text annotations):
 * the palette, the context pad and the replace menu offer nothing else, and our texts name what they do.
 * Everything the properties drawer changes goes through one command (`park.batch`), so one undo takes a
 * drawer change back whole.
 */

const t = i18n.getFixedT(null, 'workflowDesigner');

// bpmn-js's services are plain objects of its own; these describe only what is used here.
type Entries = Record<string, Entry>;
interface Entry {
  group?: string;
  className?: string;
  title?: string;
  label?: string;
  separator?: boolean;
  action?: unknown;
}
interface ElementFactory {
  createShape(attrs: Record<string, unknown>): Shape;
}
interface Create {
  start(event: unknown, shape: Shape, context?: Record<string, unknown>): void;
}
interface AutoPlace {
  append(source: Element, shape: Shape): Shape;
}
interface Modeling {
  updateProperties(element: Element, props: Record<string, unknown>): void;
  updateModdleProperties(element: Element, target: ModdleElement, props: Record<string, unknown>): void;
  createShape(shape: Shape, position: { x: number; y: number }, host: Element, hints: { attach: boolean }): Shape;
}
interface Selection {
  select(element: Element): void;
}
interface ProviderHost {
  registerProvider(priority: number, provider: object): void;
}
interface PopupMenu {
  registerProvider(id: string, priority: number, provider: object): void;
  open(target: Element, id: string, position: Record<string, unknown>, options: Record<string, unknown>): void;
}

const is = (element: Element, type: string) => (element.businessObject as ModdleElement).$instanceOf(type);

/** Below bpmn-js's own providers (1000): ours get their entries and keep, rename or add to them. */
const AFTER_BPMN_JS = 500;

function createEntry(create: Create, elementFactory: ElementFactory) {
  return (type: string, group: string, className: string, title: string): Entry => {
    const start = (event: unknown) => create.start(event, elementFactory.createShape({ type }));
    return { group, className, title, action: { dragstart: start, click: start } };
  };
}

class ParkPalette {
  static $inject = ['palette', 'create', 'elementFactory'];
  private readonly make: ReturnType<typeof createEntry>;

  constructor(palette: ProviderHost, create: Create, elementFactory: ElementFactory) {
    this.make = createEntry(create, elementFactory);
    palette.registerProvider(AFTER_BPMN_JS, this);
  }

  getPaletteEntries() {
    return (entries: Entries): Entries => {
      const tool = (id: string, title: string) => (entries[id] ? { [id]: { ...entries[id], title } } : {});
      const make = this.make;
      return {
        ...tool('hand-tool', t('palette.hand')),
        ...tool('lasso-tool', t('palette.lasso')),
        ...tool('space-tool', t('palette.space')),
        ...tool('global-connect-tool', t('palette.connect')),
        ...(entries['tool-separator'] ? { 'tool-separator': entries['tool-separator'] } : {}),
        'create.start-event': make('bpmn:StartEvent', 'event', 'bpmn-icon-start-event-none', t('palette.startEvent')),
        'create.end-event': make('bpmn:EndEvent', 'event', 'bpmn-icon-end-event-none', t('palette.endEvent')),
        'create.exclusive-gateway': make(
          'bpmn:ExclusiveGateway',
          'gateway',
          'bpmn-icon-gateway-xor',
          t('palette.exclusiveGateway'),
        ),
        'create.parallel-gateway': make(
          'bpmn:ParallelGateway',
          'gateway',
          'bpmn-icon-gateway-parallel',
          t('palette.parallelGateway'),
        ),
        'create.user-task': make('bpmn:UserTask', 'activity', 'bpmn-icon-user-task', t('palette.userTask')),
        'create.service-task': make('bpmn:ServiceTask', 'activity', 'bpmn-icon-service-task', t('palette.serviceTask')),
        'create.text-annotation': make(
          'bpmn:TextAnnotation',
          'artifact',
          'bpmn-icon-text-annotation',
          t('palette.textAnnotation'),
        ),
      };
    };
  }
}

class ParkContextPad {
  static $inject = [
    'contextPad',
    'create',
    'elementFactory',
    'autoPlace',
    'modeling',
    'selection',
    'canvas',
    'popupMenu',
  ];

  constructor(
    contextPad: ProviderHost,
    private readonly create: Create,
    private readonly elementFactory: ElementFactory,
    private readonly autoPlace: AutoPlace,
    private readonly modeling: Modeling,
    private readonly selection: Selection,
    private readonly canvas: Canvas,
    private readonly popupMenu: PopupMenu,
  ) {
    contextPad.registerProvider(AFTER_BPMN_JS, this);
  }

  /**
   * The replace menu below the context pad, as bpmn-js opens it, found without ContextPad#getPad (deprecated:
   * bpmn-js's own entry warns in the console on every use).
   */
  private replace(entry: Entry): Entry {
    const open = (event: MouseEvent, element: Element) => {
      const pad =
        this.canvas.getContainer().querySelector('.djs-context-pad.open') ?? this.canvas.getGraphics(element as Shape);
      const rect = pad.getBoundingClientRect();
      this.popupMenu.open(
        element,
        'bpmn-replace',
        { x: rect.left, y: rect.bottom + 5, cursor: { x: event.x, y: event.y } },
        { title: t('pad.replace'), width: 'var(--bpmn-replace-popup-width, 300px)', search: true },
      );
    };
    return { ...entry, title: t('pad.replace'), action: { click: open } };
  }

  private append(type: string, className: string, title: string): Entry {
    const shape = () => this.elementFactory.createShape({ type });
    return {
      group: 'model',
      className,
      title,
      action: {
        click: (_event: unknown, source: Element) => this.autoPlace.append(source, shape()),
        dragstart: (event: unknown, source: Element) => this.create.start(event, shape(), { source }),
      },
    };
  }

  /** A timer boundary event on the task's lower edge, right to left beside those already there. */
  private attachTimer(task: Shape) {
    const shape = this.elementFactory.createShape({
      type: 'bpmn:BoundaryEvent',
      eventDefinitionType: 'bpmn:TimerEventDefinition',
    });
    const x = Math.max(task.x + 18, task.x + task.width - 18 - task.attachers.length * 40);
    const made = this.modeling.createShape(shape, { x, y: task.y + task.height }, task, { attach: true });
    this.selection.select(made);
  }

  getContextPadEntries(element: Element) {
    return (entries: Entries): Entries => {
      const result: Entries = {};
      const keep = (id: string, title: string) => {
        if (entries[id]) result[id] = { ...entries[id], title };
      };
      // bpmn-js offers appends where a flow may leave the element: ours are the kinds the engine runs.
      if (entries['append.append-task']) {
        result['append.user-task'] = this.append('bpmn:UserTask', 'bpmn-icon-user-task', t('pad.appendUserTask'));
        result['append.service-task'] = this.append(
          'bpmn:ServiceTask',
          'bpmn-icon-service-task',
          t('pad.appendServiceTask'),
        );
        result['append.exclusive-gateway'] = this.append(
          'bpmn:ExclusiveGateway',
          'bpmn-icon-gateway-xor',
          t('pad.appendExclusiveGateway'),
        );
        result['append.parallel-gateway'] = this.append(
          'bpmn:ParallelGateway',
          'bpmn-icon-gateway-parallel',
          t('pad.appendParallelGateway'),
        );
        keep('append.end-event', t('pad.appendEndEvent'));
      }
      if (is(element, 'bpmn:UserTask')) {
        result['attach.timer-boundary'] = {
          group: 'model',
          className: 'bpmn-icon-intermediate-event-catch-timer',
          title: t('pad.attachTimer'),
          action: { click: (_event: unknown, task: Shape) => this.attachTimer(task) },
        };
      }
      keep('append.text-annotation', t('pad.annotate'));
      keep('connect', t('pad.connect'));
      if (entries.replace) result.replace = this.replace(entries.replace);
      keep('delete', t('pad.delete'));
      return result;
    };
  }
}

/** bpmn-js's replace entries an element may become, with our names for them. */
const REPLACEMENTS: Record<string, () => string> = {
  'replace-with-none-start': () => t('palette.startEvent'),
  'replace-with-none-end': () => t('palette.endEvent'),
  'replace-with-user-task': () => t('palette.userTask'),
  'replace-with-service-task': () => t('palette.serviceTask'),
  'replace-with-exclusive-gateway': () => t('palette.exclusiveGateway'),
  'replace-with-parallel-gateway': () => t('palette.parallelGateway'),
  'replace-with-timer-boundary': () => t('replace.timerBoundary'),
  'replace-with-non-interrupting-timer-boundary': () => t('replace.timerBoundaryNonInterrupting'),
};

class ParkReplaceMenu {
  static $inject = ['popupMenu'];

  constructor(popupMenu: PopupMenu) {
    popupMenu.registerProvider('bpmn-replace', AFTER_BPMN_JS, this);
  }

  getPopupMenuEntries() {
    return (entries: Entries): Entries =>
      Object.fromEntries(
        Object.entries(entries)
          .filter(([id]) => REPLACEMENTS[id])
          .map(([id, entry]) => [id, { ...entry, label: REPLACEMENTS[id]() }]),
      );
  }

  // Loop, multi-instance, compensation and the like: the drawer sets a task's multi-instance with its sign rule.
  getPopupMenuHeaderEntries() {
    return (): Entries => ({});
  }
}

/** Applies a drawer change: properties of the element itself, of another one (a gateway's default), or of one inside it. */
class BatchHandler {
  static $inject = ['modeling', 'elementRegistry'];

  constructor(
    private readonly modeling: Modeling,
    private readonly registry: ElementRegistry,
  ) {}

  preExecute({ element, changes }: { element: Element; changes: Change[] }) {
    for (const { target, props } of changes) {
      const owner =
        target === element.businessObject
          ? element
          : this.registry.find((candidate) => candidate.businessObject === target && candidate.type !== 'label');
      if (owner) this.modeling.updateProperties(owner as Element, props);
      else this.modeling.updateModdleProperties(element, target, props);
    }
  }

  execute() {
    return [];
  }

  revert() {
    return [];
  }
}

class ParkBatch {
  static $inject = ['commandStack'];

  constructor(commandStack: CommandStack) {
    commandStack.registerHandler('park.batch', BatchHandler as never);
  }
}

/** bpmn-js's own words that still reach the screen: ours, in the language of the moment. */
const OWN_WORDS: Record<string, () => string> = {
  'Change element': () => t('pad.replace'),
  'Search in diagram': () => t('searchDiagram'),
};

function translate(template: string, replacements: Record<string, string> = {}): string {
  const text = OWN_WORDS[template]?.() ?? template;
  return text.replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
}

const parkModule = {
  __init__: ['parkPalette', 'parkContextPad', 'parkReplaceMenu', 'parkBatch'],
  parkPalette: ['type', ParkPalette],
  parkContextPad: ['type', ParkContextPad],
  parkReplaceMenu: ['type', ParkReplaceMenu],
  parkBatch: ['type', ParkBatch],
  translate: ['value', translate],
};

export function createModeler(container: HTMLElement): Modeler {
  return new Modeler({ container, moddleExtensions: { park: parkModdle }, additionalModules: [parkModule] });
}

/** Applies the drawer's changes to `element` as one command. */
export function applyChanges(modeler: Modeler, element: Element, changes: Change[]): void {
  if (changes.length) modeler.get<CommandStack>('commandStack').execute('park.batch', { element, changes });
}
