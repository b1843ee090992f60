import { describe, expect, it, jest } from '@jest/globals';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { NotFoundError, RateLimitedError } from '#folio/errors';
import { describePageError } from './page-error.js';

const wording = {
  titles: { 404: 'Project not found' },
  notFound: 'Nothing here.',
  domainNotFound: 'No such project.',
};

describe(describePageError.name, () => {
  it('describes domain errors by kind, with one sentence for missing and invisible', () => {
    const log = jest.fn();
    expect(describePageError(new NotFoundError('secret detail'), 'r1', wording, log)).toEqual({
      status: 404,
      title: 'Project not found',
      message: 'No such project.',
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('asks to come back after a RateLimitedError, with its Retry-After', () => {
    const busy = new RateLimitedError('Too many logins are being checked right now', 1);
    expect(describePageError(busy, 'r1', wording, jest.fn())).toEqual({
      status: 429,
      title: 'Too many attempts',
      message: busy.message,
      retryAfterSeconds: 1,
    });
  });

  it('keeps the safe message of 4xx HTTP errors and words an unknown address', () => {
    expect(describePageError(new BadRequestException('Bad slug.'), 'r1', wording, jest.fn())).toMatchObject({
      status: 400,
      message: 'Bad slug.',
    });
    expect(describePageError(new NotFoundException(), 'r1', wording, jest.fn()).message).toBe(
      'Nothing here.',
    );
  });

  it('answers middleware errors (a body too large) with their own 4xx, exposing only safe messages', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413, expose: true });
    const hidden = Object.assign(new Error('parser internals'), { status: 400, expose: false });
    expect(describePageError(tooLarge, 'r1', wording, jest.fn())).toEqual({
      status: 413,
      title: 'That was too much',
      message: 'request entity too large',
    });
    expect(describePageError(hidden, 'r1', wording, jest.fn())).toMatchObject({ status: 400, message: '' });
  });

  it('answers an unreachable database with a 503 to retry, naming no internals and logging nothing', () => {
    const log = jest.fn();
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const page = describePageError(refused, 'r1', wording, log);
    expect(page).toMatchObject({ status: 503, title: 'Briefly unavailable', retryAfterSeconds: 5 });
    expect(page.message).toMatch(/Try again in 5 seconds/);
    expect(page.message).not.toMatch(/10\.0\.0\.5|ECONNREFUSED/);
    expect(log).not.toHaveBeenCalled();
  });

  it('logs anything else and shows a 500 naming the request id, never the error', () => {
    const log = jest.fn();
    const page = describePageError(new Error('SELECT * FROM "User"'), 'req-42', wording, log);
    expect(page.status).toBe(500);
    expect(page.message).toContain('req-42');
    expect(page.message).not.toContain('SELECT');
    expect(log).toHaveBeenCalledTimes(1);
  });
});
