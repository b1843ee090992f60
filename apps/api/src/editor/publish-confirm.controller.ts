import { Body, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { InvalidInputError } from '#folio/errors';
import { PathParam } from '#folio/http';
import { type Actor } from '#folio/identity';
import {
  CsrfGuard,
  CurrentActor,
  FlashMessages,
  type FormBody,
  formBody,
  SessionGuard,
  ViewRenderer,
  type WebRequest,
} from '#folio/page-kit';
import { type DestinationKind, PublishIntents, ReviewOutdatedError } from '#folio/publishing';
import { EmbedService } from '../delivery/embed.service.js';
import { PublishLinkPageFilter } from './editor-page.filter.js';

/** A link's token: 32 random bytes in base64url. */
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** What the publish leaves for the page it redirects to. */
interface Published {
  published: {
    destination: DestinationKind;
    version: number;
    url: string | null;
    projectKey: string;
    title: string;
  };
}

function revisionOf(body: FormBody): number {
  const parsed = z.coerce.number().int().min(0).safeParse(body?.revision);
  if (parsed.success) return parsed.data;
  throw new InvalidInputError([{ path: 'revision', message: 'Reload the page and try again.' }]);
}

/**
 * `/publish/confirm/<token>`: the link publish_project hands an agent. Behind login; the signed-in person,
 * who must be allowed to publish the project, sees what would change and publishes it (post/redirect/get).
 */
@ApiExcludeController()
@Controller('publish/confirm')
@UseGuards(CsrfGuard, SessionGuard)
@UseFilters(PublishLinkPageFilter)
export class PublishConfirmController {
  constructor(
    private readonly intents: PublishIntents,
    private readonly views: ViewRenderer,
    private readonly flash: FlashMessages,
    private readonly embeds: EmbedService,
  ) {}

  @Get(':token')
  async show(
    @CurrentActor() actor: Actor,
    @PathParam('token', tokenSchema, 'not_found') token: string,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const done = await this.flash.take<Published>(req);
    if (done) {
      this.views.render(res, 'publish-done', { title: `Published ${done.published.title}`, ...done });
      return;
    }
    await this.review(res, actor, token, false);
  }

  @Post(':token')
  async confirm(
    @CurrentActor() actor: Actor,
    @PathParam('token', tokenSchema, 'not_found') token: string,
    @Body(formBody(revisionOf)) revision: number,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    try {
      const result = await this.intents.confirm(actor, token, revision);
      if (result.destination === 'embed') this.embeds.forget(result.projectKey);
      const published: Published['published'] = {
        destination: result.destination,
        version: result.version,
        url: result.url,
        projectKey: result.projectKey,
        title: result.projectTitle,
      };
      await this.flash.redirect(req, res, req.originalUrl, { published } satisfies Published);
    } catch (error) {
      if (!(error instanceof ReviewOutdatedError)) throw error;
      await this.review(res, actor, token, true, 409);
    }
  }

  private async review(
    res: Response,
    actor: Actor,
    token: string,
    outdated: boolean,
    status = 200,
  ): Promise<void> {
    const review = await this.intents.review(actor, token);
    res.setHeader('X-Robots-Tag', 'noindex');
    this.views.render(
      res,
      'publish-confirm',
      { title: `Publish ${review.projectTitle}?`, review, outdated, crumb: review.projectTitle },
      { status },
    );
  }
}
