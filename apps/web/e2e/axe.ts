import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Rules axe leaves off by default: target size (24 px, WCAG 2.2) and label/name mismatch. */
const EXTRA_RULES = { 'target-size': { enabled: true }, 'label-content-name-mismatch': { enabled: true } };

/** Elements reported with why they fail, per rule; the rest of a rule's elements are named only. */
const DETAILED = 10;

/**
 * axe-core's violations under each selector (all must exist; `body` when none is named), with every
 * default rule, best practices included. `body` checks the whole document: axe runs its page-level
 * rules (one h1, one main landmark, a way to bypass blocks) only when given the document itself.
 * Per violated rule a line with how many elements break it, then a line for each of the first 10
 * (target and why) and one naming every further target, so a failure says its size.
 * Evaluated through the devtools protocol: the gateway's CSP forbids injected script tags.
 */
export function axeViolations(page: Page, ...selectors: string[]): Promise<string[]> {
  return run(page, selectors, {});
}

/** The same with the rules axe leaves off by default (the orders screen is held to them). */
export function axeViolationsStrict(page: Page, ...selectors: string[]): Promise<string[]> {
  return run(page, selectors, EXTRA_RULES);
}

async function run(page: Page, selectors: string[], rules: object): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(
    async ({ sels, rules, detailed }) => {
      type Result = {
        violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
      };
      const axe = (
        window as unknown as { axe: { run: (el: Element | Document, options: object) => Promise<Result> } }
      ).axe;
      const found: string[] = [];
      for (const sel of sels) {
        const root = sel === 'body' ? document : document.querySelector(sel);
        if (!root) {
          found.push(`no element ${sel}`);
          continue;
        }
        const { violations } = await axe.run(root, { rules });
        for (const v of violations) {
          const count = v.nodes.length;
          found.push(`${v.id}: ${count} element${count === 1 ? '' : 's'}`);
          for (const n of v.nodes.slice(0, detailed))
            found.push(`${v.id} ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`);
          const rest = v.nodes.slice(detailed).map((n) => n.target.join(' '));
          if (rest.length > 0) found.push(`${v.id} ${rest.length} more: ${rest.join(', ')}`);
        }
      }
      return found;
    },
    { sels: selectors.length > 0 ? selectors : ['body'], rules, detailed: DETAILED },
  );
}
