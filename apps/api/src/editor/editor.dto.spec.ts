import { describe, expect, it } from '@jest/globals';
import { InvalidInputError } from '#folio/errors';
import { type FormBody } from '#folio/page-kit';
import {
  aiSwitchForm,
  embedOptionsOf,
  type PublishForm,
  publishPost,
  publishRequestOf,
  versionSaveForm,
} from './editor.dto.js';

/** The form of a post the reader accepts. */
function publishForm(body: FormBody): PublishForm {
  const { form, refused } = publishPost(body);
  if (refused) throw refused;
  return form;
}

describe(publishPost.name, () => {
  it('reads the embed form: checkboxes, target and a chosen version', () => {
    const form = publishForm({
      destination: 'embed',
      version: '3',
      pageKey: 'pgHome',
      shadowdom: 'on',
      target: ' #slot ',
    });
    expect(publishRequestOf(form)).toEqual({ destination: 'embed', versionNumber: 3 });
    expect(embedOptionsOf(form)).toEqual({ shadowdom: true, target: '#slot' });
  });

  it('publishes a new version when none is chosen, and passes only the fields of the destination', () => {
    const site = publishForm({
      destination: 'site',
      version: '',
      slug: 'my-site',
      webhookUrl: 'x',
    });
    expect(publishRequestOf(site)).toEqual({
      destination: 'site',
      versionNumber: undefined,
      slug: 'my-site',
    });
    const webhook = publishForm({
      destination: 'webhook',
      webhookUrl: 'https://hooks.example/folio',
      webhookSecret: 'a secret of some length',
    });
    expect(publishRequestOf(webhook)).toEqual({
      destination: 'webhook',
      versionNumber: undefined,
      webhookUrl: 'https://hooks.example/folio',
      webhookSecret: 'a secret of some length',
    });
  });

  it('reads the former name of the site destination, `hosting`, as the site (kept for one release)', () => {
    const site = publishForm({ destination: 'hosting', slug: 'my-site' });
    expect(publishRequestOf(site)).toEqual({
      destination: 'site',
      versionNumber: undefined,
      slug: 'my-site',
    });
    expect(publishPost({ destination: 'hosting', version: '0' })).toMatchObject({ destination: 'site' });
  });

  it.each([
    [{ destination: 'ftp' }, 'destination'],
    [{ destination: 'embed', version: 'latest' }, 'version'],
    [{ destination: 'embed', version: '0' }, 'version'],
  ])('refuses %j naming %s', (body, path) => {
    const { form, refused } = publishPost(body);
    expect(form).toBeUndefined();
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect(refused?.problems[0].path).toBe(path);
  });

  it('keeps the page and destination of a refused form, when they name one, for the dialog', () => {
    expect(publishPost({ destination: 'embed', version: '0', pageKey: 'pgAbout' })).toMatchObject({
      pageKey: 'pgAbout',
      destination: 'embed',
    });
    expect(publishPost({ destination: ['embed', 'site'], pageKey: '../pgAbout' })).toEqual({
      refused: expect.any(InvalidInputError),
      pageKey: undefined,
      destination: undefined,
    });
    expect(publishPost(undefined).refused?.problems[0].path).toBe('destination');
  });
});

describe(versionSaveForm.name, () => {
  it('reads the page to come back to, and no page for anything that names none', () => {
    expect(versionSaveForm({ pageKey: 'pgHome' })).toEqual({ pageKey: 'pgHome' });
    expect(versionSaveForm({ pageKey: 'pg/../x' })).toEqual({ pageKey: undefined });
    expect(versionSaveForm({ pageKey: ['pgHome', 'pgAbout'] })).toEqual({ pageKey: undefined });
    expect(versionSaveForm(undefined)).toEqual({ pageKey: undefined });
  });
});

describe(aiSwitchForm.name, () => {
  it('reads true as on and false as off, and refuses anything else naming the field', () => {
    expect(aiSwitchForm({ enabled: 'true' })).toEqual({ enabled: true });
    expect(aiSwitchForm({ enabled: 'false' })).toEqual({ enabled: false });
    for (const body of [{ enabled: 'on' }, { enabled: ['true', 'false'] }, undefined]) {
      expect(() => aiSwitchForm(body)).toThrow(
        expect.objectContaining({ problems: [expect.objectContaining({ path: 'enabled' })] }),
      );
    }
  });
});
