import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** WCAG 2.1 A and AA: the rules the console is held to (issue 20). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's experimental rules of WCAG 2.1 A and AA, which a tag alone leaves out: among them the name that
 * must contain the visible label (2.5.3), which the audit of issue 20 ran too. Not td-has-header: it
 * takes Ant Design's borderless Descriptions, a layout table with each label beside its value in one
 * cell, for a data table (issue 20 lists it as a finding of its own).
 */
const EXPERIMENTAL = ['label-content-name-mismatch', 'p-as-heading', 'table-fake-caption', 'css-orientation-lock'];

/** One line per failing rule: its id, impact, and the selector of every element that fails it. */
export interface AxeProblem {
  rule: string;
  impact: string;
  targets: string[];
}

/** The page as it is now (open dialogs and drop-downs included), checked by axe-core against WCAG 2.1 A and AA. */
export async function axeViolations(page: Page): Promise<AxeProblem[]> {
  const rules = Object.fromEntries(EXPERIMENTAL.map((rule) => [rule, { enabled: true }]));
  // The options first: withTags adds its selection to them.
  const results = await new AxeBuilder({ page }).options({ rules }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    targets: violation.nodes.map((node) => node.target.map(String).join(' >> ')),
  }));
}

/**
 * Fails unless axe finds no WCAG 2.1 A/AA violation on the page as it is now; the failure lists each rule
 * with its impact and the selectors of its elements. `context` names the screen in the message, and the
 * count per screen is recorded as an annotation of the test (`axe`), 0 when it passes.
 */
export async function expectNoAxeViolations(page: Page, context: string) {
  const problems = await axeViolations(page);
  const elements = problems.reduce((sum, problem) => sum + problem.targets.length, 0);
  test.info().annotations.push({ type: 'axe', description: `${context}: ${elements}` });
  const report = problems.map(
    (problem) => `${problem.rule} (${problem.impact}), ${problem.targets.length}: ${problem.targets.join(', ')}`,
  );
  expect(report, `axe violations (WCAG 2.1 A/AA) on ${context}`).toEqual([]);
}
