import { i18nReady, loadLanguage, loadLazyNamespaces } from '../i18n/index.ts';

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

// jsdom cannot style pseudo-elements and says so on every dialog; antd only measures the element itself.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);
