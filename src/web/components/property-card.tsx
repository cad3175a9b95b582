/**
 * A home page card (spec §2): a rotating slider of the property's photos flagged `home` (and only
 * those), autoplay 3000 ms, then the name, bed count and bath count. The whole card links to
 * /stay/{id}; its accessible name is the name and the counts, not every photo's alt text.
 * Issue 5: no photo is fetched before the page has loaded; then the first one (lazily), and the
 * next ones one slide ahead.
 */
import { useId } from 'react';
import type { PageData, Property } from '../../shared/site-data.js';
import { propertyPath } from '../../shared/routes.js';
import { ResponsivePhoto, photoAlt } from './responsive-photo.js';
import { useAutoplayCarousel } from './use-autoplay-carousel.js';
import styles from './property-card.module.css';

/** Spec §9: card slider autoplay. */
const CARD_AUTOPLAY_MS = 3000;

/** How wide a card photo is drawn: one column on phones, two on tablets, three (≤ 400 px) on desktops. */
const CARD_SIZES = '(min-width: 1100px) 400px, (min-width: 640px) 50vw, 100vw';

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function PropertyCard({ property, photoSizes }: { property: Property; photoSizes: PageData['photoSizes'] }) {
  const id = useId();
  const photos = property.photos.filter((p) => p.home);
  const [viewportRef, , pauseWhileFocused, slideReady] = useAutoplayCarousel(
    { loop: true },
    { delayMs: CARD_AUTOPLAY_MS, deferSlides: 'all' },
  );
  return (
    <a
      className={styles.card}
      href={propertyPath(property.id)}
      aria-labelledby={`${id}-name ${id}-counts`}
      {...pauseWhileFocused}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container}>
          {photos.map((photo, i) => (
            <div className={styles.slide} key={photo.name} data-deferred={slideReady(i) ? undefined : ''}>
              <ResponsivePhoto
                name={photo.name}
                size={photoSizes[photo.name]}
                alt={photoAlt(property.name, i + 1, photos.length)}
                sizes={CARD_SIZES}
                imgClassName={styles.image}
              />
            </div>
          ))}
        </div>
      </div>
      <div className={styles.body}>
        <h3 className={styles.name} id={`${id}-name`}>
          {property.name}
        </h3>
        <p className={styles.counts} id={`${id}-counts`}>
          <span>{plural(property.bedCount, 'bed', 'beds')}</span>
          <span aria-hidden="true"> · </span>
          <span>{plural(property.bathCount, 'bath', 'baths')}</span>
        </p>
      </div>
    </a>
  );
}
