import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../src/cli/commands.js';
import { completionScript } from '../src/cli/completion.js';
import { formatTable, parseFields, progressReporter, render, selectFields } from '../src/cli/output.js';

describe('waybill output', () => {
  const tty = process.stderr.isTTY;
  afterEach(() => {
    process.stderr.isTTY = tty;
    vi.restoreAllMocks();
  });

  function captureStderr(isTTY: boolean): string[] {
    process.stderr.isTTY = isTTY;
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    return written;
  }

  it('draws one redrawn bar on a terminal and ends the line', () => {
    const written = captureStderr(true);
    const bar = progressReporter('RCP-1');
    bar.update(0);
    bar.update(50);
    bar.update(50);
    bar.update(100);
    bar.end();
    expect(written).toEqual([
      `\rRCP-1 [${'.'.repeat(30)}]   0%`,
      `\rRCP-1 [${'#'.repeat(15)}${'.'.repeat(15)}]  50%`,
      `\rRCP-1 [${'#'.repeat(30)}] 100%`,
      '\n',
    ]);
  });

  it('puts a note on a line of its own under the bar, and draws the bar again after it', () => {
    const written = captureStderr(true);
    const bar = progressReporter('RCP-1');
    bar.update(40);
    bar.note('waybill: lost the gateway');
    bar.update(40);
    bar.end();
    const drawn = `\rRCP-1 [${'#'.repeat(12)}${'.'.repeat(18)}]  40%`;
    expect(written).toEqual([drawn, '\nwaybill: lost the gateway\n', drawn, '\n']);
  });

  it('prints one plain line per change when stderr is not a terminal', () => {
    const written = captureStderr(false);
    const bar = progressReporter('RCP-1');
    bar.update(10);
    bar.update(10);
    bar.update(100);
    bar.end();
    expect(written).toEqual(['RCP-1: 10%\n', 'RCP-1: 100%\n']);
  });

  it('formats a table with aligned columns, and says so when empty', () => {
    expect(
      formatTable([
        { a: 'x', bb: 1 },
        { a: 'long', bb: null },
      ]),
    ).toBe('a     bb\n----  --\nx     1\nlong');
    expect(formatTable([])).toBe('(none)');
  });
});

describe('waybill --fields', () => {
  const items = [
    { uid: 'a', status: { key: 'late' }, tags: ['x'] },
    { uid: 'b', status: null, tags: [] },
  ];

  it('picks dotted paths from each item, null where a path is missing', () => {
    const fields = parseFields('uid,status.key,tags.0');
    expect(fields).toEqual(['uid', 'status.key', 'tags.0']);
    expect(selectFields(items, fields!)).toEqual([
      { uid: 'a', 'status.key': 'late', 'tags.0': 'x' },
      { uid: 'b', 'status.key': null, 'tags.0': null },
    ]);
    expect(render({ document: items, items }, { table: true, fields })).toBe(
      'uid  status.key  tags.0\n---  ----------  ------\na    late        x\nb',
    );
  });

  it('refuses empty names and fields no item has, naming the known ones', () => {
    expect(() => parseFields('uid,,status')).toThrow(/--fields takes field names separated by commas/);
    expect(() => selectFields(items, ['uid', 'colour'])).toThrow(
      'Unknown field colour (fields: uid, status, tags)',
    );
  });

  it('refuses a dotted path no item has past its first name, and judges no path that meets only nulls', () => {
    expect(() => selectFields(items, ['uid', 'status.kye'])).toThrow(
      'Unknown field status.kye (status has: key)',
    );
    const noCourier = [
      { uid: 'a', courier: null },
      { uid: 'b', courier: null },
    ];
    expect(selectFields(noCourier, ['courier.key'])).toEqual([
      { 'courier.key': null },
      { 'courier.key': null },
    ]);
  });

  it('refuses a path that runs into a string or a number, which has no fields', () => {
    expect(() => selectFields(items, ['uid.length'])).toThrow('Unknown field uid.length (uid is a string)');
    expect(() => selectFields(items, ['status.key.x'])).toThrow(
      'Unknown field status.key.x (status.key is a string)',
    );
    const counts = [{ n: 1 }, { n: null }];
    expect(() => selectFields(counts, ['n.value'])).toThrow('Unknown field n.value (n is a number)');
  });
});

describe('waybill completion', () => {
  it('completes file names after --out in bash, and options elsewhere', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'waybill-completion-'));
    try {
      await writeFile(path.join(dir, 'report.xlsx'), '');
      await writeFile(path.join(dir, 'notes.txt'), '');
      const complete = (...words: string[]) => {
        const line = `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}`;
        const script = `${completionScript('bash')}\n${line}; _waybill; printf '%s\\n' "\${COMPREPLY[@]}"`;
        return spawnSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8' }).stdout.trim().split('\n');
      };
      expect(complete('waybill', 'inbounds', 'export', 'RCP-1', '--out', 're')).toEqual(['report.xlsx']);
      expect(complete('waybill', 'inbounds', 'export', 'RCP-1', '--out', '').sort()).toEqual([
        'notes.txt',
        'report.xlsx',
      ]);
      expect(complete('waybill', 'inbounds', 'export', 'RCP-1', '--o')).toEqual(['--out']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lists every command and its options for bash, zsh and fish', () => {
    const bash = completionScript('bash');
    expect(bash).toContain('words="login logout orders inbounds clients completion --help --version"');
    expect(bash).toContain('orders) words="search watch comment" ;;');
    expect(bash).toMatch(
      /"orders search"\) words="--late .*--limit --all --url --token --json --table --fields --help"/,
    );
    expect(bash).toMatch(/"orders watch"\) words="--late .*--limit --url --token --help"/);
    expect(completionScript('zsh')).toContain('bashcompinit');
    expect(completionScript('zsh')).toContain('complete -F _waybill waybill');
    const fish = completionScript('fish');
    for (const command of COMMANDS) {
      const last = command.name.split(' ').at(-1)!;
      expect(fish).toContain(`-a ${last} -d '${command.summary.replace(/'/g, '')}'`);
    }
    expect(fish).toContain(
      "__fish_seen_subcommand_from orders; and __fish_seen_subcommand_from search' -l all",
    );
    expect(fish).toContain(
      "__fish_seen_subcommand_from inbounds; and __fish_seen_subcommand_from export' -l out -r -F",
    );
    expect(() => completionScript('tcsh')).toThrow(
      'waybill completion takes one of bash, zsh, fish (got "tcsh")',
    );
  });
});
