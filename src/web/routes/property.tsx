/**
 * Property page /stay/{id} (PROP-1..PROP-8): header with the name and 'Check Availability', the hero
 * photo (the one flagged best), the photo slider and its lightbox, a sidebar with the Location
 * map and the Facilities, then the details and the description (HTML, line breaks kept; the
 * publisher sanitises it before it reaches the page). In admin mode the name, address, counts,
 * other details, facilities and description open edit prompts and the hero opens Manage Images.
 * The house rules and the cancellation policy (BOOK-12) follow the description when set; in admin
 * mode they are always shown and open their field's prompt. Then the verified reviews (REV-5) and
 * the badge for reviews elsewhere (REV-7), from the publish (PageData.reviews).
 *
 * AVL-2, AVL-11: the header shows "from ₹4,500 / night" with a nightly rate (PRICE-7: the lowest
 * nightly rate of the 90 nights from the publish, PageData.fromRates); the details list the
 * check-in and check-out times and a minimum stay above one night. In admin mode the four stay
 * fields are always listed ("Not set" when absent) so the owner can set them, a 'Calendar'
 * control opens the property's calendar (AVL-1) and a 'Rates' control its rates (RATES-1).
 */
import { CORE_FIELDS, fieldLabel, type FieldName } from '../../shared/property-fields.js';
import { heroPhoto } from '../../shared/site-basics.js';
import type { Property } from '../../shared/site-data.js';
import { fromPriceText, minNightsOf, plural } from '../../shared/stay-basics.js';
import { useAdmin, type AdminApi } from '../admin-context.js';
import { EditableBlock, EditableText } from '../components/editable.js';
import { ResponsivePhoto, photoAltText, photoPreloadTag } from '../components/responsive-photo.js';
import { ReviewsSection } from '../components/reviews-section.js';
import { ServerPart } from '../components/server-part.js';
import { PropertyShell } from './property-shell.js';
import type { ScreenProps } from './screen.js';
import styles from './property.module.css';
import { formatRupees } from '../../shared/money.js';

/** The property's string fields beyond the core ones (DATA-2 "other detail fields"), in order. */
function otherDetails(property: Property): [string, string][] {
  return Object.entries(property).filter(
    (entry): entry is [string, string] =>
      !CORE_FIELDS.includes(entry[0]) && typeof entry[1] === 'string',
  );
}

/** One row of the stay details: the field, its label and its value as shown (undefined: not set). */
function stayDetails(
  property: Property,
): { field: FieldName; label: string; value: string | undefined }[] {
  const minNights = minNightsOf(property);
  return [
    {
      field: 'checkInTime',
      label: 'Check-in',
      value: property.checkInTime && `from ${property.checkInTime}`,
    },
    {
      field: 'checkOutTime',
      label: 'Check-out',
      value: property.checkOutTime && `by ${property.checkOutTime}`,
    },
    {
      field: 'minNights',
      label: 'Minimum stay',
      value: minNights > 1 ? `${minNights} nights` : undefined,
    },
    {
      field: 'nightlyRate',
      label: 'Nightly rate',
      value: property.nightlyRate === undefined ? undefined : formatRupees(property.nightlyRate),
    },
  ];
}

/**
 * The hero's drawn width: the page's column, i.e. the viewport less two --page-pad
 * (clamp(16px, 4vw, 40px), global.css) up to --page-max (1240px, padding included). Telling the
 * browser 100vw made a 412 px phone at DPR 1.75 (Lighthouse's) fetch the 960 px variant for its
 * ~380 CSS px, ~665 device px, box instead of the 720 px one (OPS-9).
 */
const HERO_SIZES =
  '(min-width: 1240px) 1160px, (min-width: 1000px) calc(100vw - 80px), (min-width: 400px) 92vw, calc(100vw - 32px)';

/** The head's preload of the hero photo (OPS-9: the page's LCP element), or '' without photos. */
export function heroPreloadTag(property: Property): string {
  const hero = heroPhoto(property);
  return hero ? photoPreloadTag(hero.name, HERO_SIZES) : '';
}

