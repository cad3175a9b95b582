/**
 * Home (HOME-1, HOME-2): the hero carousel, then every home section in order with its name and its
 * property cards. In admin mode (useAdmin() non-null): 'Create Category', and per section a
 * delete button and an add-property button.
 */
import { useAdmin } from '../admin-context.js';
import { HeroCarousel } from '../components/hero-carousel.js';
import { PropertyCard } from '../components/property-card.js';
import { BusinessReviews } from '../components/business-reviews.js';
import type { ScreenProps } from './screen.js';
import styles from './home.module.css';

/**
 * PERF-7: cards rendered with their photos in the page's HTML, in home order (two rows on a
 * desktop, the first screens of a phone); every later card is in the HTML too (its link, name,
 * counts and price: every property is linked without script) and gets its photos after
 * hydration, so the HTML stays inside the first round trip however many properties there are.
 */
export const CARDS_WITH_PHOTOS_IN_HTML = 6;

export default function HomePage({ data }: ScreenProps) {
  const admin = useAdmin();
  const byId = new Map(data.propertyList.map((p) => [p.id, p]));
  let cardIndex = 0;
  return (
    <main>
      <HeroCarousel />
      <BusinessReviews reviews={data.reviews} />
      <div className={styles.sections}>
        {admin && (
          <div className={styles.adminRow}>
            <button
              type="button"
              className={styles.adminButton}
              onClick={() => admin.createCategory()}
            >
              Create Category
            </button>
          </div>
        )}
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
              {admin && (
                <div className={styles.sectionTools}>
                  <button
                    type="button"
                    className={styles.adminButton}
                    aria-label={`Add property to ${section.name}`}
                    onClick={() => admin.addPropertyToCategory(section.id)}
                  >
                    <span aria-hidden="true">+</span> Add property
                  </button>
                  <button
                    type="button"
                    className={`${styles.adminButton} ${styles.danger}`}
                    aria-label={`Delete category ${section.name}`}
                    onClick={() => admin.deleteCategory(section.id)}
                  >
                    Delete
                  </button>
                </div>
              )}
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
