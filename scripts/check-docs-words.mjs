#!/usr/bin/env node
// Fails when a Markdown file, or a comment in a source file, speaks of how the code was built (a work
// session, round or issue by number, a brief) or cites a specification the repository does not hold:
// docs and comments state the fact or the rule itself. Prints file:line and the words, exits 1.
// Every run first checks its own matcher (`--self-test` runs only that check).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The words, case-insensitive. "session" alone is a product word (gateway sessions): only by number. */
export const FORBIDDEN = [
  /\bsessions? #?\d+/i,
  /\bthis session\b/i,
  /\bissues? #?\d+/i,
  /\bthe brief\b/i,
  /\brounds? \d+/i,
  // The product's specification is not in the repository, so nothing cites it, by name or by section
  // number. Identifiers are not citations: `LiveListSpec`, `spec.name`, `*.spec.ts`.
  /(?<![\w.\-/@])specs?\b(?!\.\w|\(|-)/i,
];

/** Each forbidden phrase found in `text`, as written there. */
export function forbiddenWords(text) {
  const found = [];
  for (const pattern of FORBIDDEN) {
    const match = pattern.exec(text);
    if (match) found.push(match[0]);
  }
  return found;
}

const SLASH_COMMENTS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.css']);
const HASH_COMMENTS = new Set(['.sh', '.yml', '.yaml', '.conf']);
const HASH_NAMES = new Set(['Dockerfile', '.gitignore', '.dockerignore']);
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'coverage', '.vite']);
const SKIP_FILES = new Set(['pnpm-lock.yaml']);

/**
 * The comment text of `source`, as [line number, text] pairs: `//` and `/* … *\/` comments outside
 * strings and template literals (a regular expression literal holding a quote can hide the rest of
 * its line, no more).
 */
export function slashComments(source) {
  const out = [];
  let line = 1;
  let state = 'code';
  let text = '';
  let textLine = 1;
  const templates = [];
  const flush = () => {
    if (text.trim()) out.push([textLine, text]);
    text = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    const next = source[i + 1];
    if (state === 'line') {
      if (c === '\n') {
        flush();
        state = 'code';
      } else text += c;
    } else if (state === 'block') {
      if (c === '*' && next === '/') {
        flush();
        state = 'code';
        i++;
      } else if (c === '\n') {
        flush();
        textLine = line + 1;
      } else text += c;
    } else if (state === "'" || state === '"') {
      if (c === '\\' && next === '\n') line++;
      if (c === '\\') i++;
      else if (c === state || c === '\n') state = 'code';
    } else if (state === '`') {
      if (c === '\\' && next === '\n') line++;
      if (c === '\\') i++;
      else if (c === '`') state = 'code';
      else if (c === '$' && next === '{') {
        templates.push(0);
        state = 'code';
        i++;
      }
    } else if (c === '/' && next === '/') {
      state = 'line';
      textLine = line;
      i++;
    } else if (c === '/' && next === '*') {
      state = 'block';
      textLine = line;
      i++;
    } else if (c === "'" || c === '"' || c === '`') {
      state = c;
    } else if (templates.length > 0 && c === '{') {
      templates[templates.length - 1] += 1;
    } else if (templates.length > 0 && c === '}') {
      if (templates[templates.length - 1] === 0) {
        templates.pop();
        state = '`';
      } else templates[templates.length - 1] -= 1;
    }
    if (c === '\n') line++;
  }
  flush();
  return out;
}

