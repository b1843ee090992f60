import { Body, Controller, Get, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { publicKeySchema } from '#folio/content';
import { PathParam } from '#folio/http';
import { type AdministeredLibraryView, LibraryAdministration } from '#folio/libraries';
import { CsrfGuard, formBody, ViewRenderer } from '#folio/ui';
import { aiSwitchForm, type AiSwitchForm } from './editor.dto.js';
import { LibraryPageFilter } from './editor-page.filter.js';
import { CurrentEditorUser, EditorSessionGuard, type EditorUser } from './editor-session.guard.js';

export const librariesPath = '/editor/libraries';

/** While an analysis runs, the page reloads itself this often (seconds) to show when it is done. */
const analysingRefreshSeconds = 5;

/**
 * The libraries page behind login: the libraries someone administers and their AI switch (a form post,
 * answered with a redirect back to the list). Registered before EditorController, whose
 * `/editor/:projectKey` would otherwise take `/editor/libraries`.
 */
@ApiExcludeController()
@Controller(librariesPath)
@UseGuards(CsrfGuard, EditorSessionGuard)
@UseFilters(LibraryPageFilter)
export class LibraryAdminController {
  constructor(
    private readonly libraries: LibraryAdministration,
    private readonly views: ViewRenderer,
  ) {}

  @Get()
  async list(
    @CurrentEditorUser() current: EditorUser,
    @Query('switched') switched: unknown,
    @Query('library') libraryKey: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const libraries = await this.libraries.list(current);
    const switchedLibrary = libraries.find((library) => library.key === libraryKey);
    this.views.render(res, 'libraries', {
      title: 'Section libraries',
      libraries,
      notice: switchedLibrary && noticeOf(switchedLibrary, switched),
      refreshSeconds: libraries.some((library) => library.ai.state === 'analysing')
        ? analysingRefreshSeconds
        : undefined,
    });
  }

  @Post(':libraryKey/ai')
  async switchAi(
    @CurrentEditorUser() current: EditorUser,
    @PathParam('libraryKey', publicKeySchema, 'not_found') libraryKey: string,
    @Body(formBody(aiSwitchForm)) { enabled }: AiSwitchForm,
    @Res() res: Response,
  ): Promise<void> {
    await this.libraries.switchAi(current, libraryKey, enabled);
    const outcome = new URLSearchParams({ switched: enabled ? 'on' : 'off', library: libraryKey });
    res.redirect(303, `${librariesPath}?${outcome}`);
  }
}

/** What the page says after a switch, by the library's state now (a quick analysis may be done already). */
function noticeOf({ title, ai }: AdministeredLibraryView, switched: unknown): string | undefined {
  if (switched === 'off' && ai.state === 'off')
    return `AI is off for ${title}; list_libraries no longer shows it.`;
  if (switched === 'on' && ai.state === 'analysing')
    return `Analysis of ${title} queued; the library shows in list_libraries once it is analysed.`;
  if (switched === 'on' && ai.state === 'on') return `${title} is analysed; list_libraries shows it.`;
  return undefined;
}
