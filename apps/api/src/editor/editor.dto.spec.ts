import { describe, expect, it } from '@jest/globals';
import { InvalidInputError } from '#folio/errors';
import { embedOptionsOf, parsePublishForm, publishRequestOf } from './editor.dto.js';

describe(parsePublishForm.name, () => {
  it('reads the embed form: checkboxes, target and a chosen version', () => {
    const form = parsePublishForm({
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
    const site = parsePublishForm({
      destination: 'hosting',
      version: '',
      slug: 'my-site',
      webhookUrl: 'x',
    });
    expect(publishRequestOf(site)).toEqual({
      destination: 'hosting',
      versionNumber: undefined,
      slug: 'my-site',
    });
    const webhook = parsePublishForm({
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

  it.each([
    [{ destination: 'ftp' }, 'destination'],
    [{ destination: 'embed', version: 'latest' }, 'version'],
    [{ destination: 'embed', version: '0' }, 'version'],
  ])('refuses %j naming %s', (body, path) => {
    expect(() => parsePublishForm(body)).toThrow(InvalidInputError);
    try {
      parsePublishForm(body);
    } catch (error) {
      expect((error as InvalidInputError).problems[0].path).toBe(path);
    }
  });
});
