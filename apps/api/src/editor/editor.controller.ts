import { Body, Controller, Get, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { publicKeySchema } from '#folio/content';
import { ConflictError, InvalidInputError } from '#folio/errors';
import { PathParam } from '#folio/http';
import { type Actor } from '#folio/identity';
import { embedOptionDocs, type EmbedOptions, type PublishResult, PublishService } from '#folio/publishing';
import {
  CsrfGuard,
  CurrentActor,
  FlashMessages,
  formBody,
  PageErrorFilter,
  SessionGuard,
  ViewRenderer,
  type WebRequest,
} from '#folio/page-kit';
import { VersionService } from '#folio/versions';
import { EmbedService } from '../delivery/embed.service.js';
import {
  embedOptionsOf,
  type PublishDestination,
  type PublishForm,
  publishPost,
  type PublishPost,
  publishRequestOf,
  versionNumberSchema,
  versionSaveForm,
  type VersionSaveForm,
} from './editor.dto.js';
import { EditorService, type EditorView } from './editor.service.js';

/** What a publish leaves for the editor page it redirects to, for the dialog to show. */
interface PublishOutcome {
  destination: PublishDestination;
  version: number;
  /** The options the embed snippet shows (embeds only). */
  embedOptions?: EmbedOptions;
  /** How the webhook answered (webhooks only). */
  delivery?: { ok: boolean; attempts: number; status: number | null };
}

/** What a post of the editor leaves for the page it redirects to (the session's flash). */
interface EditorFlash {
  saved?: number;
  published?: PublishOutcome;
  /** A restore: the version written over the draft, and the one holding the draft as it was (its undo). */
  restored?: { number: number; before: number };
}

/** What the publish dialog shows open: a form's error, or the outcome of the last publish. */
interface DialogState {
  open: boolean;
  destination?: PublishDestination;
  error?: string;
  form?: Partial<PublishForm>;
  result?: PublishOutcome;
}

/**
 * The editor page `/editor/<projectKey>[/<pageKey>]`, behind login and the access policy, and its actions:
 * publish (the dialog's forms), save a version and restore one. Posts answer with a redirect
 * (post/redirect/get).
 */
@ApiExcludeController()
@Controller('editor')
@UseGuards(CsrfGuard, SessionGuard)
@UseFilters(PageErrorFilter)
export class EditorController {
  constructor(
    private readonly editor: EditorService,
    private readonly versions: VersionService,
    private readonly publishing: PublishService,
    private readonly views: ViewRenderer,
    private readonly embeds: EmbedService,
    private readonly flash: FlashMessages,
  ) {}

  @Get(':projectKey')
  async project(
    @CurrentActor() actor: Actor,
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @Query('publish') publish: unknown,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.show(req, res, actor, projectKey, undefined, publish === '1');
  }

  @Get(':projectKey/:pageKey')
  async page(
    @CurrentActor() actor: Actor,
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @PathParam('pageKey', publicKeySchema, 'not_found') pageKey: string,
    @Query('publish') publish: unknown,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.show(req, res, actor, projectKey, pageKey, publish === '1');
  }

  @Post(':projectKey/versions')
  async saveVersion(
    @CurrentActor() actor: Actor,
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @Body(formBody(versionSaveForm)) { pageKey }: VersionSaveForm,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const saved = await this.versions.save(actor, projectKey, 'save');
    const flash: EditorFlash = { saved: saved.number };
    await this.flash.redirect(req, res, editorPath(projectKey, pageKey), flash);
  }

  @Post(':projectKey/versions/:number/restore')
  async restoreVersion(
    @CurrentActor() actor: Actor,
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @PathParam('number', versionNumberSchema, 'not_found') number: number,
    @Body(formBody(versionSaveForm)) { pageKey }: VersionSaveForm,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    const restored = await this.versions.restore(actor, projectKey, number);
    const flash: EditorFlash = { restored: { number: restored.number, before: restored.before } };
    // Back to the page shown, unless the restored version does not have it.
    const page = pageKey && restored.pageKeys.includes(pageKey) ? pageKey : undefined;
    await this.flash.redirect(req, res, editorPath(projectKey, page), flash);
  }

  @Post(':projectKey/publish')
  async publish(
    @CurrentActor() actor: Actor,
    @PathParam('projectKey', publicKeySchema, 'not_found') projectKey: string,
    @Body(formBody(publishPost)) post: PublishPost,
    @Req() req: WebRequest,
    @Res() res: Response,
  ): Promise<void> {
    if (post.refused) return this.reopenDialog(res, actor, projectKey, post, post.refused);
    const { form } = post;
    try {
      const result = await this.publishing.publish(actor, projectKey, publishRequestOf(form));
      // The snippet shown next must load what was just published, not the version this process knew.
      if (result.destination === 'embed') this.embeds.forget(projectKey);
      const flash: EditorFlash = { published: publishOutcomeOf(result, form) };
      await this.flash.redirect(req, res, editorPath(projectKey, form.pageKey), flash);
    } catch (error) {
      if (!(error instanceof InvalidInputError || error instanceof ConflictError)) throw error;
      await this.reopenDialog(
        res,
        actor,
        projectKey,
        { pageKey: form.pageKey, destination: form.destination, form },
        error,
      );
    }
  }

  /** A bad field or a taken slug: the dialog opens again with what was typed and what went wrong. */
  private async reopenDialog(
    res: Response,
    actor: Actor,
    projectKey: string,
    typed: { pageKey?: string; destination?: PublishDestination; form?: PublishForm },
    error: InvalidInputError | ConflictError,
  ): Promise<void> {
    const view = await this.editor.view(actor, projectKey, typed.pageKey);
    const dialog = {
      open: true,
      destination: typed.destination,
      error: error.message,
      form: typed.form ?? {},
    };
    this.render(res, view, dialog, error instanceof ConflictError ? 409 : 400);
  }

  /** The editor page; `publishOpen` opens the publish dialog (the Publish… link without JavaScript). */
  private async show(
    req: WebRequest,
    res: Response,
    actor: Actor,
    projectKey: string,
    pageKey: string | undefined,
    publishOpen: boolean,
  ): Promise<void> {
    const { saved, published, restored } = (await this.flash.take<EditorFlash>(req)) ?? {};
    const embed = published?.embedOptions ? { options: published.embedOptions } : undefined;
    const view = await this.editor.view(actor, projectKey, pageKey, embed);
    const dialog: DialogState = published
      ? { open: true, destination: published.destination, result: published, form: embed?.options }
      : { open: publishOpen };
    const notice = saved ? `Saved version ${saved}.` : null;
    this.render(res, view, dialog, 200, notice, restored);
  }

  private render(
    res: Response,
    view: EditorView,
    dialog: DialogState,
    status = 200,
    notice: string | null = null,
    restored?: EditorFlash['restored'],
  ): void {
    // The draft and its preview are never for search engines, whoever links to them.
    res.setHeader('X-Robots-Tag', 'noindex');
    this.views.render(
      res,
      'editor',
      {
        title: `${view.page.title} · ${view.project.title}`,
        view,
        dialog,
        notice,
        restored,
        optionDocs: embedOptionDocs,
      },
      { status, scriptSources: view.preview.scriptSources },
    );
  }
}

/** What the dialog shows of a publish on the page it redirects to. */
function publishOutcomeOf(
  { destination, version, delivery }: PublishResult,
  form: PublishForm,
): PublishOutcome {
  return {
    destination,
    version,
    ...(destination === 'embed' ? { embedOptions: embedOptionsOf(form) } : {}),
    ...(delivery
      ? { delivery: { ok: delivery.ok, attempts: delivery.attempts, status: delivery.status } }
      : {}),
  };
}

function editorPath(projectKey: string, pageKey: string | undefined): string {
  return pageKey ? `/editor/${projectKey}/${pageKey}` : `/editor/${projectKey}`;
}
