// Fails the test (or the file, for answers given in its beforeAll/afterAll) during which an answer
// did not match its route's declared response schema. See response-check.ts.
import { afterAll, afterEach } from 'vitest';
import { takeResponseViolations } from './response-check.ts';

function failOnViolations() {
  const found = takeResponseViolations();
  if (found.length > 0) {
    throw new Error(`Answers that contradict their declared response schemas:\n${found.join('\n')}`);
  }
}

afterEach(failOnViolations);
afterAll(failOnViolations);
