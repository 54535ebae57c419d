import { describe, expect, it } from 'vitest';
import { isJsonOrEmpty } from './PlatformModal.tsx';

describe('isJsonOrEmpty (the user extension of 平台配置)', () => {
  it('takes nothing, blanks and any JSON text', () => {
    for (const text of [undefined, '', '   ', '{}', '{"floor": 3}', '[1, 2]', '"text"', '7']) {
      expect(isJsonOrEmpty(text), String(text)).toBe(true);
    }
  });

  it('refuses text that is not JSON', () => {
    for (const text of ['{"floor": 3', '{floor: 3}', 'abc', "{'a': 1}"]) {
      expect(isJsonOrEmpty(text), text).toBe(false);
    }
  });
});
