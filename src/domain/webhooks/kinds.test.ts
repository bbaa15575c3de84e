import { describe, expect, it } from 'vitest';
import { webhookKindOf } from './kinds.ts';

describe('webhookKindOf', () => {
  it('maps the changes that emit webhooks', () => {
    expect(webhookKindOf('passport.created', {})).toBe('passport.ingested');
    expect(webhookKindOf('passport.updated', {})).toBe('passport.ingested');
    expect(webhookKindOf('passport.sealed', {})).toBe('passport.sealed');
    expect(webhookKindOf('passport.status_changed', { status: 'RECALLED' })).toBe('passport.recalled');
    expect(webhookKindOf('batteryunit.created', {})).toBe('batteryunit.created');
  });

  it('emits nothing for other changes', () => {
    expect(webhookKindOf('passport.status_changed', { status: 'ARCHIVED' })).toBeNull();
    expect(webhookKindOf('passport.deleted', {})).toBeNull();
    expect(webhookKindOf('key.created', undefined)).toBeNull();
  });
});
