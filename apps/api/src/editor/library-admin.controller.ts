import { Body, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { publicKeySchema } from '#folio/content';
import { PathParam } from '#folio/http';
import { type AdministeredLibraryView, LibraryAdministration } from '#folio/libraries';
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
import { aiSwitchForm, type AiSwitchForm } from './editor.dto.js';
import { LibraryPageFilter } from './editor-page.filter.js';

export const librariesPath = '/editor/libraries';

/** While an analysis runs, the page reloads itself this often (seconds) to show when it is done. */
const analysingRefreshSeconds = 5;

/** What a switch leaves for the list it redirects to: which library, switched which way. */
interface SwitchedFlash {
  library: string;
  enabled: boolean;
}

/**
 * The libraries page behind login: the libraries someone administers and their AI switch (a form post,
 * answered with a redirect back to the list). Registered before EditorController, whose
 * `/editor/:projectKey` would otherwise take `/editor/libraries`.
 */
@ApiExcludeController()
@Controller(librariesPath)
@UseGuards(CsrfGuard, SessionGuard)
@UseFilters(LibraryPageFilter)
export class LibraryAdminController {
  constructor(
    private readonly libraries: LibraryAdministration,
    private readonly views: ViewRenderer,
    private readonly flash: FlashMessages,
  ) {}

  @Get()
  async list(@CurrentActor() actor: Actor, @Req() req: WebRequest, @Res() res: Response): Promise<void> {
    const libraries = await this.libraries.list(actor);
    const switched = await this.flash.take<SwitchedFlash>(req);
    const switchedLibrary = switched && libraries.find((library) => library.key === switched.library);
    this.views.render(res, 'libraries', {
      title: 'Section libraries',
      libraries,
      notice: switchedLibrary && noticeOf(switchedLibrary, switched.enabled),
      refreshSeconds: libraries.some((library) => library.ai.state === 'analysing')
        ? analysingRefreshSeconds
        : undefined,
    });
  }

  @Post(':libraryKey/ai')
  async switchAi(
    @CurrentActor() actor: Actor,
    @PathParam('libraryKey', publicKeySchema, 'not_found') libraryKey: string,
    @Body(formBody(aiSwitchForm)) { enabled }: AiSwitchForm,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.libraries.switchAi(actor, libraryKey, enabled);
    const flash: SwitchedFlash = { library: libraryKey, enabled };
    await this.flash.redirect(req, res, librariesPath, flash);
  }
}

/** What the page says after a switch, by the library's state now (a quick analysis may be done already). */
function noticeOf({ title, ai }: AdministeredLibraryView, enabled: boolean): string | undefined {
  if (!enabled && ai.state === 'off') return `AI is off for ${title}; list_libraries no longer shows it.`;
  if (enabled && ai.state === 'analysing')
    return `Analysis of ${title} queued; the library shows in list_libraries once it is analysed.`;
  if (enabled && ai.state === 'on') return `${title} is analysed; list_libraries shows it.`;
  return undefined;
}
