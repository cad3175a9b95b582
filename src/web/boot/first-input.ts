/**
 * The visitor's first input on the page (a tap, a click, a key, a wheel turn or a scroll), for
 * work that can wait until someone acts: PERF-19, decision 060, Embla's code is fetched when a
 * carousel first has to move (use-autoplay-carousel.ts), not with the page.
 */
const INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll'] as const;

let seen = false;
const waiting = new Set<() => void>();

function onInput(): void {
  seen = true;
  for (const type of INPUT_EVENTS) removeEventListener(type, onInput, true);
  const runs = [...waiting];
  waiting.clear();
  for (const run of runs) run();
}

if (typeof window !== 'undefined')
  for (const type of INPUT_EVENTS)
    addEventListener(type, onInput, { capture: true, passive: true });

/**
 * Calls `run` at the visitor's first input from the time this module ran (on the next task when
 * it has already come) and returns a function that cancels the call.
 */
export function afterFirstInput(run: () => void): () => void {
  if (seen) {
    const id = setTimeout(run, 0);
    return () => clearTimeout(id);
  }
  waiting.add(run);
  return () => waiting.delete(run);
}
