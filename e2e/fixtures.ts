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

/**
 * axe-core on the current page: no serious or critical violation. Its experimental check that every
 * control's accessible name contains its visible label (WCAG 2.5.3) is off by default; it is on here.
 */
export async function expectAccessible(page: import('@playwright/test').Page): Promise<void> {
  // Colours are judged at rest: a button caught mid-transition (daisyUI animates them) reads as low contrast.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(severe).toEqual([]);
}

/**
 * Nothing on the page reaches past the viewport's sides: no sideways scrolling, and every visible
 * control (links, buttons, fields, summaries) within the screen's width.
 */
export async function expectFitsWidth(page: import('@playwright/test').Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const element of document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (element.closest('.sr-only')) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        found.push(
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" spans ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
    }
    return found;
  });
  expect(problems).toEqual([]);
}
