/**
 * The completion scripts for bash, zsh and fish. Each holds the tree as lookup functions (case by
 * command path) and one function that walks the words typed so far: it finds the command path,
 * skips flag values, and offers subcommands, flags or a flag's values. Team names and emails come from
 * `pulse __complete teams|people`, run with the line's --store, --profile and --as.
 */
import type { SHELLS } from './completion.command.js';
import type { CompletionNode, Values } from './spec.js';

export type Shell = (typeof SHELLS)[number];

/** Words the scripts embed come from the program; anything a shell could read as syntax is a bug. */
function word(text: string): string {
  if (!/^[\w@.:,/+-]*$/.test(text))
    throw new Error(`cannot embed ${JSON.stringify(text)} in a completion script`);
  return text;
}
/** A command path: words and the spaces between them, always embedded in single quotes. */
const key = (path: string) => path.split(' ').map(word).join(' ');
const words = (list: readonly string[]) => list.map(word).join(' ');
const valuesText = (values: Values) => ('words' in values ? words(values.words) : `@${values.dynamic}`);

/** The values each flag (`path|--flag`) and each command's argument (`path|`) completes to. */
function valueRowsOf(nodes: readonly CompletionNode[]): [string, string][] {
  const rows: [string, string][] = [];
  for (const node of nodes) {
    for (const [flag, values] of node.flagValues)
      rows.push([`${key(node.path)}|${flag}`, valuesText(values)]);
    if (node.argumentValues) rows.push([`${key(node.path)}|`, valuesText(node.argumentValues)]);
  }
  return rows;
}

/** A case table per lookup, in sh syntax (bash and zsh read it alike). */
function shTables(nodes: readonly CompletionNode[], globals: readonly string[]): string {
  const table = (name: string, rows: [string, string][]) =>
    [
      `_pulse_${name}() {`,
      '  case "$1" in',
      ...rows.filter(([, value]) => value !== '').map(([key, value]) => `    '${key}') echo '${value}' ;;`),
      '  esac',
      '}',
    ].join('\n');
  const valueRows = valueRowsOf(nodes);
  return [
    `_pulse_global_value_flags=' ${words(globals)} '`,
    table(
      'subcommands',
      nodes.map((node) => [key(node.path), words(node.subcommands)]),
    ),
    table(
      'flags',
      nodes.map((node) => [key(node.path), words(node.flags)]),
    ),
    table(
      'value_flags',
      nodes.map((node) => [key(node.path), words(node.valueFlags)]),
    ),
    table('values', valueRows),
  ].join('\n');
}

/**
 * The walk over the typed words, in sh syntax for bash and zsh. Sets cmdpath (the command path),
 * pending (the flag the current word is a value of), positional (arguments seen) and globals.
 * `path` is not used as a name: in zsh it is tied to PATH.
 */
/**
 * What to offer when no flag waits for its value (bash and zsh alike): flags after a dash, else the
 * subcommands, else the command's argument values.
 */
const SH_OTHER_VALUES = `  elif [[ $cur == -* ]]; then
    values="$(_pulse_flags "$cmdpath")"
  elif [[ $positional == 0 ]]; then
    values="$(_pulse_subcommands "$cmdpath")"
    [[ -z $values ]] && values="$(_pulse_values "$cmdpath|")"
  fi`;

/**
 * A value typed in the flag's word: `--flag=VALUE` (zsh, or bash without = in COMP_WORDBREAKS) completes
 * VALUE and offers whole words (prefix `--flag=`); bash's own split leaves `=` as the word (nothing typed
 * yet). In --json's fields only the part after the last comma is completed.
 */
const SH_VALUE_IN_WORD = `  local prefix=''
  if [[ $cur == --*=* ]]; then
    pending="\${cur%%=*}" prefix="\${cur%%=*}=" cur="\${cur#*=}"
  elif [[ $cur == = && \${words_[last - 1]} == --* ]]; then
    pending="\${words_[last - 1]}" cur=''
  fi
  [[ $pending == --json && $cur == -* ]] && pending=''
  if [[ $pending == --json && $cur == *,* ]]; then
    prefix="$prefix\${cur%,*}," cur="\${cur##*,}"
  fi`;

