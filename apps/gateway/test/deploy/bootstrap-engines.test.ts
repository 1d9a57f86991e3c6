import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The start scripts' rule for "is this Node new enough", read from the real package.json. */
interface Bootstrap {
  requiredNode(): [number, number];
  meetsEngines(version: string): boolean;
}
const { requiredNode, meetsEngines } = (await import(
  new URL('../../../../scripts/bootstrap.mjs', import.meta.url).href
)) as Bootstrap;

describe("npm start's Node check", () => {
  it("reads the lowest version package.json's engines accepts", () => {
    const engines = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'))
      .engines.node as string;
    const [major, minor] = requiredNode();
    expect(engines).toMatch(new RegExp(`^>=\\s*${major}\\.${minor}\\b`));
  });

  it('accepts that version and later ones, and refuses older ones, comparing numbers not text', () => {
    const [major, minor] = requiredNode();
    expect(meetsEngines(`${major}.${minor}.0`)).toBe(true);
    expect(meetsEngines(`${major}.${minor + 10}.3`)).toBe(true);
    expect(meetsEngines(`${major + 1}.0.0`)).toBe(true);
    expect(meetsEngines(`${major - 1}.${minor + 50}.0`)).toBe(false);
    if (minor > 0) expect(meetsEngines(`${major}.${minor - 1}.99`)).toBe(false);
    // As text "22.2" sorts after "22.19"; as numbers it is older.
    if (minor >= 10) expect(meetsEngines(`${major}.${Math.floor(minor / 10) + 1}.0`)).toBe(false);
  });
});
