/**
 * A cohort pushes the same message object to all its members, so its JSON is computed once per
 * object and shared by the tRPC encoder and the direct fan-out: a push to N tabs costs one
 * JSON.stringify of the payload, not N.
 */
const serialised = new WeakMap<object, string>();

/** A payload's JSON, computed once per payload object. */
export function serialisePayload(payload: object): string {
  let json = serialised.get(payload);
  if (json === undefined) {
    json = JSON.stringify(payload);
    serialised.set(payload, json);
  }
  return json;
}
