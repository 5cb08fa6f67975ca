import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });

/** Stripe's `metadata[key]=value` form fields as an object. */
const formMetadata = (form: URLSearchParams) =>
  Object.fromEntries(
    [...form.entries()]
      .filter(([key]) => key.startsWith('metadata['))
      .map(([key, value]) => [key.slice(9, -1), value]),
  );

/** The `error` of a Stripe error answer. */
export interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  decline_code?: string;
}

/** What Stripe answers (with a 5xx) when it is having trouble. */
const OUTAGE: StripeErrorBody = {
  type: 'api_error',
  message: 'An unknown error occurred. Please try again later.',
};

const missing = (kind: string, id: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` },
});

/** The statuses from which Stripe lets a card PaymentIntent be cancelled (a processing card payment cannot be). */
const CANCELLABLE = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
]);

/**
 * A local stand-in for the part of Stripe's HTTP API the shop uses (form-encoded requests, JSON answers,
 * bearer keys, idempotency keys, Stripe's error shape), so the real stripe SDK adapter runs unchanged.
 */
export async function startFakeStripe(secretKey: string) {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const refunds: {
    id: string;
    amount: number;
    payment_intent: string;
    status: string;
    metadata: Record<string, string>;
  }[] = [];
  const refundsByIdempotencyKey = new Map<string, (typeof refunds)[number]>();
  const requests: {
    method: string;
    path: string;
    form: URLSearchParams;
    idempotencyKey: string | undefined;
  }[] = [];

  /** While set, every request gets this answer instead (see `fail`). */
  let failure: { status: number; error: StripeErrorBody } | null = null;
  /** Set by `holdNextRefundAnswer`: the next refund is made, its answer kept back until this is called. */
  let holdRefundAnswer: ((answer: () => void) => void) | null = null;

  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await read(request));
    const path = (request.url ?? '').split('?')[0]!;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path, form, idempotencyKey });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(JSON.stringify(body));
    };
    if (failure) return send(failure.status, { error: failure.error });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(200, known);
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: formMetadata(form),
        livemode: false,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
      return send(200, intent);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (request.method === 'POST' && cancel) {
      const intent = intents.get(cancel[1]!);
      if (!intent) return send(404, missing('payment_intent', cancel[1]!));
      if (!CANCELLABLE.has(intent.status)) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            payment_intent: intent,
          },
        });
      }
      intent.status = 'canceled';
      return send(200, intent);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const known = idempotencyKey ? refundsByIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(200, known);
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return send(404, missing('payment_intent', form.get('payment_intent') ?? ''));
      if (intent.status !== 'succeeded') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_not_refundable',
            message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          },
        });
      }
      const amount = Number(form.get('amount') ?? intent.amount);
      const refunded = refunds
        .filter((refund) => refund.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      if (amount + refunded > intent.amount) {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`,
          },
        });
      }
      const refund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund' as const,
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: formMetadata(form),
      };
      refunds.push(refund);
      if (idempotencyKey) refundsByIdempotencyKey.set(idempotencyKey, refund);
      if (holdRefundAnswer) {
        holdRefundAnswer(() => send(200, refund));
        holdRefundAnswer = null;
        return;
      }
      return send(200, refund);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const intent = intents.get(match[1]!);
      if (!intent) return send(404, missing('payment_intent', match[1]!));
      return send(200, intent);
    }
    return send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${path})`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    /** What happens at Stripe when the customer's card is charged. */
    setStatus(id: string, status: string) {
      intents.get(id)!.status = status;
    },
    /**
     * From now on every request (retries too) is answered `status` with Stripe's error shape, as during
     * an outage (503, the default) or when Stripe refuses everything (e.g. 400, 401), until `recover()`.
     */
    fail(status = 503, error: StripeErrorBody = OUTAGE) {
      failure = { status, error };
    },
    recover() {
      failure = null;
    },
    /**
     * The next refund is made at Stripe but its answer does not come back (as to an instance that stops
     * while it waits for it) until the returned function is called. Asked again with its key meanwhile,
     * Stripe answers with the refund it made.
     */
    holdNextRefundAnswer() {
      let answer: (() => void) | null = null;
      let made = () => {};
      const madeAlready = new Promise<void>((resolve) => {
        made = resolve;
      });
      holdRefundAnswer = (send) => {
        answer = send;
        made();
      };
      return {
        /** Resolves once Stripe has made the refund (and kept its answer). */
        made: madeAlready,
        answer: () => answer?.(),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
