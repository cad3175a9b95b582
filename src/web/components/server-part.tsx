/**
 * Partial hydration of a visitor's page (PERF-17, decision 059). A screen's static sections (the
 * property's name, details, description, facilities, reviews ...) are a `ServerPart` in the full
 * screen, which the server renders and the owner's browser runs (in-place editing). A visitor's
 * browser runs a lighter screen holding the same element as a `KeptPart`: the HTML the server put
 * in the part, kept as it is (React does not hydrate inside `dangerouslySetInnerHTML` and never
 * rewrites it while the string is unchanged). So the code that draws a static section is not part
 * of a visitor's JavaScript, and no listener of the owner's is ever attached to a visitor's page.
 *
 * Both draw the same element with the same attributes (`data-part` names it), so hydration
 * matches; a part's interactive content (a button, a carousel) must stay outside it.
 */
import { useState, type HTMLAttributes, type ReactNode } from 'react';

export interface PartProps extends Pick<HTMLAttributes<HTMLElement>, 'className' | 'aria-labelledby'> {
  /** Unique on the page: how a visitor's browser finds the server's HTML of the part. */
  name: string;
  /** The element drawn (a `div` unless the layout asks for another). */
  as?: 'div' | 'section' | 'footer';
}

/** The server's and the owner's side of a part: `children` inside the part's element. */
export function ServerPart({ name, as: Tag = 'div', children, ...attributes }: PartProps & { children: ReactNode }) {
  return (
    <Tag data-part={name} {...attributes}>
      {children}
    </Tag>
  );
}

/** The HTML the server rendered inside the part named `name` ('' when the page has none). */
function serverHtml(name: string): string {
  return document.querySelector(`[data-part="${name}"]`)?.innerHTML ?? '';
}

/** A visitor's side of a part: the server's HTML of the part, unchanged and never hydrated. */
export function KeptPart({ name, as: Tag = 'div', ...attributes }: PartProps) {
  const [html] = useState(() => serverHtml(name));
  return <Tag data-part={name} {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}
