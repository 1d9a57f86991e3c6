import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN_PATH_MAX_LENGTH, sameOriginPath } from './same-origin-path.js';

describe('sameOriginPath', () => {
  it.each([
    ['/realtime', '/realtime'],
    ['/login?state=abcdefghijkl', '/login?state=abcdefghijkl'],
    ['/a/../clients#x', '/clients#x'],
  ])('accepts the same-origin path %j as %j', (raw, path) => {
    expect(sameOriginPath(raw)).toBe(path);
  });

  it.each([
    '//evil.example/x',
    '///evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'realtime',
    '',
  ])('refuses %j, which leaves the origin or is no path', (raw) => {
    expect(sameOriginPath(raw)).toBeNull();
  });

  it('refuses non-strings and over-long paths', () => {
    expect(sameOriginPath(undefined)).toBeNull();
    expect(sameOriginPath(7)).toBeNull();
    expect(sameOriginPath(`/${'a'.repeat(SAME_ORIGIN_PATH_MAX_LENGTH)}`)).toBeNull();
  });
});
