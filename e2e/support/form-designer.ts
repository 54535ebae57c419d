import type { Locator, Page } from '@playwright/test';

/**
 * The form designer (web/src/components/form-designer) driven with the mouse as a person drives it: dnd-kit takes
 * pointer moves, so a kind is carried from the palette onto the canvas in steps (Playwright's `dragTo` alone is not
 * seen as a drag).
 */

/** The centre of an element. */
export async function centreOf(element: Locator): Promise<{ x: number; y: number }> {
  const box = await element.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A drag with the mouse as a person makes it: pressed on the element, moved a little (the designer starts a drag after
 * 5 px, so a click still picks), carried to the point in steps, let go.
 */
export async function dragTo(page: Page, element: Locator, to: { x: number; y: number }) {
  const from = await centreOf(element);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + 6, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.move(to.x, to.y + 2, { steps: 2 });
  await page.mouse.up();
}

/** Drags a palette kind (its button) to the end of the canvas: below the fields already there. */
export async function dropAtEnd(page: Page, kind: Locator, canvas: Locator) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await dragTo(page, kind, { x: box.x + box.width / 2, y: box.y + box.height - 24 });
}

/** The field names on the canvas, in order. */
export const canvasOrder = (canvas: Locator) =>
  canvas.locator('[data-field]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-field')));
