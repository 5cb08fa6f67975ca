import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Later } from './later';

describe('Later', () => {
  // One file, in order: the first screen is painted once per page load, as in the app.
  it('while the app opens, holds the place and draws the section in a task of its own', async () => {
    const { container } = render(
      <Later placeholderClassName="min-h-[420px]">
        <p>Below the first screen</p>
      </Later>,
    );
    expect(screen.queryByText('Below the first screen')).toBeNull();
    expect(container.querySelector('.min-h-\\[420px\\]')).not.toBeNull();
    expect(await screen.findByText('Below the first screen')).toBeInTheDocument();
    expect(container.querySelector('.min-h-\\[420px\\]')).toBeNull();
  });

  it('once the first screen is painted, draws at once (pages opened later come whole)', () => {
    render(
      <Later placeholderClassName="min-h-[420px]">
        <p>On a later page</p>
      </Later>,
    );
    expect(screen.getByText('On a later page')).toBeInTheDocument();
  });
});
