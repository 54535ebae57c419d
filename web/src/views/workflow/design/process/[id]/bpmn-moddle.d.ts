// bpmn-moddle 10 ships types for BPMN's elements only, not for the class the unit test makes.
declare module 'bpmn-moddle' {
  import type { ModdleElement } from './parkModel.ts';

  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    create(type: string, attrs?: Record<string, unknown>): ModdleElement;
    fromXML(xml: string): Promise<{ rootElement: ModdleElement; warnings: unknown[] }>;
    toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
  }
}
