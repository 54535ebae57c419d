import { describe, expect, it } from 'vitest';
import { repairScrollRegions } from './scrollRegions.ts';

/** A table's scroll box as Ant Design draws it, `wide()` px of content in 500 px, its rows holding `cell`. */
function table(wide: () => number, cell = '<td>2026-11-30</td>'): { root: HTMLElement; box: HTMLElement } {
  const root = document.createElement('div');
  root.innerHTML = `<div class="ant-table-container"><div class="ant-table-content">
    <table><tbody><tr>${cell}</tr></tbody></table></div></div>`;
  const box = root.querySelector('.ant-table-content') as HTMLElement;
  // jsdom lays nothing out: the widths a browser would measure.
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: 500 });
  Object.defineProperty(box, 'scrollWidth', { configurable: true, get: wide });
  return { root, box };
}

describe('repairScrollRegions', () => {
  it('puts a read-only table that scrolls in the Tab order, and takes it out once it fits', () => {
    let wide = 900;
    const { root, box } = table(() => wide);
    repairScrollRegions(root);
    expect(box.getAttribute('tabindex')).toBe('0');
    repairScrollRegions(root);
    expect(box.getAttribute('tabindex')).toBe('0');
    wide = 500;
    repairScrollRegions(root);
    expect(box.hasAttribute('tabindex')).toBe(false);
  });

  it('leaves a table that fits, or whose rows the keyboard reaches already, as it is', () => {
    const fits = table(() => 400);
    repairScrollRegions(fits.root);
    expect(fits.box.hasAttribute('tabindex')).toBe(false);
    const withButtons = table(() => 900, '<td><button type="button">查看</button></td>');
    repairScrollRegions(withButtons.root);
    expect(withButtons.box.hasAttribute('tabindex')).toBe(false);
  });

  it('never takes away a tab stop it did not give', () => {
    const { root, box } = table(() => 400);
    box.setAttribute('tabindex', '0');
    repairScrollRegions(root);
    expect(box.getAttribute('tabindex')).toBe('0');
  });
});
