import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.ts';
import { errorBody } from './errors';

const SAMPLE_MS = 500;

/**
 * When the event loop falls behind (more work than this process can do), answer 503 with Retry-After
 * at once instead of letting every request's latency grow without bound. Our own few lines rather than
 * @fastify/under-pressure, which reads an interval without samples as an infinite delay and so sheds
 * load after any short stall (seen under CPU contention in tests).
 */
export function registerOverloadProtection(
  app: FastifyInstance,
  config: Pick<Config, 'MAX_EVENT_LOOP_DELAY_MS'>,
): void {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let delayMs = 0;
  const timer = setInterval(() => {
    const mean = histogram.mean / 1e6;
    if (!Number.isNaN(mean)) delayMs = mean;
    histogram.reset();
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    histogram.disable();
  });

  app.decorate('eventLoopDelayMs', () => delayMs);
  // Callback style (no promise per request): this runs before every request.
  app.addHook('onRequest', (_request, reply, done) => {
    if (delayMs <= config.MAX_EVENT_LOOP_DELAY_MS) return done();
    reply
      .code(503)
      .header('retry-after', '5')
      .send(errorBody('overloaded', 'The shop is very busy right now. Please try again in a few seconds.'));
  });
}
