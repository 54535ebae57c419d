import type { ScopeType } from '@park/catalog';

/**
 * One saved row of a scope (a workflow model's start scope, a survey's respondents): a kind of principal and the
 * ids it names with their names, comma-joined, as the server stores and answers them.
 */
export interface ScopeRow {
  scopeType: ScopeType;
  val: string;
  text: string;
}

/** One line being edited: a kind (none yet on a new line) and the picked ids with their names, in the same order. */
export interface ScopeLine {
  key: number;
  scopeType?: ScopeType;
  ids: string[];
  names: string[];
}

const split = (text: string | null | undefined) => (text ? text.split(',') : []);

/** The lines to edit of saved rows. */
export function linesOf(rows: readonly ScopeRow[]): ScopeLine[] {
  return rows.map((row, key) => ({ key, scopeType: row.scopeType, ids: split(row.val), names: split(row.text) }));
}

/** A new empty line, keyed after the others. */
export function newLine(lines: readonly ScopeLine[]): ScopeLine {
  return { key: lines.reduce((max, line) => Math.max(max, line.key + 1), 0), ids: [], names: [] };
}

/** Whether a line names enough: a company line without enterprises names every company account. */
export const isComplete = (line: ScopeLine) =>
  line.scopeType !== undefined && (line.scopeType === 'company' || line.ids.length > 0);

/** The rows to save of complete lines (the caller checks `isComplete` first). */
export function rowsOf(lines: readonly ScopeLine[]): ScopeRow[] {
  return lines.map((line) => ({
    scopeType: line.scopeType as ScopeType,
    val: line.ids.join(','),
    text: line.names.join(','),
  }));
}
