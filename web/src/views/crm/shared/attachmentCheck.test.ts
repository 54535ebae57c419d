import { describe, expect, it } from 'vitest';
import { setLang } from '../../../i18n/index.ts';
import { ATTACHMENT_ACCEPT, attachmentProblem, MAX_ATTACHMENT_BYTES } from './attachmentCheck.ts';

describe('attachmentProblem', () => {
  it('accepts PDF, JPG/PNG, Office documents and ZIP up to 20 MB, whatever the case of the name', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.docx', 'f.xls', 'g.PPTX', 'h.zip']) {
      expect(attachmentProblem({ name, size: MAX_ATTACHMENT_BYTES }), name).toBeUndefined();
    }
    expect(ATTACHMENT_ACCEPT).toContain('.pdf');
  });

  it("refuses other kinds and larger files with the server's messages", () => {
    setLang('zh');
    for (const name of ['notes.txt', 'setup.exe', 'pdf', 'archive.pdf.rar']) {
      expect(attachmentProblem({ name, size: 10 }), name).toBe(
        '附件只能是 PDF、图片(JPG/PNG)、Office 文档或 ZIP 压缩包',
      );
    }
    expect(attachmentProblem({ name: 'big.pdf', size: MAX_ATTACHMENT_BYTES + 1 })).toBe('附件大小不能超过 20MB');
    setLang('en');
    expect(attachmentProblem({ name: 'big.zip', size: 25 * 1024 * 1024 })).toBe(
      'An attachment must not be larger than 20 MB',
    );
    setLang('zh');
  });
});
