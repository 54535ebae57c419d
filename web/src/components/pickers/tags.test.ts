import { beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../../i18n/index.ts';
import { addTag, checkTagKey, newTags, TAG_KEYS, tagsOf } from './tags.ts';

describe('tag input rules', () => {
  beforeEach(() => setLang('zh'));

  it('adds a typed tag, trimmed', () => {
    expect(addTag(['安静'], '  微辣 ')).toEqual(['安静', '微辣']);
  });

  it('skips empty values and values already there (spec part 5)', () => {
    const tags = ['安静', '微辣'];
    expect(addTag(tags, '')).toBe(tags);
    expect(addTag(tags, '   ')).toBe(tags);
    expect(addTag(tags, '微辣')).toBe(tags);
    expect(addTag(tags, ' 安静 ')).toBe(tags);
    expect(['a', '', 'b', 'a', ' c '].reduce(addTag, [])).toEqual(['a', 'b', 'c']);
  });

  it('reads a stored comma-joined value', () => {
    expect(tagsOf('a,b')).toEqual(['a', 'b']);
    expect(tagsOf('')).toEqual([]);
    expect(tagsOf(undefined)).toEqual([]);
    expect(tagsOf(['x'])).toEqual(['x']);
  });

  it('tells the server only of tags neither offered nor held before', () => {
    expect(newTags(['甲', '乙', '丙'], ['甲'], new Set(['乙']))).toEqual(['丙']);
    expect(newTags(['甲'], ['甲', '乙'], new Set())).toEqual([]);
  });

  it('accepts the known tag keys and refuses any other with 不被期望的tagKey', () => {
    for (const key of TAG_KEYS) expect(checkTagKey(key)).toBe(key);
    expect(() => checkTagKey('colour')).toThrow(new Error('不被期望的tagKey'));
  });
});
