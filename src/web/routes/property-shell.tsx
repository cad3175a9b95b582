/**
 * The property page's layout and its interactive parts (PROP-1..PROP-6), shared by the full screen
 * (property.tsx: the server's and the owner's) and a visitor's (property-visitor.tsx, PERF-17):
 * the breadcrumb, 'Check Availability' and its enquiry dialog, the photo slider and its
 * lightbox, the Location map. The static sections (the titles, the hero, the facilities, the
 * main column) come in as slots: the full screen's ServerParts, a visitor's KeptParts
 * (server-part.tsx, decision 059).
 */
import { Suspense, lazy, useState, type ReactNode } from 'react';
import type { PageData, Property } from '../../shared/site-data.js';
import { MapFrame } from '../components/map-frame.js';
import { PhotoSlider } from '../components/photo-slider.js';
import styles from './property.module.css';

const PhotoLightbox = lazy(() => import('../components/photo-lightbox.js'));
// The enquiry dialog renders nothing before its first opening, so its code (the enquiry rules, the
// calendar dates, later the quote) loads on the first click instead of with the page (PERF-2).
const EnquiryDialog = lazy(() =>
  import('../components/enquiry-dialog.js').then((m) => ({ default: m.EnquiryDialog })),
);

export interface PropertyShellProps {
  data: PageData;
  property: Property;
  /** The name, address, counts and "from" price (PROP-2, AVL-11): `div.titles`. */
  titles: ReactNode;
  /** The owner's controls beside 'Check Availability' (AVL-1, RATES-1); none for a visitor. */
  ownerActions?: ReactNode;
  /** The hero photo (PROP-3), or nothing without photos. */
  hero: ReactNode;
  /** The sidebar's Facilities card (PROP-6). */
  facilities: ReactNode;
  /** The main column: details, description, policies, reviews (PROP-7, BOOK-12, REV-5). */
  content: ReactNode;
}

export function PropertyShell({
  data,
  property,
  titles,
  ownerActions,
  hero,
  facilities,
  content,
}: PropertyShellProps) {
  const [enquiryOpen, setEnquiryOpen] = useState(false);
  const [enquiryLoaded, setEnquiryLoaded] = useState(false);
  // null: closed. The lightbox chunk loads on the first open and stays mounted for its exit animation.
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const [lightboxLoaded, setLightboxLoaded] = useState(false);

  const openLightbox = (index: number) => {
    setLightboxLoaded(true);
    setLightboxIndex(index);
  };

  return (
    <main className={styles.page}>
      <div className={styles.wrap}>
        <nav className={styles.crumbs} aria-label="Breadcrumb">
          <a href="/">← All stays</a>
        </nav>
        <header className={styles.header}>
          {titles}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.cta}
              onClick={() => {
                setEnquiryLoaded(true);
                setEnquiryOpen(true);
              }}
            >
              Check Availability
            </button>
            {ownerActions}
          </div>
        </header>
        {hero}
      </div>

      <PhotoSlider property={property} photoSizes={data.photoSizes} onOpen={openLightbox} />
      {lightboxLoaded && (
        <Suspense fallback={null}>
          <PhotoLightbox
            property={property}
            photoSizes={data.photoSizes}
            open={lightboxIndex !== null}
            index={lightboxIndex ?? 0}
            onClose={() => setLightboxIndex(null)}
          />
        </Suspense>
      )}

      <div className={`${styles.wrap} ${styles.columns}`}>
        <aside className={styles.sidebar}>
          <section className={styles.card} aria-labelledby="location-title">
            <h2 className={styles.cardTitle} id="location-title">
              Location
            </h2>
            <MapFrame className={styles.map} address={property.address} />
          </section>
          {facilities}
        </aside>
        {content}
      </div>

      {enquiryLoaded && (
        <Suspense fallback={null}>
          <EnquiryDialog
            property={property}
            site={data.site}
            open={enquiryOpen}
            onClose={() => setEnquiryOpen(false)}
          />
        </Suspense>
      )}
    </main>
  );
}
