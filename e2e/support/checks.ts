import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** Where screenshots of every screen land (looked at before a screen is called done). */
export const SHOTS_DIR = path.join(import.meta.dirname, '..', 'screenshots');

/** Phone viewport of the issue (390×844). */
export const PHONE = { width: 390, height: 844 };
/** Desktop viewport. */
export const DESKTOP = { width: 1280, height: 800 };

/** axe-core's engine, evaluated in a page once (until it navigates) rather than at every check. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on the page's document. `@axe-core/playwright` evaluated the 540 KB engine twice at every
 * check (into the page, then into each frame); here it goes in once per loaded document: one journey's 20
 * checks took 22.8 s with the builder and 9.4 s this way (indicadores.spec.ts, quiet machine), the same engine
 * and tags. Frames are not entered (`iframes: false`): the app has none but Stripe's card field, which is
 * Stripe's to keep accessible and which the builder's legacy mode left out too.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, iframes: false },
      ),
    AXE_TAGS,
  );
}

/**
 * Fails on any serious or critical WCAG 2.2 AA violation on the current
 * screen. Waits first for running CSS transitions and animations (a dialog
 * fading out, a drawer sliding; at most 5 s): axe measures the colours of
 * what is on screen, and a half-faded element has the contrast of neither state.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // The pointer off every control: axe then measures each at rest, not whichever the last click left hovered.
  await page.mouse.move(0, 0);
  // Two frames first: a transition that a viewport change or a closing drawer starts begins at the next frame.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // Endless ones (a spinner) never finish and do not fade anything.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' ||
            a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await runAxe(page);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** Saves a screenshot as `screenshots/<name>.png`: the full page, or with `fullPage: false` the viewport. */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });
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

/**
 * {@link checkScreen} for a screen that scrolls under a sticky footer, such
 * as a chat: a full-page shot would draw the footer in the middle of the
 * page, over the messages, so each shot is the viewport scrolled to the end,
 * what a person sees (the newest messages and the composer).
 */
export async function checkScrollingScreen(page: Page, name: string): Promise<void> {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectAccessible(page);
    await shot(page, `${name}-${label}`, { fullPage: false });
  }
}
