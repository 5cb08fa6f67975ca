import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../shared/contracts/admin';
import { apiFetch } from '../../../lib/api-client';

export const auditLogQueryKey = ['audit-log'] as const;

export const auditLogQueryOptions = () =>
  queryOptions({
    queryKey: auditLogQueryKey,
    queryFn: ({ signal }) => apiFetch<AuditEntry[]>('/api/audit-log', { signal }),
  });

export const useAuditLog = () => useQuery(auditLogQueryOptions());
