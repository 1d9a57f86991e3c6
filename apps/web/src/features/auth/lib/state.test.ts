import { afterEach, describe, expect, it } from 'vitest';
import { afterLoginPath, loginPath, rememberReturnPath, takeReturnPath } from './state.js';

describe('sign-in return path', () => {
  afterEach(() => sessionStorage.clear());

  it('loginPath carries the asked page, not the first screen', () => {
    expect(loginPath(null, '/inbounds?search=abc')).toBe('/login?next=%2Finbounds%3Fsearch%3Dabc');
    expect(loginPath(null, '/realtime/order?uid=o1')).toBe('/login?next=%2Frealtime%2Forder%3Fuid%3Do1');
    expect(loginPath(null, '/realtime')).toBe('/login');
    expect(loginPath(null, '/')).toBe('/login');
    expect(loginPath(null, '/realtime?state=short')).toBe('/login');
    expect(loginPath(null, '/clients?state=short&size=S')).toBe('/login?next=%2Fclients%3Fsize%3DS');
    expect(loginPath(null, '//evil.example')).toBe('/login');
  });

  it('a shop-install state wins over the asked page', () => {
    expect(loginPath('abcdefghijkl', '/clients')).toBe('/login?state=abcdefghijkl');
    expect(afterLoginPath('abcdefghijkl', '/clients')).toBe('/realtime?state=abcdefghijkl');
  });

  it('afterLoginPath returns to a same-origin path only', () => {
    expect(afterLoginPath(null, '/clients')).toBe('/clients');
    expect(afterLoginPath(null, '/inbounds/inbound?uid=ir_1')).toBe('/inbounds/inbound?uid=ir_1');
    expect(afterLoginPath(null, '//evil.example')).toBe('/realtime');
    expect(afterLoginPath(null, 'https://evil.example/')).toBe('/realtime');
    expect(afterLoginPath(null, '/\\evil.example')).toBe('/realtime');
    expect(afterLoginPath(null, null)).toBe('/realtime');
  });

  it('keeps the page across the Google round trip once, and refuses an unsafe stored value', () => {
    rememberReturnPath('/clients?size=S');
    expect(takeReturnPath()).toBe('/clients?size=S');
    expect(takeReturnPath()).toBeNull();
    sessionStorage.setItem('waybill.returnPath', '//evil.example');
    expect(takeReturnPath()).toBeNull();
    rememberReturnPath('/inbounds');
    rememberReturnPath(null);
    expect(takeReturnPath()).toBeNull();
  });
});
