import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeRichText } from '../src/resources/rich-text.ts';

/** The rich-text sanitiser alone: what the allow-list keeps, what it drops, whatever way a payload is written. */
describe('sanitizeRichText', () => {
  it('keeps the formatting the editor writes', () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s></p><ul><li>一</li></ul><ol><li>二</li></ol>' +
      '<blockquote><p>引</p></blockquote><pre><code>x = 1</code></pre>' +
      '<p><a href="https://example.com/a?b=1">链</a> <a href="mailto:a@b.cn">邮</a></p>' +
      '<img src="/api/blade-resource/oss/endpoint/file/000000/ab.png" alt="图">' +
      '<img src="https://cdn.example.com/x.jpg">' +
      '<table><tbody><tr><th colspan="2">表</th></tr><tr><td>1</td><td>2</td></tr></tbody></table>';
    const clean = sanitizeRichText(html);
    for (const kept of [
      '<h2>标题</h2>',
      '<strong>粗</strong>',
      '<em>斜</em>',
      '<u>下</u>',
      '<s>删</s>',
      '<ul><li>一</li></ul>',
      '<ol><li>二</li></ol>',
      '<blockquote><p>引</p></blockquote>',
      '<pre><code>x = 1</code></pre>',
      'href="https://example.com/a?b=1"',
      'href="mailto:a@b.cn"',
      'src="/api/blade-resource/oss/endpoint/file/000000/ab.png"',
      'alt="图"',
      'src="https://cdn.example.com/x.jpg"',
      '<th colspan="2">表</th>',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  const PAYLOADS: [name: string, html: string, text: string][] = [
    ['script tag', '<p>a<script>alert(1)</script>b</p>', 'ab'],
    ['img onerror', '<img src=x onerror=alert(1)>', ''],
    ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg>svg', 'svg'],
    ['javascript: href', '<a href="javascript:alert(1)">j</a>', 'j'],
    ['mixed-case javascript: href', '<a href=" JaVaScRiPt:alert(1)">k</a>', 'k'],
    ['tab-encoded javascript: href', '<a href="jav&#x09;ascript:alert(1)">t</a>', 't'],
    ['entity-encoded javascript: href', '<a href="&#106;avascript:alert(1)">e</a>', 'e'],
    ['data: image', '<img src="data:image/png;base64,iVBORw0KGgo=">d', 'd'],
    ['data: link', '<a href="data:text/html,<script>alert(1)</script>">l</a>', 'l'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">v</a>', 'v'],
    ['protocol-relative image', '<img src="//evil.example/x.png"><img src="/\\evil.example/y.png">p', 'p'],
    ['style expression', '<p style="width: expression(alert(1))">s</p>', 's'],
    ['style tag', '<style>body{background:url(javascript:alert(1))}</style>st', 'st'],
    ['iframe', '<iframe src="https://evil.example"></iframe>i', 'i'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">o', 'o'],
    ['form and input', '<form action="https://evil.example"><input name="p"><button>go</button></form>', 'go'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">m', 'm'],
    ['nested script', '<scr<script>ipt>alert(1)</scr</script>ipt>', ''],
    ['malformed tags', '<div><p><b>x<i>y</b></i><img src="/a.png" onload=alert(1) <p>', 'xy'],
    ['math and xlink', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['event on a table cell', '<table><tr><td onclick="alert(1)">c</td></tr></table>', 'c'],
  ];

  it.each(PAYLOADS)('removes every way in: %s', (_name, html, text) => {
    const clean = sanitizeRichText(html);
    expect(clean).not.toMatch(/<script|<style|<svg|<iframe|<object|<embed|<form|<input|<meta|<math/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/javascript:|vbscript:|data:|expression\(|style=/i);
    expect(clean).not.toMatch(/(src|href)="\/[\\/]/);
    expect(clean.replace(/<[^>]*>/g, '')).toContain(text);
  });

  it('keeps a link opening a new tab from reaching back to the console', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('tells a body with nothing to show', () => {
    expect(isBlankRichText('<p></p>')).toBe(true);
    expect(isBlankRichText('<p> &nbsp; </p><p><br /></p>')).toBe(true);
    expect(isBlankRichText('<p>字</p>')).toBe(false);
    expect(isBlankRichText('<p><img src="/a.png" /></p>')).toBe(false);
  });
});
