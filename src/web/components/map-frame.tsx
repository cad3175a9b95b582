/**
 * The property page's embedded map (spec §2, §7: Google Maps, the address as the query, zoom 13).
 *
 * Issue 5 ("the map loads only when needed"): an embedded Google map costs a phone hundreds of KB
 * and seconds of CPU, and `loading="lazy"` alone still loads it with the page when it sits within
 * the browser's lazy-loading distance (about two screens on mobile). So the frame starts with a
 * `srcdoc`, which takes precedence over `src` (HTML, the iframe element): a link that opens the
 * map, which is also all a visitor without JavaScript gets. Once the page has loaded and the frame
 * comes within NEAR_MARGIN of the screen, `srcdoc` is removed and the browser loads `src`.
 * (`src` stays in the prerendered HTML, so the page still names its map without JavaScript.)
 */
import { useEffect, useRef, useState } from 'react';
import { afterPageLoad } from './page-load.js';

/** How close below the screen the frame must come before the map loads (a visitor scrolling to it). */
const NEAR_MARGIN = '0px 0px 100px 0px';

/** Spec §2, §7: the embedded map, the address as query, zoom 13. */
export function mapEmbedUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=13&output=embed`;
}

/** The same map as a page of its own, for the link shown before the frame loads. */
function mapPageUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=13`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The frame's placeholder document: a link to the map, in the site's font and colour. */
function placeholder(address: string): string {
  return (
    '<!doctype html><style>body{margin:0;display:grid;place-items:center;height:100vh;' +
    'font:15px/1.4 system-ui,sans-serif;background:#e4efe8;text-align:center}a{color:#2b6a4c}</style>' +
    `<a href="${escapeHtml(mapPageUrl(address))}" target="_blank" rel="noopener">Open the map of ${escapeHtml(address)}</a>`
  );
}

export function MapFrame({ address, className }: { address: string; className?: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = frame.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    let observer: IntersectionObserver | undefined;
    const cancel = afterPageLoad(() => {
      observer = new IntersectionObserver(
        ([entry]) => {
          if (!entry?.isIntersecting) return;
          setNear(true);
          observer?.disconnect();
        },
        { rootMargin: NEAR_MARGIN },
      );
      observer.observe(node);
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, []);
  return (
    <iframe
      ref={frame}
      className={className}
      title={`Map of ${address}`}
      src={mapEmbedUrl(address)}
      srcDoc={near ? undefined : placeholder(address)}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
    />
  );
}
