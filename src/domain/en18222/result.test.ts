import { describe, expect, it } from 'vitest';
import { isResultObject, resultObject } from './result.ts';

const at = new Date('2026-06-15T10:00:00.000Z');

describe('resultObject', () => {
  it('builds one message per problem with the request id and the time', () => {
    expect(
      resultObject(
        [
          { text: 'metadata/generalInformation/batteryMass: must be a number', code: 'VALIDATION_FAILED' },
          { text: 'productId is required', code: 'VALIDATION_FAILED', messageType: 'Warning' },
        ],
        { status: 400, correlationId: 'req-1', at },
      ),
    ).toEqual({
      messages: [
        {
          messageType: 'Error',
          text: 'metadata/generalInformation/batteryMass: must be a number',
          code: 'VALIDATION_FAILED',
          correlationId: 'req-1',
          timestamp: '2026-06-15T10:00:00.000Z',
        },
        {
          messageType: 'Warning',
          text: 'productId is required',
          code: 'VALIDATION_FAILED',
          correlationId: 'req-1',
          timestamp: '2026-06-15T10:00:00.000Z',
        },
      ],
    });
  });

  it('calls a server failure an Exception', () => {
    const result = resultObject(
      { text: 'Internal error', code: 'INTERNAL' },
      { status: 500, correlationId: 'r', at },
    );
    expect(result.messages[0]?.messageType).toBe('Exception');
  });

  it('refuses to build a Result without a message', () => {
    expect(() => resultObject([], { status: 404, correlationId: 'r', at })).toThrow(RangeError);
  });
});

describe('isResultObject', () => {
  it('tells the Result object from the /api/v1 error body', () => {
    const result = resultObject(
      { text: 'Not found', code: 'NOT_FOUND' },
      { status: 404, correlationId: 'r', at },
    );
    expect(isResultObject(result)).toBe(true);
    expect(
      isResultObject({ success: false, error: 'Not Found', message: 'Not found', code: 'NOT_FOUND' }),
    ).toBe(false);
    expect(isResultObject({ ...result, success: false })).toBe(false);
    expect(isResultObject({ messages: [] })).toBe(false);
    expect(isResultObject({ messages: [{ ...result.messages[0], messageType: 'Fatal' }] })).toBe(false);
    expect(isResultObject(null)).toBe(false);
  });
});
