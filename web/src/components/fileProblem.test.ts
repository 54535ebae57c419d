import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { acceptOf, extensionOf, fileProblem } from './fileProblem.ts';

const LIMITS = { types: ['jpg', 'jpeg', 'png'], maxBytes: 500 * 1024 };

describe('fileProblem', () => {
  afterEach(() => setLang('zh'));

  it('takes the kinds given, whatever the case of the name, up to the size given', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.Png'])
      expect(fileProblem({ name, size: 500 * 1024 }, LIMITS)).toBeUndefined();
    expect(fileProblem({ name: 'notes.txt', size: 1 }, {})).toBeUndefined();
  });

  it('names the kinds it was given when the file is another', () => {
    setLang('zh');
    expect(fileProblem({ name: 'notes.txt', size: 1 }, LIMITS)).toBe('只能上传 JPG/JPEG/PNG 格式的文件');
    expect(fileProblem({ name: 'png', size: 1 }, { types: ['pdf'] })).toBe('只能上传 PDF 格式的文件');
    setLang('en');
    expect(fileProblem({ name: 'a.gif', size: 1 }, LIMITS)).toBe('Only JPG/JPEG/PNG files can be uploaded');
  });

  it('names the size it was given when the file is larger', () => {
    setLang('zh');
    expect(fileProblem({ name: 'a.png', size: 500 * 1024 + 1 }, LIMITS)).toBe('文件大小不能超过 500 KB');
    expect(fileProblem({ name: 'a.zip', size: 21 * 1024 * 1024 }, { maxBytes: 20 * 1024 * 1024 })).toBe(
      '文件大小不能超过 20.0 MB',
    );
    setLang('en');
    expect(fileProblem({ name: 'a.png', size: 600 * 1024 }, LIMITS)).toBe('The file must not be larger than 500 KB');
  });

  it('reads extensions and builds the chooser filter', () => {
    expect(extensionOf('report.final.PDF')).toBe('pdf');
    expect(extensionOf('README')).toBe('');
    expect(acceptOf(['jpg', 'png'])).toBe('.jpg,.png');
  });
});
