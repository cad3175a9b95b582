/**
 * Home (HOME-1, HOME-2): the hero carousel, then every home section in order with its name and its
 * property cards (home-layout.tsx). The full screen, which the server renders and the owner's
 * browser runs: in admin mode (useAdmin() non-null) 'Create Category', and per section a delete
 * button and an add-property button. A visitor's browser hydrates the same HTML with
 * home-visitor.tsx (PERF-17).
 */
import { useAdmin } from '../admin-context.js';
import { BusinessReviews } from '../components/business-reviews.js';
import { HomeLayout } from './home-layout.js';
import type { ScreenProps } from './screen.js';
import styles from './home.module.css';

export { CARDS_WITH_PHOTOS_IN_HTML } from './home-layout.js';

export default function HomePage({ data }: ScreenProps) {
  const admin = useAdmin();
  return (
    <HomeLayout
      data={data}
      reviews={<BusinessReviews reviews={data.reviews} />}
      ownerRow={
        admin && (
          <div className={styles.adminRow}>
            <button
              type="button"
              className={styles.adminButton}
              onClick={() => admin.createCategory()}
            >
              Create Category
            </button>
          </div>
        )
      }
      sectionTools={
        admin
          ? (section) => (
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
            )
          : undefined
      }
    />
  );
}
