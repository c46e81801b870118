import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Where screenshots of every screen land (looked at before a screen is called done). */
export const SHOTS_DIR = path.join(import.meta.dirname, '..', 'screenshots');

/** Phone viewport of the issue (390×844). */
export const PHONE = { width: 390, height: 844 };
/** Desktop viewport. */
export const DESKTOP = { width: 1280, height: 800 };

/** Fails on any serious or critical WCAG 2.2 AA violation on the current screen. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** Saves a full-page screenshot as `screenshots/<name>.png`. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Checks and photographs the current screen at phone and desktop widths. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await expectAccessible(page);
    await shot(page, `${name}-${label}`);
  }
}
