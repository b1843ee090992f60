import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { AuditLog } from '#folio/audit';
import { NotFoundError } from '#folio/errors';
import { ActorRepository, type UserSummary, UserService } from '#folio/identity';
import { CsrfGuard, CurrentUser, SessionGuard, ViewRenderer } from '#folio/ui';
import { auditRow } from './audit.dto.js';

/** The audit log of an account, for its owners and admins: keys, consents, publishes, templates, libraries. */
@Controller('account/audit')
@UseGuards(SessionGuard, CsrfGuard)
export class AuditController {
  constructor(
    private readonly users: UserService,
    private readonly actors: ActorRepository,
    private readonly audit: AuditLog,
    private readonly views: ViewRenderer,
  ) {}

  /** `?account=<accountKey>` picks one of the accounts the person administers (the first by default). */
  @Get()
  async show(
    @CurrentUser() user: UserSummary,
    @Res() res: Response,
    @Query('account') accountKey: unknown,
    @Query('page') page: unknown,
  ) {
    const actor = await this.actors.load(user.id);
    const administered = await this.users.administeredAccounts(actor);
    const account =
      typeof accountKey === 'string'
        ? await this.users.administeredAccount(actor, accountKey)
        : administered[0];
    if (!account) throw new NotFoundError('No such account.');
    const log = await this.audit.page(account.id, typeof page === 'string' ? Number(page) : 1);
    this.views.render(res, 'account/audit', {
      title: `Audit log · ${account.name}`,
      nav: 'audit',
      auditLink: true,
      account,
      accounts: administered,
      rows: log.events.map(auditRow),
      page: log.page,
      pageCount: log.pageCount,
      total: log.total,
    });
  }
}
