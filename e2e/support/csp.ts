import type { Page } from '@playwright/test';

/**
 * Collects the Content-Security-Policy violations the browser reports on
 * `page` (an injected `<style>` or inline script). Assert the list is empty at
 * the end of a journey: the server's CSP is `style-src 'self'`.
 */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}
