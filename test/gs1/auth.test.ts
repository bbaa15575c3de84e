// The shared authentication contract on the GS1 helper routes.
import { describe } from 'vitest';
import { authContract } from '../helpers/auth-contract.ts';

describe('GS1 helper routes', () => {
  describe('POST /api/v1/gs1/gtin', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/gs1/gtin',
      url: () => '/api/v1/gs1/gtin',
      payload: { gtin: '09520123456788' },
    });
  });
  describe('POST /api/v1/gs1/decode', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/gs1/decode',
      url: () => '/api/v1/gs1/decode',
      payload: { data: '(01)09520123456788' },
    });
  });
  describe('POST /api/v1/gs1/decode/batch', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/gs1/decode/batch',
      url: () => '/api/v1/gs1/decode/batch',
      payload: { items: ['(01)09520123456788'] },
    });
  });
});
