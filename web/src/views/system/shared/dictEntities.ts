import type { EntityDef } from '@park/catalog';

/** Fields a dictionary's own row does not show: its key is always -1 and it has no parent. */
const ENTRY_ONLY = new Set(['dictKey', 'parentId']);

/** The dictionary rows of a dict entity (system or business) as their own list; the English name shows in their form only. */
export function parentsOf(entity: EntityDef): EntityDef {
  return {
    ...entity,
    fields: entity.fields
      .filter((field) => !ENTRY_ONLY.has(field.name))
      .map((field) => (field.name === 'dictValueEn' ? { ...field, list: false } : field)),
  };
}

/** The entries of a dictionary: the code is the dictionary's, so it is neither searched nor listed. */
export function entriesOf(entity: EntityDef): EntityDef {
  return {
    ...entity,
    fields: entity.fields.map((field) => (field.name === 'code' ? { ...field, search: false, list: false } : field)),
  };
}
