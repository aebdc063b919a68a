/** How the interactive check-in reports prompts that stopped; apart from prompt.ts, which loads the prompts. */
import type { CheckInUpdate } from '../../../core/service.js';
import { CancelledError } from '../../errors.js';

/**
 * The prompts stopped before the check-in was saved (Ctrl-C, the terminal closed, stdin ended, or "no" at
 * "Save this check-in?"): carries every answer given so far, the line being typed included, to keep.
 */
export class CheckInInterrupted extends CancelledError {
  constructor(
    readonly date: string,
    readonly answers: CheckInUpdate,
  ) {
    super();
  }
}
