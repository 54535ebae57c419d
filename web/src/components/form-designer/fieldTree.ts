import { type FormField, type FormFieldType, LAYOUT_FIELD_TYPES } from '@park/catalog/forms';

/**
 * The designer's edits of a form's field tree, each answering a new array (the schema is React state): a field is
 * found, put into a container (the form itself, a group, a table's columns), moved, copied or removed by its id.
 * A container is named by its field's id; `null` is the form itself.
 */

export type ContainerId = string | null;

/** What a kind of container may hold: a group holds any field but another group; a table's columns hold values only. */
export function canHold(container: FormFieldType | 'form', type: FormFieldType): boolean {
  if (container === 'form') return true;
  if (container === 'group') return type !== 'group';
  if (container === 'table') return !TABLE_REFUSES.includes(type);
  return false;
}
// A column is one cell per row: no nested layout, no second table, no rich text, matrix or ranking in a cell.
const TABLE_REFUSES: readonly FormFieldType[] = ['group', 'table', 'divider', 'richText', 'matrix', 'ranking'];

export const isContainer = (field: FormField) => field.type === 'group' || field.type === 'table';
export const holdsValue = (type: FormFieldType) => !LAYOUT_FIELD_TYPES.includes(type);

/** Every field, depth first, each after its container. */
export function allFields(fields: readonly FormField[]): FormField[] {
  return fields.flatMap((field) => [field, ...allFields(field.children ?? [])]);
}

export interface FieldPlace {
  field: FormField;
  container: ContainerId;
  index: number;
}

/** Where a field sits: its container and its index there. */
export function placeOf(
  fields: readonly FormField[],
  id: string,
  container: ContainerId = null,
): FieldPlace | undefined {
  for (const [index, field] of fields.entries()) {
    if (field.id === id) return { field, container, index };
    const inner = field.children && placeOf(field.children, id, field.id);
    if (inner) return inner;
  }
  return undefined;
}

/** The fields of a container (the form's own when `null`). */
export function childrenOf(fields: readonly FormField[], container: ContainerId): readonly FormField[] {
  if (container === null) return fields;
  return placeOf(fields, container)?.field.children ?? [];
}

/** The kind of a container: the form, or its field's type. */
export function containerType(fields: readonly FormField[], container: ContainerId): FormFieldType | 'form' {
  if (container === null) return 'form';
  return placeOf(fields, container)?.field.type ?? 'form';
}

/** Whether `id` is `ancestor` or lies inside it (a container cannot go into itself). */
export function isWithin(fields: readonly FormField[], id: string, ancestor: string): boolean {
  if (id === ancestor) return true;
  const outer = placeOf(fields, ancestor)?.field;
  return Boolean(outer && allFields(outer.children ?? []).some((field) => field.id === id));
}

/** The tree with one container's fields replaced. */
function withChildren(
  fields: readonly FormField[],
  container: ContainerId,
  change: (list: FormField[]) => FormField[],
) {
  if (container === null) return change([...fields]);
  const walk = (list: readonly FormField[]): FormField[] =>
    list.map((field) => {
      if (field.id === container) return { ...field, children: change([...(field.children ?? [])]) };
      return field.children ? { ...field, children: walk(field.children) } : field;
    });
  return walk(fields);
}

export function insertField(
  fields: readonly FormField[],
  container: ContainerId,
  index: number,
  field: FormField,
): FormField[] {
  return withChildren(fields, container, (list) => {
    list.splice(Math.max(0, Math.min(index, list.length)), 0, field);
    return list;
  });
}

export function removeField(fields: readonly FormField[], id: string): FormField[] {
  return fields
    .filter((field) => field.id !== id)
    .map((field) => (field.children ? { ...field, children: removeField(field.children, id) } : field));
}

export function updateField(fields: readonly FormField[], id: string, patch: Partial<FormField>): FormField[] {
  return fields.map((field) => {
    if (field.id === id) return withoutEmpty({ ...field, ...patch });
    return field.children ? { ...field, children: updateField(field.children, id, patch) } : field;
  });
}

/** A field's properties with the cleared ones gone, so the stored JSON holds only what was set. */
function withoutEmpty(field: FormField): FormField {
  const kept = Object.entries(field).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return Object.fromEntries(kept) as unknown as FormField;
}

/**
 * Moves a field to `index` of `container`, that index counted in the container as it is before the move (so within
 * one container moving down lands it where the field at `index` was, as a sortable list's move does).
 */
export function moveField(
  fields: readonly FormField[],
  id: string,
  container: ContainerId,
  index: number,
): FormField[] {
  const from = placeOf(fields, id);
  if (!from || (container !== null && isWithin(fields, container, id))) return [...fields];
  if (!canHold(containerType(fields, container), from.field.type)) return [...fields];
  return insertField(removeField(fields, id), container, index, from.field);
}

/** A new id: `f_` and a few letters, unused in the form. */
export function newId(fields: readonly FormField[]): string {
  const taken = new Set(allFields(fields).map((field) => field.id));
  for (;;) {
    const id = `f_${Math.random().toString(36).slice(2, 8)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * The names a field's name must differ from: a table's columns differ within their table; every other value field
 * (groups' fields included) differs from the others of the form outside tables.
 */
export function namesBeside(fields: readonly FormField[], container: ContainerId, exceptId?: string): Set<string> {
  const table = container !== null && containerType(fields, container) === 'table';
  const others = table ? childrenOf(fields, container) : topLevelValues(fields);
  return new Set(others.filter((field) => field.id !== exceptId && field.name).map((field) => field.name as string));
}

/** The value fields whose names are the form's own keys: outside tables, groups' fields included. */
export function topLevelValues(fields: readonly FormField[]): FormField[] {
  return fields.flatMap((field) =>
    field.type === 'group' ? topLevelValues(field.children ?? []) : holdsValue(field.type) ? [field] : [],
  );
}

/** `field_1`, `field_2`, ...: the first not taken in that container. */
export function nextName(fields: readonly FormField[], container: ContainerId): string {
  const taken = namesBeside(fields, container);
  // A name taken anywhere is skipped too, so a field moved between a table and the form keeps a unique one.
  for (const field of allFields(fields)) if (field.name) taken.add(field.name);
  let n = 1;
  while (taken.has(`field_${n}`)) n++;
  return `field_${n}`;
}

/**
 * A copy of a field, with new ids (its children's too) and new names, placed right after it. Answers the tree and
 * the copy's id.
 */
export function copyField(fields: readonly FormField[], id: string): { fields: FormField[]; id?: string } {
  const place = placeOf(fields, id);
  if (!place) return { fields: [...fields] };
  let tree = [...fields];
  const renamed = (field: FormField, container: ContainerId): FormField => {
    const copy: FormField = { ...field, id: newId(tree) };
    // Names first taken by the copy itself count as taken for its children and its next sibling.
    if (holdsValue(field.type)) copy.name = nextName(tree, container);
    tree = insertField(tree, null, tree.length, { ...copy, children: [] });
    if (field.children) copy.children = field.children.map((child) => renamed(child, copy.id));
    return copy;
  };
  const copy = renamed(place.field, place.container);
  return { fields: insertField([...fields], place.container, place.index + 1, copy), id: copy.id };
}
