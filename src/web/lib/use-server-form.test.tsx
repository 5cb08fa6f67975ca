import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignupForm } from '#web/features/auth/components/signup-form.tsx';
import { SandboxCardForm } from '#web/features/payments/components/sandbox-card-form.tsx';

/** The shop's answer to every POST (the network edge): a refusal with its message. */
let refusal: { status: number; code: string; message: string };

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).startsWith('/api/public-config')) return Response.json({ google: false });
    return Response.json(
      { error: { code: refusal.code, message: refusal.message } },
      { status: refusal.status },
    );
  });
});
afterEach(() => vi.restoreAllMocks());

function show(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a new attempt clears what the server said about the last one', () => {
  it('sign-up: "already exists" goes when the next attempt stops at a field', async () => {
    refusal = {
      status: 422,
      code: 'USER_ALREADY_EXISTS',
      message: 'An account with this email already exists. Log in instead.',
    };
    show(<SignupForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Signup');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'violet tractor morning');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'sam@');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Provide a valid email')).toBeInTheDocument();
    expect(screen.queryByText(refusal.message)).not.toBeInTheDocument();
  });

  it('payment: a decline goes when the next card stops at a field', async () => {
    refusal = { status: 402, code: 'card_declined', message: 'Your card was declined.' };
    const onAttempt = vi.fn();
    show(
      <SandboxCardForm
        clientSecret="pi_1_secret_2"
        publishableKey={null}
        amountLabel="$29.99"
        buyer={{ name: 'Bea Buyer', email: 'bea@example.com' }}
        disabled={false}
        onAttempt={onAttempt}
        onPaid={async () => {}}
      />,
    );
    await userEvent.type(screen.getByLabelText('Card number'), '4000 0000 0000 0002');
    await userEvent.type(screen.getByLabelText('Expiry'), '1240');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $29.99' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('CVC'));
    await userEvent.click(screen.getByRole('button', { name: 'Pay $29.99' }));
    expect(await screen.findByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
    // The page's own message about the last attempt goes too.
    expect(onAttempt).toHaveBeenCalledTimes(2);
  });
});
