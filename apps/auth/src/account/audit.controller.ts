import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { type Actor } from '#folio/identity';
import { CsrfGuard, CurrentActor, SessionGuard, ViewRenderer } from '#folio/page-kit';
import { AccountPages } from './account-pages.service.js';
import { auditRow } from './audit.dto.js';

/** The audit log of an account, for its owners and admins: keys, consents, publishes, templates, libraries. */
@Controller('account/audit')
@UseGuards(SessionGuard, CsrfGuard)
export class AuditController {
  constructor(
    private readonly pages: AccountPages,
    private readonly views: ViewRenderer,
  ) {}

  /** `?account=<accountKey>` picks one of the accounts the person administers (the first by default). */
  @Get()
  async show(
    @CurrentActor() actor: Actor,
    @Res() res: Response,
    @Query('account') accountKey: unknown,
    @Query('page') page: unknown,
  ) {
    const log = await this.pages.auditLog(
      actor,
      typeof accountKey === 'string' ? accountKey : undefined,
      typeof page === 'string' ? Number(page) : 1,
    );
    this.views.render(res, 'account/audit', {
      title: `Audit log · ${log.account.name}`,
      nav: 'audit',
      auditLink: true,
      account: log.account,
      accounts: log.accounts,
      rows: log.events.map(auditRow),
      page: log.page,
      pageCount: log.pageCount,
      total: log.total,
    });
  }
}
