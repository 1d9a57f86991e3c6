import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Rules axe leaves off by default: target size (24 px, WCAG 2.2) and label/name mismatch. */
const EXTRA_RULES = { 'target-size': { enabled: true }, 'label-content-name-mismatch': { enabled: true } };

/**
 * axe-core's violations under each selector (all must exist; `body` when none is named): rule id,
 * the first offending elements and why, with every default rule. Evaluated through the devtools
 * protocol: the gateway's CSP forbids injected script tags.
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
    async ({ sels, rules }) => {
      type Result = {
        violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
      };
      const axe = (window as unknown as { axe: { run: (el: Element, options: object) => Promise<Result> } })
        .axe;
      const found: string[] = [];
      for (const sel of sels) {
        const root = document.querySelector(sel);
        if (!root) {
          found.push(`no element ${sel}`);
          continue;
        }
        const { violations } = await axe.run(root, { rules });
        for (const v of violations)
          for (const n of v.nodes.slice(0, 3))
            found.push(`${v.id} ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`);
      }
      return found;
    },
    { sels: selectors.length > 0 ? selectors : ['body'], rules },
  );
}
