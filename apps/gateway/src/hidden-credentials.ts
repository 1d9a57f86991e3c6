/**
 * A setting's value as a message may show it: any URL's user name and password (`//user:secret@`)
 * replaced with `//…@`. Imports nothing, so tracing can use it before the app's modules load.
 */
export function withoutCredentials(value: string): string {
  return value.replace(/\/\/[^/@\s]*@/g, '//…@');
}
