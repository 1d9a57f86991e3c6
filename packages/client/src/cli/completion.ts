import { COMMANDS, COMMON_OPTIONS, OPTION_HELP, type OptionName } from './commands.js';
import { usageError } from './errors.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** Options whose value is a file name: completed with the files there are. */
const FILE_OPTIONS = (Object.keys(OPTION_HELP) as OptionName[])
  .filter((name) => OPTION_HELP[name].value === 'FILE')
  .map((name) => `--${name}`);

/** Per command: its words and its options as `--name`. */
function table() {
  return COMMANDS.map((c) => ({
    words: c.name.split(' '),
    summary: c.summary,
    options: [...c.options, ...COMMON_OPTIONS].map((o) => `--${o}`),
  }));
}

function groups() {
  const byFirst = new Map<string, string[]>();
  for (const { words } of table()) {
    const [first, second] = words;
    const list = byFirst.get(first!) ?? [];
    if (second) list.push(second);
    byFirst.set(first!, list);
  }
  return byFirst;
}

function bash(): string {
  const firsts = [...groups().keys()].join(' ');
  const subcommands = [...groups()]
    .filter(([, subs]) => subs.length)
    .map(([first, subs]) => `    ${first}) words="${subs.join(' ')}" ;;`)
    .join('\n');
  const options = table()
    .map((c) => `    "${c.words.join(' ')}") words="${c.options.join(' ')}" ;;`)
    .join('\n');
  return `# waybill completion for bash: eval "$(waybill completion bash)"
_waybill() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" words=""
  case "$prev" in ${FILE_OPTIONS.join('|')})
    # zsh's bashcompinit has no compopt: names come without the folder slash there.
    type compopt &>/dev/null && compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
    return ;;
  esac
  if [ "$COMP_CWORD" -eq 1 ]; then
    words="${firsts} --help --version"
  elif [ "$COMP_CWORD" -eq 2 ] && [[ "$cur" != -* ]]; then
    case "\${COMP_WORDS[1]}" in
${subcommands}
    completion) words="bash zsh fish" ;;
    esac
  else
    local command="\${COMP_WORDS[1]}"
    case "\${COMP_WORDS[2]}" in -*|"") ;; *) [ "$COMP_CWORD" -gt 2 ] && command="$command \${COMP_WORDS[2]}" ;; esac
    case "$command" in
${options}
    esac
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _waybill waybill
`;
}

function zsh(): string {
  // zsh runs bash completion functions through bashcompinit: one script for both.
  return `#compdef waybill
# waybill completion for zsh: eval "$(waybill completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bash().split('\n').slice(1).join('\n')}`;
}

function fish(): string {
  const top = `complete -c waybill -n '__fish_use_subcommand'`;
  const lines = [
    '# waybill completion for fish: waybill completion fish | source',
    'complete -c waybill -f',
    `${top} -l version -d "print waybill's version"`,
  ];
  for (const [first, subs] of groups())
    if (subs.length) lines.push(`${top} -a ${first} -d '${first} commands'`);
  for (const c of table()) {
    const [first, second] = c.words;
    const summary = c.summary.replace(/'/g, '');
    if (second)
      lines.push(
        `complete -c waybill -n '__fish_seen_subcommand_from ${first}; and not __fish_seen_subcommand_from ${second}' -a ${second} -d '${summary}'`,
      );
    else lines.push(`${top} -a ${first} -d '${summary}'`);
    const seen = second
      ? `__fish_seen_subcommand_from ${first}; and __fish_seen_subcommand_from ${second}`
      : `__fish_seen_subcommand_from ${first}`;
    // -f above turns file names off: an option taking one asks for them back (-r -F).
    for (const option of c.options)
      lines.push(
        `complete -c waybill -n '${seen}' -l ${option.slice(2)}${FILE_OPTIONS.includes(option) ? ' -r -F' : ''}`,
      );
  }
  lines.push(`complete -c waybill -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'`);
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: string | undefined): string {
  if (shell === 'bash') return bash();
  if (shell === 'zsh') return zsh();
  if (shell === 'fish') return fish();
  throw usageError(`waybill completion takes one of ${SHELLS.join(', ')} (got "${shell ?? ''}")`);
}
