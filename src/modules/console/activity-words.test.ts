import { describe, expect, it } from 'vitest';
import { activitySentence } from './activity-words.ts';

const said = (sentence: { before: string; after: string }, name: string) =>
  `${sentence.before}${name}${sentence.after}`;

describe('activity as sentences', () => {
  it('names a status change by what it did', () => {
    const published = activitySentence(
      'en',
      { action: 'passport.status_changed', details: { status: 'ACTIVE', from: 'DRAFT' } },
      'anna@example.com',
    );
    expect(said(published, 'VC-300 LFP 48V')).toBe('anna@example.com published VC-300 LFP 48V');
    const recalled = activitySentence(
      'de',
      { action: 'passport.status_changed', details: { status: 'RECALLED', from: 'ACTIVE' } },
      'anna@example.com',
    );
    expect(said(recalled, 'VC-300')).toBe('anna@example.com hat VC-300 zurückgerufen');
    const back = activitySentence(
      'en',
      { action: 'passport.status_changed', details: { status: 'ACTIVE', from: 'RECALLED' } },
      'A',
    );
    expect(said(back, 'X')).toBe('A reactivated X');
  });

  it('words other events, and keeps an unknown action visible', () => {
    expect(said(activitySentence('fr', { action: 'passport.created' }, 'A'), 'X')).toBe('A a créé X');
    expect(said(activitySentence('en', { action: 'webhook.rotated' }, 'A'), 'X')).toBe(
      'A: X (webhook.rotated)',
    );
  });
});