const SH_WALK = `  local cmdpath='' pending='' positional=0 word prev='' i
  globals=()
  for ((i = first; i < last; i++)); do
    word="\${words_[i]}"
    # bash splits --flag=value at the = (COMP_WORDBREAKS): the word after it is the flag's value.
    if [[ $word == = && $prev == --* ]]; then
      pending="$prev" prev="$word"
      continue
    fi
    prev="$word"
    # --json takes the next word only when it is not a flag (settleJsonWord).
    [[ $pending == --json && $word == -* ]] && pending=''
    if [[ -n $pending ]]; then
      [[ $_pulse_global_value_flags == *" $pending "* ]] && globals+=("$pending" "$word")
      pending=''
      continue
    fi
    case "$word" in
      --*=*) [[ $_pulse_global_value_flags == *" \${word%%=*} "* ]] && globals+=("$word") ;;
      -*)
        if [[ $_pulse_global_value_flags == *" $word "* || " $(_pulse_value_flags "$cmdpath") " == *" $word "* ]]; then
          pending="$word"
        fi
        ;;
      *)
        if [[ $positional == 0 && " $(_pulse_subcommands "$cmdpath") " == *" $word "* ]]; then
          cmdpath="\${cmdpath:+$cmdpath }$word"
        else
          positional=$((positional + 1))
        fi
        ;;
    esac
  done`;

/** Both shells walk the words typed so far, then read a value typed inside the current word. */
const SH_READ_WORDS = `${SH_WALK}
${SH_VALUE_IN_WORD}`;

/** The values of the flag being completed: as this command declares them, else as the root does (global flags). */
const SH_PENDING_VALUES = `  if [[ -n $pending ]]; then
    values="$(_pulse_values "$cmdpath|$pending")"
    [[ -z $values ]] && values="$(_pulse_values "|$pending")"`;

function bash(nodes: readonly CompletionNode[], globals: readonly string[]): string {
  return `# bash completion for pulse; generated by \`pulse completion bash\`, do not edit.
# Install: pulse completion bash > ~/.local/share/bash-completion/completions/pulse
${shTables(nodes, globals)}

_pulse() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" first=1 last=$COMP_CWORD
  local -a words_=("\${COMP_WORDS[@]}") globals
${SH_READ_WORDS}
  COMPREPLY=()
  local values=''
${SH_PENDING_VALUES}
    if [[ -z $values ]]; then
      compopt -o default 2>/dev/null
      return 0
    fi
${SH_OTHER_VALUES}
  case "$values" in
    @teams | @people)
      local candidate
      while IFS= read -r candidate; do
        [[ $candidate == "$cur"* ]] && COMPREPLY+=("$(printf '%q' "$prefix$candidate")")
      done < <("\${COMP_WORDS[0]}" "\${globals[@]}" __complete "\${values#@}" 2>/dev/null)
      ;;
    *)
      COMPREPLY=($(compgen -W "$values" -- "$cur"))
      COMPREPLY=("\${COMPREPLY[@]/#/$prefix}")
      ;;
  esac
  [[ -z $values ]] && compopt -o default 2>/dev/null
  return 0
}
complete -F _pulse pulse
`;
}

function zsh(nodes: readonly CompletionNode[], globals: readonly string[]): string {
  return `#compdef pulse
# zsh completion for pulse; generated by \`pulse completion zsh\`, do not edit.
# Install: pulse completion zsh > "\${fpath[1]}/_pulse" (a directory on $fpath, before compinit)
${shTables(nodes, globals)}

_pulse() {
  local cur="\${words[CURRENT]}" first=2 last=$CURRENT
  local -a words_=("\${words[@]}") globals
${SH_READ_WORDS}
  local values='' candidates=()
${SH_PENDING_VALUES}
    [[ -z $values ]] && { _files; return; }
${SH_OTHER_VALUES}
  case "$values" in
    '') _files ;;
    @teams | @people)
      candidates=("\${(@f)$("\${words[1]}" "\${globals[@]}" __complete "\${values#@}" 2>/dev/null)}")
      compadd -- "\${candidates[@]/#/$prefix}"
      ;;
    *)
      candidates=(\${=values})
      compadd -- "\${candidates[@]/#/$prefix}"
      ;;
  esac
}

if [[ "\${funcstack[1]}" == _pulse ]]; then
  _pulse "$@"
else
  compdef _pulse pulse
fi
`;
}

