/**
 * Partial hydration of a visitor's page (PERF-17, decision 059). A screen's static sections (the
 * property's name, details, description, facilities, reviews, the footer ...) are a `ServerPart`
 * in the full screen, which the server renders and the owner's browser runs (in-place editing).
 * A visitor's browser runs a lighter screen holding a `KeptPart` in its place: the element the
 * server rendered, kept as it is (React does not hydrate inside `dangerouslySetInnerHTML` and
 * never rewrites it while the string is unchanged). So the code that draws a static section is
 * no part of a visitor's JavaScript, and nothing of the owner's is attached to a visitor's page.
 *
 * A KeptPart copies the server's element (its tag, attributes and HTML), so hydration matches by
 * construction, and renders nothing where the server rendered no such part. A part's interactive
 * content (a button with a handler, a carousel) must stay outside it.
 */
import { createElement, useState, type HTMLAttributes, type ReactNode } from 'react';

export interface ServerPartProps extends Pick<
  HTMLAttributes<HTMLElement>,
  'className' | 'aria-labelledby'
> {
  /** Unique on the page: how a visitor's browser finds the server's element of the part. */
  name: string;
  /** The element drawn (a `div` unless the layout asks for another). */
  as?: 'div' | 'section' | 'footer' | 'p';
  children: ReactNode;
}

/** The attribute naming a part in the page's HTML. */
const PART = 'data-part';

/** The server's and the owner's side of a part: `children` inside the part's element. */
export function ServerPart({ name, as: Tag = 'div', children, ...attributes }: ServerPartProps) {
  return (
    <Tag {...{ [PART]: name }} {...attributes}>
      {children}
    </Tag>
  );
}

interface KeptElement {
  tag: string;
  props: Record<string, string>;
  html: string;
}

/** The server's element of the part named `name`, as React props; undefined when there is none. */
function keptElement(name: string): KeptElement | undefined {
  const element = document.querySelector(`[${PART}="${name}"]`);
  if (!element) return undefined;
  const props: Record<string, string> = {};
  for (const { name: attribute, value } of element.attributes)
    props[attribute === 'class' ? 'className' : attribute] = value;
  return { tag: element.localName, props, html: element.innerHTML };
}

/** A visitor's side of a part: the server's element, unchanged and never hydrated. */
export function KeptPart({ name }: { name: string }) {
  const [kept] = useState(() => keptElement(name));
  if (!kept) return null;
  return createElement(kept.tag, { ...kept.props, dangerouslySetInnerHTML: { __html: kept.html } });
}
