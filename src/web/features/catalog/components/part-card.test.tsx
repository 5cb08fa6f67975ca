import { cleanup, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Part } from '#web/lib/part.ts';
import { PartCard } from './part-card';

const part: Part = {
  _id: '6f1c1c5e-3b1a-4a53-9a57-5f2f1f0c8a11',
  name: '<b>Battery</b>',
  img: '/images/parts/battery-6cell.svg',
  price: 59.99,
  priceCents: 5999,
  minimumQuantity: 2,
  availableQuantity: 140,
  description: 'Long-lasting <script>alert(1)</script>',
  category: 'other-parts',
  partNumbers: ['01AV427'],
  condition: 'new',
  warrantyMonths: 12,
  rating: { average: null, count: 0 },
};

const renderCard = (overrides: Partial<Part> = {}) =>
  render(
    <MemoryRouter>
      <PartCard part={{ ...part, ...overrides }} />
    </MemoryRouter>,
  );

describe('PartCard', () => {
  it('shows the price with a dollar sign, the quantities and a Purchase Now link', () => {
    renderCard();
    expect(screen.getByText('$59.99')).toBeInTheDocument();
    expect(screen.getByText('Minimum Quantity').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Available Quantity').nextSibling).toHaveTextContent('140');
    expect(screen.getByRole('link', { name: /Purchase Now/ })).toHaveAttribute(
      'href',
      `/purchase/${part._id}`,
    );
    expect(screen.getByRole('img')).toHaveAttribute('height', '250');
  });

  it('links its name to the part’s own page, at the heading level asked for', () => {
    renderCard();
    expect(screen.getByRole('heading', { level: 3 })).toContainElement(
      screen.getByRole('link', { name: '<b>Battery</b>' }),
    );
    expect(screen.getByRole('link', { name: '<b>Battery</b>' })).toHaveAttribute(
      'href',
      `/parts/${part._id}`,
    );
    render(
      <MemoryRouter>
        <PartCard part={{ ...part, name: 'Fan' }} headingLevel={2} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Fan' })).toBeInTheDocument();
  });

  it('renders names and descriptions as text, not markup', () => {
    const { container } = renderCard();
    expect(screen.getByRole('heading', { name: '<b>Battery</b>' })).toBeInTheDocument();
    expect(screen.getByText('Long-lasting <script>alert(1)</script>')).toBeInTheDocument();
    expect(container.querySelector('script, b')).toBeNull();
  });

  it('shows an uploaded picture in its card size, and other pictures as they are', () => {
    const uploaded = '/images/uploads/0b9d7a52-6c1e-4f7a-9a53-2f6f8c1d2e3a';
    renderCard({ img: `${uploaded}/product.webp` });
    expect(screen.getByRole('img')).toHaveAttribute('src', `${uploaded}/card.webp`);
    cleanup();
    renderCard();
    expect(screen.getByRole('img')).toHaveAttribute('src', part.img);
  });

  it('offers no purchase when less than the minimum is available', () => {
    renderCard({ availableQuantity: 1 });
    expect(screen.queryByRole('link', { name: /Purchase Now/ })).toBeNull();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
  });

  it('offers no purchase to an admin, who does not buy', () => {
    render(
      <MemoryRouter>
        <PartCard part={part} buys={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: /Purchase Now/ })).toBeNull();
    expect(screen.getByRole('link', { name: part.name })).toBeInTheDocument();
  });
});