function fish(nodes: readonly CompletionNode[], globals: readonly string[]): string {
  const table = (name: string, rows: [string, string][]) =>
    [
      `function __pulse_${name}`,
      '    switch $argv[1]',
      ...rows
        .filter(([, value]) => value !== '')
        .map(([key, value]) => `        case '${key}'\n            echo ${value}`),
      '    end',
      'end',
    ].join('\n');
  const valueRows = valueRowsOf(nodes);
  return `# fish completion for pulse; generated by \`pulse completion fish\`, do not edit.
# Install: pulse completion fish > ~/.config/fish/completions/pulse.fish
set -g __pulse_global_value_flags ${words(globals)}
${table(
  'subcommands',
  nodes.map((node) => [key(node.path), words(node.subcommands)]),
)}
${table(
  'flags',
  nodes.map((node) => [key(node.path), words(node.flags)]),
)}
${table(
  'value_flags',
  nodes.map((node) => [key(node.path), words(node.valueFlags)]),
)}
${table('values', valueRows)}

function __pulse_candidates
    set -l typed (commandline -opc)
    set -l cur (commandline -ct)
    set -l cmdpath ''
    set -l pending ''
    set -l positional 0
    set -l globals
    for word in $typed[2..-1]
        # --json takes the next word only when it is not a flag (settleJsonWord).
        test "$pending" = --json; and string match -q -- '-*' $word; and set pending ''
        if test -n "$pending"
            contains -- $pending $__pulse_global_value_flags; and set -a globals $pending $word
            set pending ''
            continue
        end
        switch $word
            case '--*=*'
                contains -- (string split -m 1 = -- $word)[1] $__pulse_global_value_flags; and set -a globals $word
            case '-*'
                if contains -- $word $__pulse_global_value_flags (string split ' ' -- (__pulse_value_flags "$cmdpath"))
                    set pending $word
                end
            case '*'
                if test $positional -eq 0; and contains -- $word (string split ' ' -- (__pulse_subcommands "$cmdpath"))
                    set cmdpath (string trim -- "$cmdpath $word")
                else
                    set positional (math $positional + 1)
                end
        end
    end
    # A value typed in the flag's word (--flag=VALUE) completes VALUE and offers whole words; in --json's
    # fields only the part after the last comma.
    set -l prefix ''
    if string match -q -- '--*=*' $cur
        set pending (string split -m 1 = -- $cur)[1]
        set prefix "$pending="
        set cur (string split -m 1 = -- $cur)[2]
    end
    test "$pending" = --json; and string match -q -- '-*' $cur; and set pending ''
    if test "$pending" = --json; and string match -q -- '*,*' $cur
        set prefix "$prefix"(string replace -r '[^,]*$' '' -- $cur)
    end
    set -l values ''
    if test -n "$pending"
        set values (__pulse_values "$cmdpath|$pending")
        test -z "$values"; and set values (__pulse_values "|$pending")
        test -z "$values"; and __fish_complete_path $cur; and return
    else if string match -q -- '-*' $cur
        set values (__pulse_flags "$cmdpath")
    else if test $positional -eq 0
        set values (__pulse_subcommands "$cmdpath")
        test -z "$values"; and set values (__pulse_values "$cmdpath|")
    end
    switch "$values"
        case '@teams' '@people'
            for candidate in ($typed[1] $globals __complete (string sub -s 2 -- $values) 2>/dev/null)
                echo "$prefix$candidate"
            end
        case ''
            __fish_complete_path $cur
        case '*'
            for candidate in (string split ' ' -- $values)
                echo "$prefix$candidate"
            end
    end
end

complete -c pulse -f -a '(__pulse_candidates)'
`;
}

/** The completion script for a shell. */
export function completionScript(
  shell: Shell,
  nodes: readonly CompletionNode[],
  globals: readonly string[],
): string {
  return { bash, zsh, fish }[shell](nodes, globals);
}
