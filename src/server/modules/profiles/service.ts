import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { laptopModels, profiles } from '#server/db/schema.ts';
import { invalid } from '#server/lib/domain-errors.ts';
import type { Profile, profileUpdateSchema } from '#shared/contracts/profile.ts';
import type { SessionUser } from '#shared/contracts/session.ts';

/** The saved profile, or one prefilled from the account when none was saved yet. */
export async function getProfile(db: Db, user: SessionUser): Promise<Profile> {
  const [row] = await db
    .select({
      name: profiles.name,
      address: profiles.address,
      location: profiles.location,
      phone: profiles.phone,
      laptopSlug: laptopModels.slug,
      laptopName: laptopModels.name,
    })
    .from(profiles)
    .leftJoin(laptopModels, eq(laptopModels.id, profiles.laptopModelId))
    .where(eq(profiles.userId, user.id));
  return {
    email: user.email,
    name: row?.name ?? user.name,
    address: row?.address ?? '',
    location: row?.location ?? '',
    phone: row?.phone ?? '',
    laptop: row?.laptopSlug && row.laptopName ? { slug: row.laptopSlug, name: row.laptopName } : null,
  };
}

/** The id of the model a profile names (null clears it); 400 naming the field when there is none. */
async function laptopIdOf(db: Db, slug: string | null): Promise<string | null> {
  if (slug === null) return null;
  const [model] = await db
    .select({ id: laptopModels.id })
    .from(laptopModels)
    .where(eq(laptopModels.slug, slug));
  if (!model)
    throw invalid(`There is no laptop model "${slug}".`, {
      laptop: 'Choose one of the shop’s laptop models',
    });
  return model.id;
}

/** Saves the fields sent; those left out keep what was saved (or the account's name). */
export async function saveProfile(
  db: Db,
  user: SessionUser,
  { laptop, ...fields }: z.output<typeof profileUpdateSchema>,
): Promise<Profile> {
  const current = await getProfile(db, user);
  const values = {
    name: fields.name ?? current.name,
    address: fields.address ?? current.address,
    location: fields.location ?? current.location,
    phone: fields.phone ?? current.phone,
    ...(laptop !== undefined && { laptopModelId: await laptopIdOf(db, laptop) }),
  };
  await db
    .insert(profiles)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values });
  return getProfile(db, user);
}
