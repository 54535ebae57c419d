import { render } from '@testing-library/react';
import { Button, Tag } from 'antd';
import { describe, expect, it } from 'vitest';
import { KeptStyles, styleCache } from './styleCache.tsx';

/** The cached component styles: each path and the style antd made for it. */
const styles = () =>
  new Map(
    [...(styleCache as unknown as { cache: Map<string, [number, unknown]> }).cache]
      .filter(([key]) => key.startsWith('style%'))
      .map(([key, [, style]]) => [key, style]),
  );

describe('the kept style cache', () => {
  it('keeps a component style when its last user goes, and gives the next one the same, not a new one', () => {
    const first = render(
      <KeptStyles>
        <Button>保存</Button>
        <Tag>已启用</Tag>
      </KeptStyles>,
    );
    const made = styles();
    expect([...made.keys()].some((key) => key.includes('Button'))).toBe(true);
    first.unmount();
    // antd's own cache forgets them here.
    expect([...styles().keys()]).toEqual([...made.keys()]);

    render(
      <KeptStyles>
        <Button>保存</Button>
        <Tag>已启用</Tag>
      </KeptStyles>,
    );
    for (const [key, style] of styles()) if (made.has(key)) expect(style, key).toBe(made.get(key));
  });
});
