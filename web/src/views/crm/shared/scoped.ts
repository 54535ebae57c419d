import type { EntityDef } from '@park/catalog';

/**
 * An entity as a list inside something that fixes some of its fields (the enterprise, a parent
 * row): those fields leave the columns, the search and the form, and come from the screen instead.
 * One object per entity and field set, so the screens keep the same entity between renders.
 */
const made = new Map<string, EntityDef>();

export function fixedFields(entity: EntityDef, fixed: string[]): EntityDef {
  const key = `${entity.key}:${fixed.join(',')}`;
  let scoped = made.get(key);
  if (!scoped) {
    scoped = {
      ...entity,
      fields: entity.fields.map((field) =>
        fixed.includes(field.name) ? { ...field, list: false, search: false, form: false } : field,
      ),
    };
    made.set(key, scoped);
  }
  return scoped;
}

/** The field every enterprise-scoped row carries. */
export const ENTERPRISE_ID = 'enterpriseId';
