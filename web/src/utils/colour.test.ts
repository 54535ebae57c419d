import { describe, expect, it } from 'vitest';
import { coloursOf, contrast, fillUnderWhite, mix, parseColour, readableOn, WHITE } from './colour.ts';

describe('colours', () => {
  it('reads hex and rgb(a) colours, and refuses anything else', () => {
    expect(parseColour('#1677ff')).toEqual([22, 119, 255, 1]);
    expect(parseColour('#fff')).toEqual([255, 255, 255, 1]);
    expect(parseColour('rgba(0, 0, 0, 0.88)')).toEqual([0, 0, 0, 0.88]);
    expect(parseColour('rgb(1 2 3)')).toEqual([1, 2, 3, 1]);
    expect(() => parseColour('blue')).toThrow('Not a colour: blue');
  });

  it('finds the colours of a plain background and of each stop of a gradient', () => {
    expect(coloursOf('#001529')).toEqual(['#001529']);
    expect(coloursOf('linear-gradient(90deg, #c2185b 0%, rgba(1,2,3,0.5) 50%, #5e35b1 100%)')).toEqual([
      '#c2185b',
      'rgba(1,2,3,0.5)',
      '#5e35b1',
    ]);
  });

  it('computes the WCAG contrast ratio, blending translucent text over its background', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('rgba(0,0,0,0)', '#777777')).toBeCloseTo(1, 5);
    expect(contrast('rgba(255,255,255,0.65)', '#001529')).toBeCloseTo(contrast('#a7adb4', '#001529'), 1);
  });

  it('mixes two colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#1677ff', '#1677ff', 0.3)).toBe('#1677ff');
  });

  it('shades an accent until it reads: darker on light surfaces, lighter on dark ones', () => {
    expect(readableOn('#1f1f1f', [WHITE])).toBe('#1f1f1f');
    const onWhite = readableOn('#1677ff', [WHITE]);
    expect(contrast(onWhite, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(mix(onWhite, '#ffffff', 0.05), WHITE)).toBeLessThan(4.5);
    const onDark = readableOn('#1668dc', ['#141414']);
    expect(contrast(onDark, '#141414')).toBeGreaterThanOrEqual(4.5);
    expect(onDark > '#1668dc').toBe(true);
    const both = readableOn('#d4a017', ['#4a3d1a', '#1c1c1c']);
    expect(Math.min(contrast(both, '#4a3d1a'), contrast(both, '#1c1c1c'))).toBeGreaterThanOrEqual(4.5);
  });

  it('fills with the accent under white text, darkened up to a quarter, or not at all for light accents', () => {
    expect(fillUnderWhite('#722ed1')).toBe('#722ed1');
    const blue = fillUnderWhite('#1677ff') as string;
    expect(blue).not.toBe('#1677ff');
    expect(contrast(WHITE, blue)).toBeGreaterThanOrEqual(4.5);
    expect(fillUnderWhite('#d4a017')).toBeUndefined();
    expect(fillUnderWhite('#13c2c2')).toBeUndefined();
  });
});
