import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Profile, profileInputSchema } from '../../../shared/contracts/profile';
import type { SessionUser } from '../../../shared/contracts/session';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema';

/** The saved profile, or one prefilled from the account when none was saved yet. */
export async function getProfile(db: Db, user: SessionUser): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  return {
    email: user.email,
    name: row?.name ?? user.name,
    address: row?.address ?? '',
    location: row?.location ?? '',
    phone: row?.phone ?? '',
  };
}

export async function saveProfile(
  db: Db,
  user: SessionUser,
  input: z.output<typeof profileInputSchema>,
): Promise<Profile> {
  await db
    .insert(profiles)
    .values({ userId: user.id, ...input })
    .onConflictDoUpdate({ target: profiles.userId, set: input });
  return { email: user.email, ...input };
}
