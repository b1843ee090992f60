import { Body, Controller, Get, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { publicKeySchema } from '#folio/content';
import { PathParam } from '#folio/http';
import { maxCreditMove, maxMoveReasonLength, OperatorCredits } from '#folio/credits';
import { type Actor } from '#folio/identity';
import {
  CsrfGuard,
  CurrentActor,
  FlashMessages,
  formBody,
  SessionGuard,
  ViewRenderer,
  type WebRequest,
} from '#folio/page-kit';
import { CreditsPageFilter } from '../editor/editor-page.filter.js';
import { AdminGuard } from './admin.guard.js';
import { creditMoveForm, type CreditMoveForm } from './credit-move.dto.js';

export const creditsPath = '/admin/credits';

/** What a move leaves for the page it redirects to: the signed number of credits moved. */
interface MovedFlash {
  moved: number;
}

/**
 * The operators' credits page: an account or team found by its public key, its balance and ledger, and a
 * form that grants or withdraws credits (a post, answered with a redirect back to the pool).
 */
@ApiExcludeController()
@Controller(creditsPath)
@UseGuards(CsrfGuard, SessionGuard, AdminGuard)
@UseFilters(CreditsPageFilter)
export class OperatorCreditsController {
  constructor(
    private readonly credits: OperatorCredits,
    private readonly views: ViewRenderer,
    private readonly flash: FlashMessages,
  ) {}

  @Get()
  async show(
    @CurrentActor() actor: Actor,
    @Query('key') key: unknown,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const wanted = typeof key === 'string' ? key.trim() : '';
    const pool = wanted ? await this.credits.pool(actor, wanted) : null;
    const flash = await this.flash.take<MovedFlash>(req);
    this.views.render(res, 'credits', {
      title: 'AI credits',
      key: wanted,
      pool,
      notice: flash && noticeOf(flash.moved),
      limits: { amount: maxCreditMove, reason: maxMoveReasonLength },
    });
  }

  @Post(':key')
  async move(
    @CurrentActor() actor: Actor,
    @PathParam('key', publicKeySchema, 'not_found') key: string,
    @Body(formBody(creditMoveForm)) move: CreditMoveForm,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const moved = await this.credits.move(actor, { key, ...move });
    const flash: MovedFlash = { moved: moved.delta };
    await this.flash.redirect(req, res, `${creditsPath}?${new URLSearchParams({ key: moved.key })}`, flash);
  }
}

/** What the page says after a move of `delta` credits (negative: withdrawn). */
function noticeOf(delta: number): string {
  const credits = `${Math.abs(delta)} credit${Math.abs(delta) === 1 ? '' : 's'}`;
  return delta > 0 ? `Granted ${credits}.` : `Withdrew ${credits}.`;
}
