import { Body, Controller, Get, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { publicKeySchema } from '#folio/content';
import { ConflictError, InvalidInputError } from '#folio/errors';
import { PathParam } from '#folio/http';
import { embedOptionDocs, embedOptionsFromQuery, embedOptionsQuery, PublishService } from '#folio/publishing';
import { CsrfGuard, formBody, PageErrorFilter, ViewRenderer } from '#folio/ui';
import { VersionService } from '#folio/versions';
import { EmbedService } from '../delivery/embed.service.js';
import {
  destinationOf,
  embedOptionsOf,
  type PublishDestination,
  type PublishForm,
  publishPost,
  type PublishPost,
  publishRequestOf,
  versionSaveForm,
  type VersionSaveForm,
} from './editor.dto.js';
import { CurrentEditorUser, EditorSessionGuard, type EditorUser } from './editor-session.guard.js';
import { EditorService, type EditorView } from './editor.service.js';

type Query = Record<string, unknown>;

/** What the publish dialog shows open: a form's error, or the outcome of the last publish. */
interface DialogState {
  open: boolean;
  destination?: PublishDestination;
  error?: string;
  form?: Partial<PublishForm>;
  result?: Query;
}

/**
 * The editor page `/editor/<projectKey>[/<pageKey>]`, behind login and the access policy, and its two
 * actions: publish (the dialog's forms) and save a version. Posts answer with a redirect (post/redirect/get).
 */
@ApiExcludeController()
@Controller('editor')
@UseGuards(CsrfGuard, EditorSessionGuard)
@UseFilters(PageErrorFilter)
export class EditorController {
  constructor(
    private readonly editor: EditorService,
    private readonly versions: VersionService,
    private readonly publishing: PublishService,
    private readonly views: ViewRenderer,
    private readonly embeds: EmbedService,
  ) {}

  @Get(':projectKey')
  async project(
    @CurrentEditorUser() current: EditorUser,
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @Query() query: Query,
    @Res() res: Response,
  ): Promise<void> {
    await this.show(res, current, projectKey, undefined, query);
  }

  @Get(':projectKey/:pageKey')
  async page(
    @CurrentEditorUser() current: EditorUser,
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @PathParam('pageKey', publicKeySchema, 'not_found') pageKey: string,
    @Query() query: Query,
    @Res() res: Response,
  ): Promise<void> {
    await this.show(res, current, projectKey, pageKey, query);
  }

  @Post(':projectKey/versions')
  async saveVersion(
    @CurrentEditorUser() current: EditorUser,
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @Body(formBody(versionSaveForm)) { pageKey }: VersionSaveForm,
    @Res() res: Response,
  ): Promise<void> {
    const saved = await this.versions.save(current.actor, projectKey, 'save');
    res.redirect(303, `${editorPath(projectKey, pageKey)}?saved=${saved.number}`);
  }

  @Post(':projectKey/publish')
  async publish(
    @CurrentEditorUser() current: EditorUser,
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @Body(formBody(publishPost)) post: PublishPost,
    @Res() res: Response,
  ): Promise<void> {
    if (post.refused) return this.reopenDialog(res, current, projectKey, post, post.refused);
    const { form } = post;
    try {
      const result = await this.publishing.publish(current.actor, projectKey, publishRequestOf(form));
      // The snippet shown next must load what was just published, not the version this process knew.
      if (result.destination === 'embed') this.embeds.forget(projectKey);
      const outcome = new URLSearchParams({ published: result.destination, version: String(result.version) });
      if (result.destination === 'embed') {
        for (const [name, value] of new URLSearchParams(embedOptionsQuery(embedOptionsOf(form))))
          outcome.set(name, value);
      }
      if (result.delivery) {
        outcome.set('delivered', result.delivery.ok ? '1' : '0');
        outcome.set('attempts', String(result.delivery.attempts));
        if (result.delivery.status !== null) outcome.set('status', String(result.delivery.status));
      }
      res.redirect(303, `${editorPath(projectKey, form.pageKey)}?${outcome}`);
    } catch (error) {
      if (!(error instanceof InvalidInputError || error instanceof ConflictError)) throw error;
      await this.reopenDialog(
        res,
        current,
        projectKey,
        { pageKey: form.pageKey, destination: form.destination, form },
        error,
      );
    }
  }

  /** A bad field or a taken slug: the dialog opens again with what was typed and what went wrong. */
  private async reopenDialog(
    res: Response,
    current: EditorUser,
    projectKey: string,
    typed: { pageKey?: string; destination?: PublishDestination; form?: PublishForm },
    error: InvalidInputError | ConflictError,
  ): Promise<void> {
    const view = await this.editor.view(current.actor, projectKey, typed.pageKey);
    const dialog = {
      open: true,
      destination: typed.destination,
      error: error.message,
      form: typed.form ?? {},
    };
    this.render(res, view, dialog, error instanceof ConflictError ? 409 : 400);
  }

  private async show(
    res: Response,
    current: EditorUser,
    projectKey: string,
    pageKey: string | undefined,
    query: Query,
  ): Promise<void> {
    const published = single(query.published);
    const embed = published === 'embed' ? { options: embedOptionsFromQuery(query) } : undefined;
    const view = await this.editor.view(current.actor, projectKey, pageKey, embed);
    const dialog: DialogState = published
      ? { open: true, destination: destinationOf(published), result: query }
      : { open: single(query.publish) === '1' };
    if (embed) dialog.form = embed.options;
    const saved = Number(single(query.saved));
    const notice = Number.isInteger(saved) && saved > 0 ? `Saved version ${saved}.` : null;
    this.render(res, view, dialog, 200, notice);
  }

  private render(
    res: Response,
    view: EditorView,
    dialog: DialogState,
    status = 200,
    notice: string | null = null,
  ): void {
    this.views.render(
      res,
      'editor',
      {
        title: `${view.page.title} · ${view.project.title}`,
        view,
        dialog,
        notice,
        optionDocs: embedOptionDocs,
      },
      { status, scriptSources: view.preview.scriptSources },
    );
  }
}

function editorPath(projectKey: string, pageKey: string | undefined): string {
  return pageKey ? `/editor/${projectKey}/${pageKey}` : `/editor/${projectKey}`;
}

function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
