import type { FormField } from '@park/catalog/forms';
import { schemaProblems } from '@park/catalog/forms';
import { describe, expect, it } from 'vitest';
import { dropTarget } from './dnd.ts';
import {
  canHold,
  copyField,
  moveField,
  namesBeside,
  nextName,
  placeOf,
  removeField,
  updateField,
} from './fieldTree.ts';
import { newField } from './palette.ts';

const field = (id: string, type: FormField['type'], name?: string, children?: FormField[]): FormField => ({
  id,
  type,
  label: id,
  ...(name ? { name } : {}),
  ...(children ? { children } : {}),
});

/** a, a group g holding b, a table t with column c, then d. */
const FORM: FormField[] = [
  field('a', 'input', 'field_1'),
  field('g', 'group', undefined, [field('b', 'number', 'field_2')]),
  field('t', 'table', 'items', [field('c', 'input', 'field_1')]),
  field('d', 'date', 'field_3'),
];
const ids = (fields: readonly FormField[]) => fields.map((f) => f.id);
const rect = (top: number, left = 0, height = 40, width = 200) => ({
  top,
  left,
  height,
  width,
  bottom: top + height,
  right: left + width,
});

describe('the designer’s field tree', () => {
  it('names a new field field_<n> free in the whole form, with two options for a choice and room for children', () => {
    expect(nextName(FORM, null)).toBe('field_4');
    const select = newField('select', FORM, null, '下拉选择', (n) => `选项${n}`);
    expect(select).toMatchObject({ type: 'select', name: 'field_4', label: '下拉选择' });
    expect(select.options).toEqual([
      { label: '选项1', value: '1' },
      { label: '选项2', value: '2' },
    ]);
    expect(newField('group', FORM, null, '分组', String)).toMatchObject({ children: [] });
    expect(newField('divider', FORM, null, '分割线', String).name).toBeUndefined();
  });

  it('checks names as the validator does: across the form and its groups, and a table’s columns within the table', () => {
    expect([...namesBeside(FORM, null)].sort()).toEqual(['field_1', 'field_2', 'field_3', 'items']);
    expect([...namesBeside(FORM, 't')]).toEqual(['field_1']);
    expect(namesBeside(FORM, null, 'a').has('field_1')).toBe(false);
    // The same name in the form and in a table is a well formed schema.
    expect(schemaProblems({ version: 1, fields: FORM })).toEqual([]);
  });

  it('keeps groups out of groups and layout out of tables', () => {
    expect(canHold('form', 'group')).toBe(true);
    expect(canHold('group', 'table')).toBe(true);
    expect(canHold('group', 'group')).toBe(false);
    expect(canHold('table', 'number')).toBe(true);
    for (const type of ['group', 'table', 'divider', 'richText'] as const) expect(canHold('table', type)).toBe(false);
  });

  it('moves a field within its list as a sortable list does, into and out of a group, and never into itself', () => {
    expect(ids(moveField(FORM, 'a', null, 2))).toEqual(['g', 't', 'a', 'd']);
    expect(ids(moveField(FORM, 'd', null, 0))).toEqual(['d', 'a', 'g', 't']);
    const inGroup = moveField(FORM, 'a', 'g', 0);
    expect(ids(inGroup)).toEqual(['g', 't', 'd']);
    expect(ids(placeOf(inGroup, 'g')?.field.children ?? [])).toEqual(['a', 'b']);
    expect(ids(moveField(inGroup, 'b', null, 0))).toEqual(['b', 'g', 't', 'd']);
    expect(moveField(FORM, 'g', 'g', 0)).toEqual(FORM);
    expect(moveField(FORM, 'g', 't', 0)).toEqual(FORM);
  });

  it('copies a field after itself with new ids and names, and removes and updates fields anywhere', () => {
    const { fields, id } = copyField(FORM, 'g');
    expect(ids(fields)).toEqual(['a', 'g', id, 't', 'd']);
    const copy = placeOf(fields, id as string)?.field as FormField;
    expect(copy.children?.[0].id).not.toBe('b');
    expect(copy.children?.[0].name).toBe('field_4');
    expect(schemaProblems({ version: 1, fields })).toEqual([]);

    expect(ids(removeField(FORM, 'b')[1].children ?? [])).toEqual([]);
    const required = updateField(FORM, 'c', { required: true, placeholder: '' });
    expect(placeOf(required, 'c')?.field).toEqual({
      id: 'c',
      type: 'input',
      label: 'c',
      name: 'field_1',
      required: true,
    });
  });

  it('drops beside the field under the pointer, at a container’s end, or in the place of a sibling', () => {
    const palette = { id: 'palette:input', data: { kind: 'palette' as const, type: 'input' as const } };
    // Over d (top 100): above its middle goes before it, below after it.
    expect(
      dropTarget(
        FORM,
        { ...palette, rect: rect(90) },
        { id: 'd', data: { kind: 'field', container: null }, rect: rect(100) },
      ),
    ).toEqual({ container: null, index: 3 });
    expect(
      dropTarget(
        FORM,
        { ...palette, rect: rect(130) },
        { id: 'd', data: { kind: 'field', container: null }, rect: rect(100) },
      ),
    ).toEqual({ container: null, index: 4 });
    // A table's columns stand side by side: left or right of the middle.
    expect(
      dropTarget(
        FORM,
        { ...palette, rect: rect(0, 150) },
        { id: 'c', data: { kind: 'field', container: 't' }, rect: rect(0, 0) },
      ),
    ).toEqual({ container: 't', index: 1 });
    expect(
      dropTarget(
        FORM,
        { ...palette, rect: null },
        { id: 'container:g', data: { kind: 'container', container: 'g' }, rect: rect(0) },
      ),
    ).toEqual({ container: 'g', index: 1 });
    // A field of the same list takes the place of the one it is dropped on.
    const a = { id: 'a', data: { kind: 'field' as const, container: null }, rect: rect(0) };
    expect(dropTarget(FORM, a, { id: 'd', data: { kind: 'field', container: null }, rect: rect(100) })).toEqual({
      container: null,
      index: 3,
    });
  });
});
