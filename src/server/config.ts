import { z } from 'zod';

/** The only place that reads process.env: every setting is parsed and checked here at start-up. */

const port = z.coerce
  .number({ error: 'a whole number from 0 to 65535' })
  .int()
  .min(0)
  .max(65535, { error: 'a whole number from 0 to 65535' });
const url = (protocols: string[], description: string) =>
  z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`), error: description });
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'a comma-separated list of email addresses' })));
const positiveInt = z.coerce
  .number({ error: 'a whole number above 0' })
  .int()
  .positive({ error: 'a whole number above 0' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql'], 'a postgres or postgresql URL').optional(),
  PUBLIC_URL: url(['http', 'https'], 'an http or https URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  ADMIN_EMAILS: emailList.default([]),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  FEEDBACK_LIMIT_PER_HOUR: positiveInt.default(10),
});

export type Config = z.output<typeof envSchema> & { publicUrl: string };

export class ConfigError extends Error {}

/** Parses the environment; a bad setting throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = present[name];
    throw new ConfigError(
      `Invalid setting ${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const config = result.data;
  return { ...config, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` };
}
