import type { AuditActorType } from './entities/audit-entry.entity';

export interface AuditTarget {
  type: string;
  id: string | null;
}

/** One entry to write: who, what, on what, in which request, which fields (names only). */
export interface AuditRecord {
  actor: { type: AuditActorType; id: string | null };
  action: string;
  target: AuditTarget;
  vendorId: number | null;
  requestId: string | null;
  fields: string[];
}
