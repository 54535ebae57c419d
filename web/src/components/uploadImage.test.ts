import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { imageProblem, MAX_IMAGE_BYTES } from './uploadImage.ts';

describe('imageProblem (the avatar)', () => {
  afterEach(() => setLang('zh'));

  it('takes a JPG or a PNG of up to 500 kb', () => {
    expect(MAX_IMAGE_BYTES).toBe(500 * 1024);
    expect(imageProblem({ type: 'image/jpeg', size: 1 })).toBeUndefined();
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeUndefined();
  });

  it("refuses other kinds and larger images in the avatar's words", () => {
    setLang('zh');
    for (const type of ['image/gif', 'image/webp', 'application/pdf', '']) {
      expect(imageProblem({ type, size: 1 }), type).toBe('上传头像图片只能是 JPG 或 PNG 格式!');
    }
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('上传头像图片大小不能超过 500KB!');
    // The kind is told first.
    expect(imageProblem({ type: 'image/gif', size: MAX_IMAGE_BYTES + 1 })).toBe('上传头像图片只能是 JPG 或 PNG 格式!');
    setLang('en');
    expect(imageProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe(
      'The avatar must not be larger than 500 KB',
    );
  });
});