/** `#` comments of a shell, YAML or config file, as [line number, text] pairs. */
export function hashComments(source) {
  const out = [];
  source.split('\n').forEach((text, index) => {
    const at = text.search(/(^|\s)#/);
    if (at >= 0) out.push([index + 1, text.slice(at)]);
  });
  return out;
}

/** What to read in a file: every line of Markdown, the comments of source files, nothing else. */
export function checkedText(path, source) {
  const ext = extname(path);
  if (ext === '.md') return source.split('\n').map((text, index) => [index + 1, text]);
  if (SLASH_COMMENTS.has(ext)) return slashComments(source);
  if (HASH_COMMENTS.has(ext) || HASH_NAMES.has(basename(path))) return hashComments(source);
  if (ext === '' && /^#!.*\b(ba)?sh\b/.test(source)) return hashComments(source);
  return [];
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* files(join(dir, entry.name));
    } else if (entry.isFile() && !SKIP_FILES.has(entry.name)) yield join(dir, entry.name);
  }
}

function selfTest() {
  const hits = (text) => forbiddenWords(text).map((w) => w.toLowerCase());
  assert.deepEqual(hits('measured in session 16'), ['session 16']);
  assert.deepEqual(hits('Sessions 14 and 16'), ['sessions 14']);
  assert.deepEqual(hits('as issue 8 asks'), ['issue 8']);
  assert.deepEqual(hits('fixed in Issue #8'), ['issue #8']);
  assert.deepEqual(hits('as the brief asks'), ['the brief']);
  assert.deepEqual(hits('done in this session'), ['this session']);
  assert.deepEqual(hits('round 3 missed it'), ['round 3']);
  assert.deepEqual(hits('as The Spec says'), ['spec']);
  assert.deepEqual(hits("the spec's routes"), ['spec']);
  assert.deepEqual(hits('see spec 9'), ['spec']);
  assert.deepEqual(hits('what the specs left open'), ['specs']);
  assert.deepEqual(hits('shown (spec), Spec: "a count line"'), ['spec']);
  assert.deepEqual(hits('spec.name, LiveListSpec, a.spec.ts, spec(x), spec-compliant'), []);
  // Product words stay allowed.
  assert.deepEqual(hits('the session cookie, a gateway session, sessions per user'), []);
  assert.deepEqual(hits('issues a token; a browser issue; a brief pause; three rounds'), []);
  assert.deepEqual(hits('LiveListSpec 2; the specification; spectrum; round-trip; brief'), []);
  // Comments only, outside strings and templates.
  const ts = [
    "const url = 'http://x'; // session 4",
    // A template literal with a comment inside its placeholder, and `//` in its text.
    'const msg = `this session $' + '{a /* round 2 */} // not a comment`;',
    '/**',
    ' * the spec',
    ' */',
    'const s = \'the brief\'; const t = "issue 9";',
  ].join('\n');
  assert.deepEqual(
    slashComments(ts)
      .map(([line, text]) => [line, hits(text)])
      .filter(([, found]) => found.length > 0),
    [
      [1, ['session 4']],
      [2, ['round 2']],
      [4, ['spec']],
    ],
  );
  assert.deepEqual(
    hashComments('echo "#x" # issue 3\n# the brief').map(([l, t]) => [l, hits(t)]),
    [
      [1, ['issue 3']],
      [2, ['the brief']],
    ],
  );
  assert.deepEqual(checkedText('a.json', 'session 4'), []);
  assert.deepEqual(
    checkedText('run', '#!/usr/bin/env bash\n# round 1').flatMap(([, text]) => hits(text)),
    ['round 1'],
  );
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  selfTest();
  if (process.argv.includes('--self-test')) {
    console.log('check-docs-words: self-test passed');
    process.exit(0);
  }
  const root = fileURLToPath(new URL('..', import.meta.url));
  const problems = [];
  for (const path of files(root)) {
    const rel = relative(root, path);
    for (const [line, text] of checkedText(rel, readFileSync(path, 'utf8')))
      for (const word of forbiddenWords(text)) problems.push(`${rel}:${line}: "${word}"`);
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} place(s) speak of how the code was built or cite a spec the repository does not hold: state the fact or the rule itself.`,
    );
    process.exit(1);
  }
  console.log('check-docs-words: no history words or spec citations in docs and comments');
}
