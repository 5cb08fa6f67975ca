import { describeError } from '#server/lib/describe-error.ts';
import { ConfigError, loadConfig } from './config';
import { startShop } from './start';

/** Process entry: configuration errors and an unreachable database end it with one clear line. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const shop = await startShop(config, (step) => console.log(step)).catch((error: unknown) => {
    const where = config.DATABASE_URL
      ? 'the PostgreSQL server in DATABASE_URL'
      : `the database in DATA_DIR (${config.DATA_DIR})`;
    console.error(`Cannot start: ${where} is not usable: ${describeError(error)}`);
    process.exit(1);
  });
  shop.app.log.info(`Shop ready on ${config.publicUrl}`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    shop.app.log.info(`${signal} received: finishing requests in flight, then exiting`);
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    shop.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        shop.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
