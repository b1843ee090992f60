import { Module } from '@nestjs/common';
import { AuditEventRepository } from './audit-event.repository.js';
import { AuditLog } from './audit-log.service.js';

/** The audit log: writing events in the caller's transaction, and reading an account's. Needs DbModule in the app. */
@Module({
  providers: [AuditEventRepository, AuditLog],
  exports: [AuditLog],
})
export class AuditModule {}