/** Opens the edit prompt of one of the property's fields in admin mode; undefined for a visitor. */
type EditField = (field: string) => (() => void) | undefined;

function editField(admin: AdminApi | null, id: string): EditField {
  return (field) => (admin?.may('content') ? () => admin.editDetail(id, field) : undefined);
}

/** The header's titles (PROP-2, AVL-11): name, address, counts and "from" price. */
function PropertyTitles({
  property,
  fromRate,
  edit,
}: {
  property: Property;
  /** The publish-time "from" rate, whole rupees (PRICE-7); undefined shows no price. */
  fromRate: number | undefined;
  edit: EditField;
}) {
  const price = fromPriceText(fromRate);
  return (
    <ServerPart name="titles" className={styles.titles}>
      <h1 className={styles.name}>
        <EditableText onEdit={edit('name')} label="name">
          {property.name}
        </EditableText>
      </h1>
      <p className={styles.address}>
        <EditableText onEdit={edit('address')} label="address">
          {property.address}
        </EditableText>
      </p>
      <p className={styles.counts}>
        <EditableText onEdit={edit('bedCount')} label="bed count">
          {plural(property.bedCount, 'bed', 'beds')}
        </EditableText>
        <span aria-hidden="true"> · </span>
        <EditableText onEdit={edit('bathCount')} label="bath count">
          {plural(property.bathCount, 'bath', 'baths')}
        </EditableText>
      </p>
      {price && <p className={styles.price}>{price}</p>}
    </ServerPart>
  );
}

/** The owner's controls beside 'Check Availability' (AVL-1, RATES-1); nothing for a visitor. */
function OwnerActions({ property }: { property: Property }) {
  const admin = useAdmin();
  return (
    <>
      {admin?.may('calendar') && (
        <button
          type="button"
          className={styles.adminControl}
          onClick={() => admin.openCalendar(property.id)}
        >
          Calendar
        </button>
      )}
      {admin?.may('rates') && (
        <button
          type="button"
          className={styles.adminControl}
          onClick={() => admin.openRates(property.id)}
        >
          Rates
        </button>
      )}
    </>
  );
}

/** The hero photo (PROP-3, the one flagged best; OPS-9 sizes); in admin mode (PROP-8) a button opening Manage Images. */
function PropertyHero({ property, data }: { property: Property; data: ScreenProps['data'] }) {
  const admin = useAdmin();
  const hero = heroPhoto(property);
  if (!hero) return null;
  const heroIndex = property.photos.indexOf(hero);
  const heroPicture = (
    <ResponsivePhoto
      name={hero.name}
      size={data.photoSizes[hero.name]}
      alt={photoAltText(hero, property.name, heroIndex + 1, property.photos.length)}
      sizes={HERO_SIZES}
      priority="high"
      className={styles.heroPicture}
      imgClassName={styles.heroImage}
    />
  );
  return (
    <ServerPart name="hero" className={styles.hero}>
      {admin ? (
        <button
          type="button"
          className={styles.heroButton}
          onClick={() => admin.openManageImages(property.id)}
          aria-label={`Manage images of ${property.name}`}
        >
          {heroPicture}
        </button>
      ) : (
        heroPicture
      )}
    </ServerPart>
  );
}

/** The sidebar's Facilities card (PROP-6), editable in admin mode (PROP-8). */
function PropertyFacilities({ property }: { property: Property }) {
  const admin = useAdmin();
  return (
    <ServerPart
      as="section"
      name="facilities"
      className={styles.card}
      aria-labelledby="facilities-title"
    >
      <h2 className={styles.cardTitle} id="facilities-title">
        Facilities
      </h2>
      <EditableBlock
        onEdit={admin ? () => admin.editFacilities(property.id) : undefined}
        label="facilities"
      >
        <ul className={styles.facilities}>
          {property.facilities.map((facility) => (
            <li key={facility}>
              <svg
                className={styles.check}
                viewBox="0 0 20 20"
                width="18"
                height="18"
                aria-hidden="true"
                focusable="false"
              >
                <path fill="currentColor" d="M7.7 13.3 4.4 10l-1.4 1.4 4.7 4.7 9.3-9.3-1.4-1.4z" />
              </svg>
              {facility}
            </li>
          ))}
        </ul>
      </EditableBlock>
    </ServerPart>
  );
}

