/**
 * Colour arithmetic for readable themes: WCAG contrast, and shades of an accent that keep text
 * readable (WCAG AA: 4.5 for text) whatever primary colour the user picks.
 */
export type Rgba = [number, number, number, number];

export const WHITE = '#ffffff';
/** WCAG AA for normal text. */
export const READABLE = 4.5;

/** `#rgb`, `#rrggbb`, `rgb(...)` or `rgba(...)`; anything else is a programming error. */
export function parseColour(css: string): Rgba {
  const hex = css.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const parts = css
    .match(/^rgba?\(([^)]*)\)$/i)?.[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (parts && parts.length >= 3 && parts.every(Number.isFinite)) return [parts[0], parts[1], parts[2], parts[3] ?? 1];
  throw new Error(`Not a colour: ${css}`);
}

export function toHex([r, g, b]: Rgba): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** The colours named in a CSS background (a plain colour, or each stop of a gradient), in order. */
export function coloursOf(background: string): string[] {
  return background.match(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b|rgba?\([^)]*\)/gi) ?? [];
}

/** `top` painted over `below` (its alpha blended away). */
function over(top: Rgba, below: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of `text` (blended over the background when translucent) on `background`. */
export function contrast(text: string, background: string): number {
  const bg = over(parseColour(background), [255, 255, 255, 1]);
  const [light, dark] = [luminance(over(parseColour(text), bg)), luminance(bg)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** `colour` moved `amount` (0 to 1) of the way to `towards`. */
export function mix(colour: string, towards: string, amount: number): string {
  const [a, b] = [parseColour(colour), parseColour(towards)];
  return toHex([0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * amount).concat(1) as Rgba);
}

function isLight(colour: string): boolean {
  return luminance(over(parseColour(colour), [255, 255, 255, 1])) > 0.18;
}

/**
 * The nearest shade of `colour` that reads on every one of `surfaces`: darker on light surfaces,
 * lighter on dark ones, in steps of 2%; the colour itself when it already reads.
 */
export function readableOn(colour: string, surfaces: string[], ratio = READABLE): string {
  const towards = surfaces.every(isLight) ? '#000000' : WHITE;
  for (let step = 0; step <= 50; step++) {
    const shade = mix(colour, towards, step / 50);
    if (surfaces.every((surface) => contrast(shade, surface) >= ratio)) return shade;
  }
  return towards;
}

/**
 * The accent as a fill under white text (a selected menu item): the accent itself, or darkened at most
 * a quarter where white needs that; undefined for an accent too light to carry white text.
 */
export function fillUnderWhite(accent: string): string | undefined {
  for (let step = 0; step <= 25; step++) {
    const fill = mix(accent, '#000000', step / 100);
    if (contrast(WHITE, fill) >= READABLE) return fill;
  }
  return undefined;
}
