import { theme } from 'antd';
import type { MenuHit } from './menuSearch.ts';

/** A search result's trail (企业管理 / 企业信息) with the part of each name the query matched marked. */
export function MenuHitTrail({ hit }: { hit: MenuHit }) {
  // The link colour: its contrast on every theme's background is held to 4.5:1 (themeContrast.test.ts).
  const { colorLink } = theme.useToken().token;
  const marked = { padding: 0, background: 'none', color: colorLink, fontWeight: 600 };
  return (
    <>
      {hit.trail.map(({ text, mark }, i) => (
        // The trail's names are in menu order and never move: their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={i}>
          {i > 0 && ' / '}
          {mark ? (
            <>
              {text.slice(0, mark.start)}
              <mark style={marked}>{text.slice(mark.start, mark.end)}</mark>
              {text.slice(mark.end)}
            </>
          ) : (
            text
          )}
        </span>
      ))}
    </>
  );
}
