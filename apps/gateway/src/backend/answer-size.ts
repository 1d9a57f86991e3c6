/**
 * How long the backend's JSON text was, per answer it was parsed into: what the answer takes to send
 * on is bounded by it, so a list answer far under its byte cap needs no measuring (live-lists'
 * assertAnswerFits). Kept beside the answer object, gone with it.
 */
const sizes = new WeakMap<object, number>();

export function recordAnswerSize(answer: unknown, chars: number): void {
  if (answer !== null && typeof answer === 'object') sizes.set(answer, chars);
}

/** The backend text's length in characters (UTF-16 units), or undefined when not read from the backend. */
export function answerSizeOf(answer: unknown): number | undefined {
  return answer !== null && typeof answer === 'object' ? sizes.get(answer) : undefined;
}
