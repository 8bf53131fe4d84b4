import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe-core into the page. Evaluated through the browser's debugging protocol, which the
 * page's Content-Security-Policy does not govern, so the page is tested with its policy in force
 * (an injected <script> would need the policy bypassed).
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
}
