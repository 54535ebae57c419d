/**
 * The part of bpmn-moddle (MIT) the engine uses: its package names no types for its main entry (only for
 * `bpmn-moddle/types`). What an element holds is read through the engine's own narrow shapes (./bpmn.ts).
 */
declare module 'bpmn-moddle' {
  export interface ParseWarning {
    message: string;
  }

  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: unknown; warnings: ParseWarning[] }>;
  }
}
