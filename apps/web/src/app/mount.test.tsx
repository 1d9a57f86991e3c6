import { describe, expect, it } from 'vitest';
import { mountApp } from './mount.js';

describe('mountApp', () => {
  it("throws 'Root element not found' when the page has no #root", () => {
    document.body.innerHTML = '';
    expect(() => mountApp(document)).toThrow('Root element not found');
  });
});
