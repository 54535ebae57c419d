import type { Page } from '@playwright/test';

/**
 * Runs in the page: the WCAG contrast ratio of an element's text against what is actually behind it,
 * from computed styles. Semi-transparent text and backgrounds are blended over the layers below them
 * (up to the first opaque one, else the white canvas); a gradient counts with each of its colour stops,
 * and the worst stop is the answer. Self-contained, as Playwright sends it to the page as source text.
 */
export function contrastOf(element: Element): { ratio: number; text: string; background: string } {
  type Rgba = [number, number, number, number];
  const parse = (css: string): Rgba => {
    const parts = (css.match(/rgba?\(([^)]*)\)/)?.[1] ?? '0 0 0 0')
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [parts[0], parts[1], parts[2], parts[3] ?? 1];
  };
  const over = (top: Rgba, below: Rgba): Rgba => {
    const a = top[3];
    return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const show = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;

  // The painted layers from the element outwards, each a list of candidate colours, down to an opaque one.
  const layers: Rgba[][] = [];
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    const stops = [...style.backgroundImage.matchAll(/rgba?\([^)]*\)/g)].map((m) => parse(m[0]));
    if (style.backgroundImage.includes('gradient') && stops.length) {
      layers.push(stops);
      if (stops.every((stop) => stop[3] === 1)) break;
    }
    const colour = parse(style.backgroundColor);
    if (colour[3] > 0) {
      layers.push([colour]);
      if (colour[3] === 1) break;
    }
  }
  let backgrounds: Rgba[] = [[255, 255, 255, 1]];
  for (const layer of layers.reverse()) backgrounds = layer.flatMap((top) => backgrounds.map((bg) => over(top, bg)));

  const colour = parse(getComputedStyle(element).color);
  let worst = { ratio: Number.POSITIVE_INFINITY, text: '', background: '' };
  for (const background of backgrounds) {
    const text = over(colour, background);
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    const ratio = (light + 0.05) / (dark + 0.05);
    if (ratio < worst.ratio) worst = { ratio, text: show(text), background: show(background) };
  }
  return worst;
}

/** A text on screen and its contrast (contrastOf): which kind of text it is, and its first characters. */
export interface TextContrast {
  what: string;
  name: string;
  ratio: number;
  text: string;
  background: string;
}

/**
 * Runs in the page: contrastOf for each visible element of each [kind of text, selector]. Visible as Playwright's
 * isVisible has it: rendered, its visibility visible, and a box of some size.
 */
function contrastsOf(contrast: typeof contrastOf, targets: [string, string][]): TextContrast[] {
  return targets.flatMap(([what, selector]) =>
    Array.from(document.querySelectorAll(selector))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const shown = element.checkVisibility() && getComputedStyle(element).visibility === 'visible';
        return shown && box.width > 0 && box.height > 0;
      })
      .map((element) => ({ what, name: (element.textContent ?? '').trim().slice(0, 12), ...contrast(element) })),
  );
}

/**
 * The contrast of every visible text of each [kind of text, selector] on the page, in one call: asked element by element
 * (is it visible, its contrast, its text), the theme walk's frame of a hundred elements in eleven themes took a minute.
 */
export async function contrastsIn(page: Page, targets: [string, string][]): Promise<TextContrast[]> {
  // Playwright sends a function to the page as its source text: contrastOf goes with it the same way.
  return (await page.evaluate(`(${contrastsOf})(${contrastOf}, ${JSON.stringify(targets)})`)) as TextContrast[];
}
