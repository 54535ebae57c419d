import { dict } from '@park/catalog';
import { describe, expect, it } from 'vitest';
import { entriesOf, parentsOf } from './dictEntities.ts';

describe('dictionary entities', () => {
  it("leaves the key and the parent out of a dictionary's own row", () => {
    const names = parentsOf(dict).fields.map((field) => field.name);
    expect(names).toEqual(['code', 'dictValue', 'dictValueEn', 'sort', 'isSealed', 'remark']);
    // The English name is edited in the dictionary's form, not listed beside its Chinese one.
    expect(parentsOf(dict).fields.find((field) => field.name === 'dictValueEn')?.list).toBe(false);
    expect(parentsOf(dict).key).toBe(dict.key);
  });

  it("keeps an entry's code in the form but neither lists nor searches it", () => {
    const code = entriesOf(dict).fields.find((field) => field.name === 'code');
    expect(code).toMatchObject({ search: false, list: false });
    expect(code?.form).not.toBe(false);
    expect(entriesOf(dict).fields).toHaveLength(dict.fields.length);
  });
});
