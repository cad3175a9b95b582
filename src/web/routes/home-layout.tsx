/**
 * The home page's layout and its interactive parts (HOME-1, HOME-2), shared by the full screen
 * (home.tsx: the server's and the owner's) and a visitor's (home-visitor.tsx, PERF-17): the hero
 * carousel, then every home section in order with its name and its property cards (carousels,
 * photos after hydration). The reviews line and the owner's tools come in as slots.
 */
import type { ReactNode } from 'react';
import type { HomeSection } from '../../shared/site-data.js';
import { HeroCarousel } from '../components/hero-carousel.js';
import { PropertyCard } from '../components/property-card.js';
import type { ScreenProps } from './screen.js';
import styles from './home.module.css';

/**
 * PERF-7: cards rendered with their photos in the page's HTML, in home order (two rows on a
 * desktop, the first screens of a phone); every later card is in the HTML too (its link, name,
 * counts and price: every property is linked without script) and gets its photos after
 * hydration, so the HTML stays inside the first round trip however many properties there are.
 */
export const CARDS_WITH_PHOTOS_IN_HTML = 6;

export interface HomeLayoutProps {
  data: ScreenProps['data'];
  /** The business-wide reviews line (REV-6). */
  reviews: ReactNode;
  /** The owner's row above the sections ('Create Category'); none for a visitor. */
  ownerRow?: ReactNode;
  /** The owner's tools in a section's head; none for a visitor. */
  sectionTools?: (section: HomeSection) => ReactNode;
}

export function HomeLayout({ data, reviews, ownerRow, sectionTools }: HomeLayoutProps) {
  const byId = new Map(data.propertyList.map((p) => [p.id, p]));
  let cardIndex = 0;
  return (
    <main>
      <HeroCarousel />
      {reviews}
      <div className={styles.sections}>
        {ownerRow}
        {data.homeSections.map((section) => (
          <section
            className={styles.section}
            key={section.id}
            aria-labelledby={`section-${section.id}`}
          >
            <div className={styles.sectionHead}>
              <h2 className={styles.sectionName} id={`section-${section.id}`}>
                {section.name}
              </h2>
              {sectionTools?.(section)}
            </div>
            <ul className={styles.grid}>
              {section.properties.flatMap((id) => {
                const property = byId.get(id);
                return property
                  ? [
                      <li key={id}>
                        <PropertyCard
                          property={property}
                          photoSizes={data.photoSizes}
                          fromRate={data.fromRates?.[id]}
                          deferPhotos={cardIndex++ >= CARDS_WITH_PHOTOS_IN_HTML}
                        />
                      </li>,
                    ]
                  : [];
              })}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
