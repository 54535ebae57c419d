import { cleanup } from '@testing-library/react';
import message from 'antd/es/message';
import { afterEach } from 'vitest';
import { currentLang, i18n, i18nReady, loadLanguage, loadLazyNamespaces } from '../i18n/index.ts';

// The app loads a language's texts when it is chosen, and a screen's own namespaces when it opens; the tests switch
// back and forth at once and render any screen, so all of them are in.
await Promise.all([
  i18nReady,
  loadLanguage('zh'),
  loadLanguage('en'),
  loadLazyNamespaces('zh'),
  loadLazyNamespaces('en'),
]);

// jsdom has no matchMedia; antd's responsive grid asks it which breakpoints apply.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Nor ResizeObserver, which antd's text areas and tabs use to size themselves.
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * jsdom computes a style by matching every rule of every sheet against the element, and antd injects thousands: the
 * queries by role and label ask for each candidate's ancestors, so that matching was most of a form test's time. What
 * the tests and antd read of a computed style in jsdom is whether an element is hidden (display, visibility): so a
 * style here is the element's own (inline) declarations, with `display: none` or `visibility: hidden` from the rules
 * that hide, gathered again whenever the sheets change. jsdom cannot style pseudo-elements either (antd asks for none).
 */
type Hiding = { selector: string; display: boolean };
let hidingRules: Hiding[] | undefined;
const sheetChanges = new MutationObserver(() => {
  hidingRules = undefined;
});
sheetChanges.observe(document.head, { subtree: true, childList: true, characterData: true });
function hidingRulesNow(): Hiding[] {
  if (sheetChanges.takeRecords().length > 0) hidingRules = undefined;
  if (hidingRules) return hidingRules;
  const found: Hiding[] = [];
  const collect = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        if (rule.style.display === 'none') found.push({ selector: rule.selectorText, display: true });
        else if (rule.style.visibility === 'hidden') found.push({ selector: rule.selectorText, display: false });
      } else if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
  hidingRules = found;
  return found;
}
const matchesQuietly = (element: Element, selector: string) => {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
};
window.getComputedStyle = (element: Element) => {
  const style = document.createElement('div').style;
  const own = (element as HTMLElement).style;
  if (own) style.cssText = own.cssText;
  // What an unstyled box measures: antd's text areas size themselves from these.
  for (const side of ['padding-top', 'padding-bottom', 'border-top-width', 'border-bottom-width']) {
    if (!style.getPropertyValue(side)) style.setProperty(side, '0px');
  }
  for (const rule of hidingRulesNow()) {
    if (!matchesQuietly(element, rule.selector)) continue;
    if (rule.display && !own?.display) style.display = 'none';
    if (!rule.display && !own?.visibility) style.visibility = 'hidden';
  }
  // visibility is inherited.
  if (
    !style.visibility &&
    element.parentElement &&
    window.getComputedStyle(element.parentElement).visibility === 'hidden'
  )
    style.visibility = 'hidden';
  return style;
};

// Whatever a test drew, the portals of antd's dialogs and menus too, goes before the next one draws. antd's static
// message (web/src/feedback.ts, outside the layout) draws from a React root of its own that outlives the test: its
// list stays for that root to take away, emptied; taken away under it, the root's own removal threw "The node to be
// removed is not a child of this node" into whichever test ran then.
// The language is the worker's, shared by its files: a test that switched to English and did not switch back left the
// next file's Chinese assertions reading English. Each test ends in the console's default, Chinese.
afterEach(async () => {
  cleanup();
  if (currentLang() !== 'zh') await i18n.changeLanguage('zh');
  message.destroy();
  for (const node of Array.from(document.body.children)) if (!node.matches('.ant-message')) node.remove();
});
