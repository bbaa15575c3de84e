import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { validationMessage } from './validation-message.ts';

const failed = (validation: unknown[], message = 'framework words'): FastifyError =>
  Object.assign(new Error(message), { validation, validationContext: 'body' }) as unknown as FastifyError;

describe('validationMessage', () => {
  it('lists the values of an enum', () => {
    const error = failed([
      {
        keyword: 'enum',
        instancePath: '/tier',
        params: { allowedValues: ['starter', 'growth'] },
        message: 'must be equal to one of the allowed values',
      },
    ]);
    expect(validationMessage(error)).toBe('body/tier must be one of: starter, growth');
  });

  it('lists the constants of a union of literals once, without the anyOf words', () => {
    const error = failed([
      {
        keyword: 'const',
        instancePath: '/role',
        params: { allowedValue: 'ADMIN' },
        message: 'must be equal to constant',
      },
      {
        keyword: 'const',
        instancePath: '/role',
        params: { allowedValue: 'AUDITOR' },
        message: 'must be equal to constant',
      },
      { keyword: 'anyOf', instancePath: '/role', params: {}, message: 'must match a schema in anyOf' },
    ]);
    expect(validationMessage(error)).toBe('body/role must be one of: ADMIN, AUDITOR');
  });

  it('keeps the framework message when no choice was refused', () => {
    const error = failed([
      { keyword: 'maxLength', instancePath: '/name', params: { limit: 3 }, message: 'x' },
    ]);
    expect(validationMessage(error)).toBe('framework words');
  });
});
