import { usePreferences } from '../stores/preferences.ts';
import { THEMES } from './themes.ts';

/**
 * The focus ring inside the coloured bars of a theme. Ant Design draws it in `colorPrimaryBorder`, which
 * the theme shades to 3:1 on cards and pages (WCAG 1.4.11), but a header or sidebar in the accent's own
 * hue (炫彩, Hey, LTE, iView, 酷炫) would swallow it: there it takes the bar's text colour, which reads
 * at 4.5 on the bar. Popups drawn from the bars live elsewhere in the page and keep the card's ring.
 */
export function FocusRings() {
  const look = THEMES[usePreferences((s) => s.theme)];
  const rules = [`.ant-layout-header :focus-visible { outline-color: ${look.headerText} !important; }`];
  if (look.siderDark) {
    rules.push(
      `.ant-layout-sider :focus-visible { outline-color: ${look.siderText ?? 'rgba(255,255,255,0.65)'} !important; }`,
    );
  }
  return <style>{rules.join('\n')}</style>;
}
