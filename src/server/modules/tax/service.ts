import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { taxRates } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { notFound } from '#server/lib/domain-errors.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import type { TaxRate, taxRateInputSchema } from '#shared/contracts/tax-rate.ts';
import { ratePercent } from '#shared/pricing.ts';

const columns = {
  id: taxRates.id,
  country: taxRates.country,
  region: taxRates.region,
  rateMilli: taxRates.rateMilli,
  appliesToShipping: taxRates.appliesToShipping,
};

const shape = ({ rateMilli, ...row }: { rateMilli: number } & Omit<TaxRate, 'rate'>): TaxRate => ({
  ...row,
  rate: ratePercent(rateMilli),
});

/** Every rate, by country, the whole country's before its regions'. */
export async function listTaxRates(db: Db): Promise<TaxRate[]> {
  const rows = await db.select(columns).from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region));
  return rows.map(shape);
}

/**
 * Sets the rate of a country or region: the one rate there is replaced (an upsert on the unique
 * (country, region) index, so two admins at once leave one rate), audited. `created` says whether the
 * place had no rate before.
 */
export async function setTaxRate(
  db: Db,
  admin: Pick<SessionUser, 'id' | 'email'>,
  input: z.output<typeof taxRateInputSchema>,
): Promise<{ rate: TaxRate; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxRates)
      .values(input)
      .onConflictDoUpdate({
        target: [taxRates.country, taxRates.region],
        set: {
          rateMilli: input.rateMilli,
          appliesToShipping: input.appliesToShipping,
          updatedAt: sql`now()`,
        },
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ ...columns, created: sql<boolean>`(xmax = 0)` });
    const { created, ...rate } = row!;
    await recordAudit(tx, admin, 'tax.set', `${input.country}${input.region ? `-${input.region}` : ''}`, {
      rateMilli: input.rateMilli,
      appliesToShipping: input.appliesToShipping,
      created,
    });
    return { rate: shape(rate), created: Boolean(created) };
  });
}

/** Removes a rate; 404 for an unknown one. */
export async function deleteTaxRate(
  db: Db,
  admin: Pick<SessionUser, 'id' | 'email'>,
  id: string,
): Promise<void> {
  recordId(id, 'Tax rate');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(taxRates)
      .where(eq(taxRates.id, id))
      .returning({ country: taxRates.country, region: taxRates.region, rateMilli: taxRates.rateMilli });
    if (!row) throw notFound('Tax rate');
    await recordAudit(tx, admin, 'tax.delete', `${row.country}${row.region ? `-${row.region}` : ''}`, {
      rateMilli: row.rateMilli,
    });
  });
}

/**
 * The tax rate for an address: its region's rate when the region has one, else its country's (the
 * rate with region ''), else null (no tax). Country and region are codes, as addresses keep them.
 */
export async function taxRateFor(
  db: Db,
  { country, region }: { country: string; region: string },
): Promise<{ rateMilli: number; appliesToShipping: boolean } | null> {
  const [row] = await prepared(db, 'tax_rate_for', (on, name) =>
    on
      .select({ rateMilli: taxRates.rateMilli, appliesToShipping: taxRates.appliesToShipping })
      .from(taxRates)
      .where(
        and(
          eq(taxRates.country, sql.placeholder('country')),
          or(eq(taxRates.region, sql.placeholder('region')), eq(taxRates.region, '')),
        ),
      )
      // A region's code sorts after '': it wins.
      .orderBy(desc(taxRates.region))
      .limit(1)
      .prepare(name),
  ).execute({ country, region });
  return row ?? null;
}
