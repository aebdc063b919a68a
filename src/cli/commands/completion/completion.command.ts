import { type Definition, defineCommand } from '../define.js';
import { GLOBAL_FLAGS, VERSION_FLAG } from '../global-flags.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** `pulse completion SHELL`: its script is written from every command (`commands` loads the registry's). */
export const completionCommand = (commands: () => Promise<readonly Definition[]>) =>
  defineCommand('completion', {
    summary: 'print a completion script for bash, zsh or fish (commands, flags, values)',
    examples: [
      {
        command: 'pulse completion bash > ~/.local/share/bash-completion/completions/pulse',
        says: 'installs the bash completion for new shells',
      },
    ],
    arguments: [{ name: '<shell>', description: 'the shell to write a script for', choices: SHELLS }],
    load: async () => {
      const { run } = await import('./completion.js');
      const rootFlags = [VERSION_FLAG, ...GLOBAL_FLAGS];
      return async (cc, shell) =>
        run(cc, shell, { commands: await commands(), globalFlags: GLOBAL_FLAGS, rootFlags });
    },
  });

/** What the scripts call for team names and emails: silent when it cannot answer (offline, no store). */
export const complete = defineCommand('__complete', {
  summary: '',
  examples: [{ command: 'pulse __complete teams', says: 'the names of the teams you can see, one a line' }],
  arguments: [{ name: '<kind>', description: 'teams or people' }],
  hidden: true,
  // Pressing TAB must never show an error.
  failsSilently: true,
  load: () => import('./completion.js').then((m) => m.candidates),
});
