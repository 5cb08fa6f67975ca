import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

describe('Pager', () => {
  it('is not shown when everything fits on one page', () => {
    const { container } = render(<Pager page={1} pages={1} onPage={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('steps through pages held in state with buttons', async () => {
    const onPage = vi.fn();
    render(<Pager page={2} pages={3} onPage={onPage} />);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('links pages that have their own address; the way past an end is disabled', () => {
    render(
      <MemoryRouter>
        <Pager page={3} pages={3} hrefFor={(page) => `/parts?q=fan&page=${page}`} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/parts?q=fan&page=2');
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('rel', 'prev');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
