/**
 * A home page card (HOME-3): a rotating slider of the property's photos flagged `home` (and only
 * those), autoplay 3000 ms, then the name, bed count and bath count. The whole card links to
 * /stay/{id}; its accessible name is its visible text: the name, the counts and the "from" price
 * (AVL-11, only with a nightly rate; PRICE-7: the lowest nightly rate of the 90 nights from the
 * publish; MOB-2, WCAG 2.5.3 label in name). The slider is hidden from
 * assistive technology: its photos only preview the property, whose page describes each of them, so
 * a card is not announced as a list of photos.
 * PERF-1, PERF-3: no photo is fetched before the page has loaded; then the first one (lazily), and the
 * next ones one slide ahead; PERF-25: a card further than a screen from the one shown waits until
 * the visitor scrolls near it.
 */
import { startTransition, useEffect, useState } from 'react';
import type { PageData, Property } from '../../shared/site-data.js';
import { whenIdle } from '../boot/idle-queue.js';
import { propertyPath } from '../../shared/pages.js';
import { fromPriceText, plural } from '../../shared/stay-basics.js';
import { ResponsivePhoto, photoAltText } from './responsive-photo.js';
import { useAutoplayCarousel } from './use-autoplay-carousel.js';
import styles from './property-card.module.css';

/** CONST-1, HOME-3: card slider autoplay. */
const CARD_AUTOPLAY_MS = 3000;

/** How wide a card photo is drawn: one column on phones, two on tablets, three (≤ 400 px) on desktops. */
const CARD_SIZES = '(min-width: 1100px) 400px, (min-width: 640px) 50vw, 100vw';

export function PropertyCard({
  property,
  photoSizes,
  fromRate,
  deferPhotos = false,
}: {
  property: Property;
  photoSizes: PageData['photoSizes'];
  /** The publish-time "from" rate, whole rupees (PRICE-7); undefined shows no price. */
  fromRate: number | undefined;
  /**
   * PERF-7: the server renders the card with its photo box empty (the same size, so nothing
   * moves) and the browser adds its photos in an idle period of their own after hydration, so a
   * home page of many properties stays inside the first round trip; PERF-25: only once the card
   * is near the screen. Its photos are not fetched before the page's load event either way.
   */
  deferPhotos?: boolean;
}) {
  const [viewportRef, , pauseWhileFocused, slideReady, near] = useAutoplayCarousel(
    { loop: true },
    { delayMs: CARD_AUTOPLAY_MS, deferSlides: 'all' },
  );
  const [photosShown, setPhotosShown] = useState(!deferPhotos);
  useEffect(
    () =>
      photosShown || !near
        ? undefined
        : whenIdle(() => startTransition(() => setPhotosShown(true))),
    [photosShown, near],
  );
  const photos = photosShown ? property.photos.filter((p) => p.home) : [];
  const price = fromPriceText(fromRate);
  return (
    <a className={styles.card} href={propertyPath(property.id)} {...pauseWhileFocused}>
      <div className={styles.viewport} ref={viewportRef} aria-hidden="true">
        <div className={styles.container}>
          {photos.map((photo, i) => (
            <div
              className={styles.slide}
              key={photo.name}
              data-deferred={slideReady(i) ? undefined : ''}
            >
              <ResponsivePhoto
                name={photo.name}
                size={photoSizes[photo.name]}
                alt={photoAltText(photo, property.name, i + 1, photos.length)}
                sizes={CARD_SIZES}
                imgClassName={styles.image}
              />
            </div>
          ))}
        </div>
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>{property.name}</h3>
        <p className={styles.counts}>
          {/* Spaces outside the hidden dot: the name reads "2 beds 1 bath", not "2 beds1 bath". */}
          <span>{plural(property.bedCount, 'bed', 'beds')}</span> <span aria-hidden="true">·</span>{' '}
          <span>{plural(property.bathCount, 'bath', 'baths')}</span>
        </p>
        {price && <p className={styles.price}>{price}</p>}
      </div>
    </a>
  );
}
