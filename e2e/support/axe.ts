import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core's browser script, read once per worker. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA: the rules the console is held to (issue 20). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's experimental rules of WCAG 2.1 A and AA, which a tag alone leaves out: among them the name that
 * must contain the visible label (2.5.3), which the audit of issue 20 ran too, and td-has-header (1.3.1):
 * the label-and-value layouts (antd's Descriptions) are bordered, so each value has its label as a th.
 */
const EXPERIMENTAL = [
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'css-orientation-lock',
  'td-has-header',
];

/**
 * What axe checks when no dialog is open: the whole page, or the screen alone (the content beside the sidebar and
 * below the tags bar). The shell around a screen is the same on every screen and checked by the shell's walks and
 * the axe tour; a walk of many screens (the catalog walk) checks each screen alone.
 */
export type AxeScope = 'page' | 'screen';

/** One line per failing rule: its id, impact, and the selector of every element that fails it. */
export interface AxeProblem {
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * The page as it is now (an open dialog or drawer with its drop-downs, else the page or the screen: see AxeScope),
 * checked by axe-core against WCAG 2.1 A and AA.
 * axe runs in the page itself, put there once per document: @axe-core/playwright's builder injected it again for
 * every check and finished each one in a fresh blank page, which cost three times the check itself (about 2 s of
 * browser and 0.7 s of test-runner CPU per call, against 0.6 s). The console has no frames, so nothing is missed.
 */
export async function axeViolations(page: Page, scope: AxeScope = 'page'): Promise<AxeProblem[]> {
  const options: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: Object.fromEntries(EXPERIMENTAL.map((rule) => [rule, { enabled: true }])),
    resultTypes: ['violations'],
  };
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    ({ runOptions, scope }) => {
      // An open dialog or drawer is what the user works in: axe checks the layers above the app (antd's portals),
      // not the console behind the mask again, which its own check at rest covers; the whole page costs twice.
      const layered = Array.from(document.querySelectorAll('.ant-modal-wrap, .ant-drawer-content-wrapper')).some(
        (layer) => layer.checkVisibility(),
      );
      const context = layered
        ? { exclude: [['#root']] }
        : scope === 'screen'
          ? { include: [['.ant-layout-content']] }
          : document;
      return (window as unknown as { axe: { run: (c: unknown, o: object) => Promise<AxeResults> } }).axe.run(
        context,
        runOptions,
      );
    },
    { runOptions: options, scope },
  );
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    targets: violation.nodes.map((node) => node.target.map(String).join(' >> ')),
  }));
}

/**
 * Brings the page to rest, so that axe sees the screen's colours at rest and not half way through a fade: nothing
 * loads (spinners, skeletons), the pointer leaves the button the walk just clicked (whose hover shade is not the colour
 * it rests in), and every running animation that ends is taken to its end at once, the state it would come to rest in.
 * Waited for instead, Ant Design's click wave (its opacity fades for 2 s after every click) held each check after a
 * click for two seconds. An endless animation (a processing badge's pulse) has no end and is left as it is.
 */
export async function atRest(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  const { width, height } = page.viewportSize() ?? { width: 1440, height: 900 };
  await page.mouse.move(width - 10, height - 10);
  await page.evaluate(async () => {
    for (const animation of document.getAnimations()) {
      if (animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime)) {
        animation.finish();
      }
    }
    // Two frames: the end events are sent and handled (the wave removes itself, a closed popup leaves).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Fails unless axe finds no WCAG 2.1 A/AA violation on the page as it is now; the failure lists each rule
 * with its impact and the selectors of its elements. `context` names the screen in the message, and the
 * count per screen is recorded as an annotation of the test (`axe`), 0 when it passes.
 */
export async function expectNoAxeViolations(page: Page, context: string, scope: AxeScope = 'page') {
  const started = Date.now();
  await atRest(page);
  const problems = await axeViolations(page, scope);
  const elements = problems.reduce((sum, problem) => sum + problem.targets.length, 0);
  // The check's own cost beside its count, so the time it adds to a walk shows in the report.
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  test.info().annotations.push({ type: 'axe', description: `${context}: ${elements} (${seconds} s)` });
  const report = problems.map(
    (problem) => `${problem.rule} (${problem.impact}), ${problem.targets.length}: ${problem.targets.join(', ')}`,
  );
  expect(report, `axe violations (WCAG 2.1 A/AA) on ${context}`).toEqual([]);
}
