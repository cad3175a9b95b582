/**
 * The contract of a stay request (STAY-1): its limits and the words of its problems, one module
 * for the enquiry dialog and the server. Pure and zod-free: it is part of the visitor's bundle.
 */

/** Longest guest name, in characters (BOOK-1). */
export const NAME_MAX = 100;

/**
 * What a name may not hold (STAY-2): control characters and line breaks (Unicode Cc, the line and
 * paragraph separators), the bidirectional overrides and isolates that reorder what a reader sees,
 * and what makes a link or an address of it (`://`, `www.`, `@`). The name is the one thing a
 * guest typed that mail to a guest repeats ("Dear …,"), so it must not carry a stranger's words.
 */
const NAME_REFUSED = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069@]|:\/\/|www\./iu;

/**
 * The problem of a guest's name (STAY-2, BOOK-1), in the guest's words, or undefined when it is
 * fine. `name` is what the guest typed; it is read trimmed.
 */
export function nameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give your name.';
  if (trimmed.length > NAME_MAX) return `The name can be at most ${NAME_MAX} characters long.`;
  if (NAME_REFUSED.test(trimmed)) {
    return 'Give your name only, on one line: no link, web or e-mail address.';
  }
  return undefined;
}
