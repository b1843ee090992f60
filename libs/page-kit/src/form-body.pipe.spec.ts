import { describe, expect, it } from '@jest/globals';
import { type FormBody, formBody } from './form-body.pipe.js';

describe(formBody.name, () => {
  const seen = (body: unknown): FormBody => formBody((read) => read).transform(body, { type: 'body' });

  it('hands the reader the parsed form, and no body for anything that is not one', () => {
    expect(seen({ email: 'ada@example.com' })).toEqual({ email: 'ada@example.com' });
    expect(seen(undefined)).toBeUndefined();
    expect(seen('email=ada')).toBeUndefined();
  });

  it('answers what the reader makes of it', () => {
    const pipe = formBody((body) => ({ name: typeof body?.name === 'string' ? body.name : '' }));
    expect(pipe.transform({ name: 'Ada' }, { type: 'body' })).toEqual({ name: 'Ada' });
    expect(pipe.transform(undefined, { type: 'body' })).toEqual({ name: '' });
  });
});
