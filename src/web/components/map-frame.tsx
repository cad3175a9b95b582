/**
 * The property page's embedded map (PROP-6: Google Maps, the address as the query, zoom 13).
 *
 * PERF-2 ("the map loads only when needed"): an embedded Google map costs a phone hundreds of KB
 * and seconds of CPU, and `loading="lazy"` alone still loads it with the page when it sits within
 * the browser's lazy-loading distance (about two screens on mobile). Even an empty frame costs: a
 * `srcdoc` placeholder frame took ~20 ms of main thread (a new document and script context) while
 * the page was parsed. So the prerendered page has no frame but a link that opens the map, in the
 * frame's box (all a visitor without JavaScript gets); once the page has loaded and that box comes
 * within NEAR_MARGIN of the screen, the frame replaces it.
 */
import { useEffect, useRef, useState } from 'react';
import styles from './map-frame.module.css';
import { afterPageLoad } from '../boot/page-load.js';

/** How close below the screen the frame must come before the map loads (a visitor scrolling to it). */
const NEAR_MARGIN = '0px 0px 100px 0px';

/** PROP-6: the embedded map, the address as query, zoom 13. */
export function mapEmbedUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=13&output=embed`;
}

/** The same map as a page of its own, for the link shown before the frame loads. */
function mapPageUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&z=13`;
}

/** The map frame, or until it is near the screen a link to the map in the same box (`className`). */
export function MapFrame({ address, className = '' }: { address: string; className?: string }) {
  const placeholder = useRef<HTMLAnchorElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = placeholder.current;
    if (!node) return;
    if (typeof IntersectionObserver === 'undefined') return afterPageLoad(() => setNear(true));
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
  if (!near) {
    return (
      <a
        ref={placeholder}
        className={`${className} ${styles.placeholder}`}
        href={mapPageUrl(address)}
        target="_blank"
        rel="noopener"
      >
        Open the map of {address}
      </a>
    );
  }
  return (
    <iframe
      className={className}
      title={`Map of ${address}`}
      src={mapEmbedUrl(address)}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
    />
  );
}
