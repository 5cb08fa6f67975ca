import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '#shared/contracts/admin.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export const auditLogQueryKey = ['audit-log'] as const;

export const auditLogQueryOptions = () =>
  queryOptions({
    queryKey: auditLogQueryKey,
    queryFn: ({ signal }) => apiFetch<AuditEntry[]>('/api/audit-log', { signal }),
  });

export const useAuditLog = () => useQuery(auditLogQueryOptions());
