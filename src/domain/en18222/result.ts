// The EN 18222 clause 7.2 Result object that every failure of the Life Cycle API answers:
// `{ messages: [{ messageType, text, code, correlationId, timestamp }] }`. The HTTP status carries
// the outcome; `code` is our stable error code (docs/errors.md), so a client branches on the same
// codes on both surfaces; `correlationId` is the request id (also sent as `X-Request-Id`).

export const MESSAGE_TYPES = ['Info', 'Warning', 'Error', 'Exception'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface ResultMessage {
  messageType: MessageType;
  text: string;
  code: string;
  correlationId: string;
  timestamp: string;
}

export interface Result {
  messages: ResultMessage[];
}

export interface ResultProblem {
  text: string;
  code: string;
  /** Defaults to `Exception` for a server failure (5xx) and `Error` otherwise. */
  messageType?: MessageType;
}

export interface ResultContext {
  status: number;
  correlationId: string;
  at: Date;
}

/**
 * The Result object of one failure, or of several (one message each, as a validation failure lists
 * its fields). There is always at least one message: an empty list is refused.
 */
export function resultObject(
  problems: ResultProblem | readonly ResultProblem[],
  context: ResultContext,
): Result {
  const list = Array.isArray(problems) ? problems : [problems as ResultProblem];
  if (list.length === 0) throw new RangeError('A Result object carries at least one message');
  const timestamp = context.at.toISOString();
  const fallback: MessageType = context.status >= 500 ? 'Exception' : 'Error';
  return {
    messages: list.map((problem) => ({
      messageType: problem.messageType ?? fallback,
      text: problem.text,
      code: problem.code,
      correlationId: context.correlationId,
      timestamp,
    })),
  };
}

/** Whether a body has the Result object's shape (used to keep the two error surfaces apart). */
export function isResultObject(body: unknown): body is Result {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { messages, ...rest } = body as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every((message) => {
      if (typeof message !== 'object' || message === null) return false;
      const m = message as Record<string, unknown>;
      return (
        (MESSAGE_TYPES as readonly unknown[]).includes(m.messageType) &&
        typeof m.text === 'string' &&
        typeof m.code === 'string' &&
        typeof m.correlationId === 'string' &&
        typeof m.timestamp === 'string' &&
        !Number.isNaN(Date.parse(m.timestamp)) &&
        Object.keys(m).length === 5
      );
    })
  );
}
