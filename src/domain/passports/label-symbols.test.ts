import { describe, expect, it } from 'vitest';
import { categorySchemas } from '../categories/schemas/index.ts';
import { labelSymbol } from './label-symbols.ts';

type Node = { properties?: Record<string, Node>; items?: Node; enum?: string[] };

const subjects = (): string[] => {
  const labels = (categorySchemas.batteries as Node).properties?.labelling?.properties?.labels;
  return labels?.items?.properties?.subject?.enum ?? [];
};

describe('label symbols', () => {
  it('draws every label subject of the battery schema as an SVG data URL', () => {
    expect(subjects().length).toBeGreaterThan(5);
    for (const subject of subjects()) {
      const url = labelSymbol(subject);
      expect(url, subject).toMatch(/^data:image\/svg\+xml,/);
      const svg = decodeURIComponent((url as string).slice('data:image/svg+xml,'.length));
      expect(svg, subject).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 48 48"[^>]*>.*<\/svg>$/,
      );
      // Nothing in a drawing reaches outside it.
      expect(svg, subject).not.toMatch(/href|url\(|<script|<image/i);
    }
  });

  it('has no picture for a value it does not know', () => {
    expect(labelSymbol('NOT_A_SUBJECT')).toBeNull();
  });
});
