/**
 * First-start and every-start work on DATA_DIR (issue 2, issue 4): the owner account, the demo seed
 * when the catalogue is empty, and a publish when nothing is published yet.
 */
import type { AppContext } from './context.js';

/** Prepares DATA_DIR; `say` prints a line for the person starting the server. */
export async function prepareDataDir(ctx: AppContext, say: (line: string) => void): Promise<void> {
  void ctx;
  void say;
}
