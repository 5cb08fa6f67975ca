import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { PageText } from './page-text';

describe('a page’s text', () => {
  it('draws paragraphs and lists, and markup as the characters typed', () => {
    const { container } = render(
      <PageText
        text={'Hello <b>there</b>\nsecond line\n\nWhat we keep:\n- <script>alert(1)</script>\n- your name'}
      />,
    );
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText(/Hello <b>there<\/b>/).textContent).toBe('Hello <b>there</b>\nsecond line');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '<script>alert(1)</script>',
      'your name',
    ]);
  });
});
