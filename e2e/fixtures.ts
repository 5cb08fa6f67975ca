import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '@playwright/test';

/** Every page fails its test on a script error or an unexpected console error. */
export const test = base.extend<{ allowedConsoleErrors: RegExp[] }>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text)))
        problems.push(`console error: ${text}`);
    });
    await use(page);
    expect(problems, 'errors in the browser').toEqual([]);
  },
});

export { expect };

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: import('@playwright/test').Page): Promise<void> {
  // Colours are judged at rest: a button caught mid-transition (daisyUI animates them) reads as low contrast.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(severe).toEqual([]);
}
