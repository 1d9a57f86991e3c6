import { createInterface } from 'node:readline/promises';

/** Answers piped on stdin (not a TTY), one per line, in the order they are asked. */
let pipedLines: string[] | null = null;

async function pipedLine(): Promise<string> {
  if (!pipedLines) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    pipedLines = text.split(/\r?\n/);
  }
  return pipedLines.shift() ?? '';
}

export async function ask(question: string): Promise<string> {
  if (!process.stdin.isTTY) return (await pipedLine()).trim();
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** Reads a password without echoing it on a terminal; from stdin as is otherwise. */
export async function askSecret(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) return pipedLine();
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}
