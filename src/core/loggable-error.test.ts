import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';

describe('loggableError', () => {
  it('keeps a failed query to its statement and SQLSTATE, never its parameters or detail', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret-value"'), {
      code: '22P02',
      detail: 'Key (secret_hash)=(abcdef) already exists',
    });
    const failed = Object.assign(
      new Error('Failed query: select "id" from "api_keys" where "secret_hash" = $1\nparams: abcdef'),
      { query: 'select "id" from "api_keys" where "secret_hash" = $1', params: ['abcdef'], cause },
    );
    const logged = loggableError(failed);
    expect(logged).toEqual({
      type: 'StoreError',
      message: 'store error 22P02',
      code: '22P02',
      statement: 'select "id" from "api_keys" where "secret_hash" = $1',
    });
    expect(JSON.stringify(logged)).not.toMatch(/abcdef|secret-value/);
  });

  it('keeps ordinary errors whole', () => {
    const error = new TypeError('boom');
    expect(loggableError(error)).toMatchObject({
      type: 'TypeError',
      message: 'boom',
      stack: expect.any(String),
    });
    expect(loggableError('text')).toEqual({ type: 'string', message: 'a non-Error value was thrown' });
  });
});