/** BOOK-12: the texts shown under the description when set (in admin mode always, to set them). */
const POLICY_FIELDS = [
  { field: 'houseRules', title: 'House rules' },
  { field: 'cancellationPolicy', title: 'Cancellation policy' },
] as const;

/**
 * The main column: the Details list (AVL-2, DATA-2), then the description (PROP-7), both editable
 * in admin mode (PROP-8). A visitor sees the set stay fields (the rate is the header's "from"
 * price); the owner sees all four.
 */
function PropertyContent({
  property,
  edit,
  reviews,
}: {
  property: Property;
  edit: EditField;
  reviews: ScreenProps['data']['reviews'];
}) {
  const admin = useAdmin();
  const details = otherDetails(property);
  const stay = stayDetails(property).filter(
    (row) => admin || (row.value !== undefined && row.field !== 'nightlyRate'),
  );
  return (
    <ServerPart name="content" className={styles.content}>
      {details.length + stay.length > 0 && (
        <section aria-labelledby="details-title">
          <h2 className={styles.sectionTitle} id="details-title">
            Details
          </h2>
          <dl className={styles.details}>
            {stay.map((row) => (
              <div key={row.field}>
                <dt>{row.label}</dt>
                <dd>
                  <EditableText onEdit={edit(row.field)} label={row.label.toLowerCase()}>
                    {row.value ?? 'Not set'}
                  </EditableText>
                </dd>
              </div>
            ))}
            {details.map(([field, value]) => (
              <div key={field}>
                <dt>{fieldLabel(field)}</dt>
                <dd>
                  <EditableText onEdit={edit(field)} label={fieldLabel(field).toLowerCase()}>
                    {value}
                  </EditableText>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section aria-labelledby="about-title">
        <h2 className={styles.sectionTitle} id="about-title">
          About this stay
        </h2>
        <EditableBlock
          onEdit={admin ? () => admin.editLongText(property.id, 'description') : undefined}
          label="description"
        >
          <div
            className={styles.description}
            dangerouslySetInnerHTML={{ __html: property.description }}
          />
        </EditableBlock>
      </section>
      {POLICY_FIELDS.filter(({ field }) => admin || property[field]).map(({ field, title }) => (
        <section key={field} aria-labelledby={`${field}-title`}>
          <h2 className={styles.sectionTitle} id={`${field}-title`}>
            {title}
          </h2>
          <EditableBlock
            onEdit={admin ? () => admin.editLongText(property.id, field) : undefined}
            label={title.toLowerCase()}
          >
            <p className={styles.policy}>{property[field] ?? 'Not set'}</p>
          </EditableBlock>
        </section>
      ))}
      <ReviewsSection
        property={property}
        reviews={reviews?.[property.id]}
        {...(admin ? { edit } : {})}
      />
    </ServerPart>
  );
}

/**
 * The full screen: the server's page and the owner's (in-place editing, PROP-8). A visitor's
 * browser hydrates the same HTML with property-visitor.tsx (PERF-17).
 */
export default function PropertyPage({ data, route }: ScreenProps) {
  const admin = useAdmin();
  if (route.kind !== 'property') return null;
  const property = route.property;
  const edit = editField(admin, property.id);
  return (
    <PropertyShell
      data={data}
      property={property}
      titles={
        <PropertyTitles property={property} fromRate={data.fromRates?.[property.id]} edit={edit} />
      }
      ownerActions={<OwnerActions property={property} />}
      hero={<PropertyHero property={property} data={data} />}
      facilities={<PropertyFacilities property={property} />}
      content={<PropertyContent property={property} edit={edit} reviews={data.reviews} />}
    />
  );
}
