import type { z } from 'zod';
import type { feedbackInputSchema } from '../../../shared/contracts/feedback';
import type { Db } from '../../db/database';
import { feedback } from '../../db/schema';

export async function saveFeedback(db: Db, input: z.output<typeof feedbackInputSchema>): Promise<string> {
  const [row] = await db.insert(feedback).values(input).returning({ id: feedback.id });
  return row!.id;
}
