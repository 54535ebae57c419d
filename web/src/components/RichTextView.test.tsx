import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichTextView } from './RichTextView.tsx';

describe('RichTextView', () => {
  afterEach(cleanup);

  it('scales a picture wider than the view down to its width', () => {
    const { container } = render(<RichTextView html={'<p>正文</p><img src="/wide.png" width="2400" alt="宽图">'} />);
    const img = container.querySelector('.park-rich-text img')!;
    expect(img).toBeTruthy();
    // jsdom lays nothing out: the rules that match the picture are read from the view's own style sheet (antd's, in
    // the head too, hold selectors jsdom cannot match).
    const sheet = (document.getElementById('park-rich-text-rules') as HTMLStyleElement).sheet!;
    const rules = [...sheet.cssRules].filter(
      (rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && img.matches(rule.selectorText),
    );
    expect(rules.map((rule) => rule.style.getPropertyValue('max-width'))).toContain('100%');
    expect(rules.map((rule) => rule.style.getPropertyValue('height'))).toContain('auto');
  });
});
