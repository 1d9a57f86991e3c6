import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from './safe-return-path.js';

describe('safeReturnPath', () => {
  it.each([
    ['/inbounds', '/inbounds'],
    ['/clients?size=S', '/clients?size=S'],
    ['/realtime/order?uid=ord_1&tab=comments', '/realtime/order?uid=ord_1&tab=comments'],
    ['/inbounds/inbound?uid=ir_1#products', '/inbounds/inbound?uid=ir_1#products'],
    ['/', '/'],
    ['/a/../clients', '/clients'],
    ['/loginx', '/loginx'],
  ])('accepts the same-origin path %j as %j', (raw, path) => {
    expect(safeReturnPath(raw)).toBe(path);
  });

  it.each([
    ['protocol-relative', '//evil.example/inbounds'],
    ['protocol-relative, three slashes', '///evil.example'],
    ['absolute http', 'http://evil.example/'],
    ['absolute https', 'https://evil.example/'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['scheme without slashes', 'http:evil.example'],
    ['backslash after the slash', '/\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['backslash inside', '/inbounds\\..\\x'],
    ['relative path', 'inbounds'],
    ['empty', ''],
    ['tab inside the scheme gap', '/\t/evil.example'],
    ['newline', '/inbounds\n'],
    ['space', '/ /evil.example'],
    ['encoded slash at the start', '/%2F%2Fevil.example'],
    ['encoded backslash at the start', '/%5Cevil.example'],
    ['non-ASCII', '/inbounds\u2215evil'],
    ['the sign-in page', '/login'],
    ['the sign-in page with a query', '/login?next=/login'],
    ['the Google callback', '/login/callback/google?code=x'],
  ])('refuses %s (%j)', (_name, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses non-strings and over-long paths', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(RETURN_PATH_MAX_LENGTH - 1)}`)).not.toBeNull();
  });
});
