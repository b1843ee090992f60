import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TestingModule } from '@nestjs/testing';
import { PNG } from 'pngjs';
import { type AppConfig } from '#folio/config';
import { newPublicKey } from '#folio/content';
import { imageRenderJob, InProcessJobQueue, JobQueue } from '#folio/jobs';
import { IdentityModule } from '#folio/identity';
import { ProjectsModule } from '#folio/projects';
import { BlobStore } from '#folio/storage';
import {
  compileWithDatabase,
  type FakeAiProvider,
  fakeImageSize,
  newProject,
  newUser,
  startFakeAiProvider,
  startTestModule,
  type TestModule,
} from '#folio/testing';
import { AiImagesModule } from './ai-images.module.js';
import { ImageRenderProcessor } from './image-render.processor.js';

// The image job on the in-process queue (the same processor runs in apps/worker on BullMQ).
describe(ImageRenderProcessor.name, () => {
  /** The database, and the services that make the spec's project. */
  let world: TestModule;
  /** The image module, initialised: its queue runs. */
  let app: TestingModule;
  let projectId: string;

  async function asset(data: {
    status?: 'pending' | 'ready' | 'failed';
    prompt?: string | null;
    url?: string;
  }) {
    const { status = 'pending', prompt = 'A neighbourhood bakery at dawn', url = '' } = data;
    return world.prisma.asset.create({
      data: { key: newPublicKey(), projectId, kind: 'image', url, status, prompt, width: 320, height: 200 },
    });
  }
  const stored = (id: string) => world.prisma.asset.findUniqueOrThrow({ where: { id } });

  let owedBeforeStart: { id: string };
  beforeAll(async () => {
    world = await startTestModule([IdentityModule, ProjectsModule], { LOG_LEVEL: 'silent' });
    projectId = (await newProject(world, await newUser(world), { title: 'Bakery' })).projectId;
    // Left pending while no process ran: its job was never queued.
    owedBeforeStart = await asset({});
    app = await compileWithDatabase(world.db, [AiImagesModule]);
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await world?.close();
  });

  it('draws a pending image owed since before the start, stores it and marks the asset ready', async () => {
    await app.get(InProcessJobQueue).idle();
    const drawn = await stored(owedBeforeStart.id);
    expect(drawn).toMatchObject({
      status: 'ready',
      mime: 'image/png',
      width: 320,
      height: 200,
      url: expect.stringMatching(/^\/assets\/[0-9a-f]{64}\.png$/),
    });
    const blob = await app.get(BlobStore).get(drawn.url.replace('/assets/', ''));
    const png = PNG.sync.read(Buffer.from(blob!.bytes));
    expect([blob!.type, png.width, png.height]).toEqual(['image/png', 320, 200]);
  });

  it('draws a queued image once, however often it is queued, and leaves ready images alone', async () => {
    const pending = await asset({ prompt: 'Soft pastel. A florist' });
    const drawnBefore = await asset({ status: 'ready', url: 'https://images.example/shop.jpg' });
    const queue = app.get(JobQueue);
    await queue.add('image-render', [imageRenderJob(pending.id), imageRenderJob(drawnBefore.id)]);
    await app.get(InProcessJobQueue).idle();
    const first = await stored(pending.id);
    expect(first.status).toBe('ready');
    await queue.requeue('image-render', [imageRenderJob(pending.id)]);
    await app.get(InProcessJobQueue).idle();
    expect(await stored(pending.id)).toEqual(first);
    expect(await stored(drawnBefore.id)).toEqual(drawnBefore);
  });

  it('owes a job for each pending image with a prompt, and for nothing else', async () => {
    const owed = await asset({});
    const others = await Promise.all([
      asset({ prompt: null }),
      asset({ status: 'failed' }),
      asset({ status: 'ready', url: '/assets/x.png' }),
    ]);
    const jobs = await app.get(ImageRenderProcessor).outstanding();
    expect(jobs).toContainEqual(imageRenderJob(owed.id));
    for (const other of others) expect(jobs).not.toContainEqual(imageRenderJob(other.id));
  });

  describe('with the provider image API', () => {
    let provider: FakeAiProvider;
    let withProvider: TestingModule;
    let processor: ImageRenderProcessor;
    const apiKey = 'sk-test-image-key';
    const attempt = (isLastAttempt: boolean) => ({
      id: 'job',
      attempt: isLastAttempt ? 5 : 1,
      isLastAttempt,
    });

    beforeAll(async () => {
      provider = await startFakeAiProvider();
      const config = Object.assign(Object.create(world.db.config) as AppConfig, {
        ai: {
          ...world.db.config.ai,
          provider: 'openai',
          baseUrl: provider.baseUrl,
          apiKey,
          model: 'gpt-4o-mini',
          imageModel: 'gpt-image-1',
        },
      } satisfies Pick<AppConfig, 'ai'>);
      // Not initialised: no queue runs, so only the calls below draw.
      withProvider = await compileWithDatabase(world.db, [AiImagesModule], config);
      processor = withProvider.get(ImageRenderProcessor);
    });
    afterAll(async () => {
      await withProvider?.close();
      await provider?.close();
    });

    it('draws with the configured image model and records the size it answered', async () => {
      provider.respondWith({ kind: 'answer', value: {} });
      const pending = await asset({ prompt: 'Watercolour. A lighthouse' });
      await processor.process({ assetId: pending.id }, attempt(false));
      expect(await stored(pending.id)).toMatchObject({
        status: 'ready',
        mime: 'image/png',
        ...fakeImageSize,
      });
      const request = provider.requests.at(-1)!;
      expect(request).toMatchObject({
        path: '/v1/images/generations',
        body: { model: 'gpt-image-1', prompt: 'Watercolour. A lighthouse' },
        headers: { authorization: `Bearer ${apiKey}` },
      });
    });

    it('fails an attempt while the provider fails, and the last one marks the asset failed', async () => {
      provider.respondWith({ kind: 'error', status: 500, message: `Upstream broke for key ${apiKey}` });
      const pending = await asset({});
      const retried = processor.process({ assetId: pending.id }, attempt(false));
      await expect(retried).rejects.toThrow(/HTTP 500/);
      expect((await stored(pending.id)).status).toBe('pending');
      const last = processor.process({ assetId: pending.id }, attempt(true));
      await expect(last).rejects.toThrow(
        expect.objectContaining({ message: expect.not.stringContaining(apiKey) }),
      );
      expect((await stored(pending.id)).status).toBe('failed');
    });

    it('refuses an answer that is no image', async () => {
      provider.respondWith({ kind: 'garbage', text: 'Sorry, I cannot draw that.' });
      const pending = await asset({});
      await expect(processor.process({ assetId: pending.id }, attempt(true))).rejects.toThrow(/not a PNG/);
      expect((await stored(pending.id)).status).toBe('failed');
    });
  });
});
