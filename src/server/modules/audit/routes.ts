import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { auditEntrySchema } from '#shared/contracts/admin.ts';
import { toAuditEntry } from './audit-shape';
import { listAudit } from './service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    { schema: { response: { 200: z.array(auditEntrySchema) } }, onRequest: requireAdmin(app) },
    async () => (await listAudit(app.db)).map(toAuditEntry),
  );
};
