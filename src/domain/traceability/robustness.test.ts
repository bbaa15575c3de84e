import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDigitalLinkKey } from './digital-link-key.ts';
import { parseEpcUri } from './epc-uri.ts';
import { validateEpcisDocument, validateEpcisEvent } from './epcis-document.ts';
import { validateTraceabilityEvent } from './event-body.ts';
import { epcisDocument, objectEvent, transformationEvent } from './samples.ts';

const answered = (result: { ok: boolean }) => result.ok === true || result.ok === false;

describe('robustness', () => {
  it('answers any JSON value with a result, never an exception', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        return (
          answered(validateEpcisDocument(value)) &&
          answered(validateEpcisEvent(value)) &&
          answered(validateTraceabilityEvent(value)) &&
          answered(validateEpcisDocument(epcisDocument([value])))
        );
      }),
    );
  });

  it('answers an event with any one field replaced by any JSON value', () => {
    const base = { ...objectEvent(), ...transformationEvent(), type: 'ObjectEvent' };
    const fields = Object.keys(base);
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.jsonValue(),
        fc.constantFrom('ObjectEvent', 'TransformationEvent'),
        (field, value, type) => {
          const event = { ...base, type, [field]: value };
          const result = validateEpcisEvent(event);
          return result.ok ? result.events.length === 1 : result.problems.length > 0;
        },
      ),
    );
  });

  it('reads any string as an EPC URI or a Digital Link without throwing', () => {
    fc.assert(
      fc.property(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true }), (text, url) => {
        parseEpcUri(text);
        parseEpcUri(`urn:epc:id:sgtin:${text}`);
        parseDigitalLinkKey(text);
        parseDigitalLinkKey(url);
        parseDigitalLinkKey(`https://example.com/01/${text}`);
        return true;
      }),
    );
    expect(parseDigitalLinkKey('https://example.com/01/%E0%A4%A')).toBeUndefined();
  });
});
