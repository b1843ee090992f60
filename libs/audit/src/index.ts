export {
  AuditLog,
  auditPageSize,
  type AuditAction,
  type AuditData,
  type AuditEntry,
  type AuditEvent,
  type AuditPage,
  type AuditTargetType,
} from './audit-log.service.js';
export { type AuditWriter } from './audit-event.repository.js';
export { AuditModule } from './audit.module.js';
