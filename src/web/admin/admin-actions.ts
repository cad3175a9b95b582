/**
 * The owner's editing flows (FLOW-1..FLOW-9) on the in-memory data, with the browser's own
 * prompt, confirm and alert (except the multi-line description, edited in an in-page dialog).
 *
 * - Blank or cancelled answers, and answers equal to the current value, change nothing and send
 *   nothing (FLOW-8).
 * - Editing a detail, facilities or the rates (RATES-2), creating or deleting a category, adding a property to a
 *   category and making a hero change the data and then run the full flush; upload and delete run
 *   the silent flush; Show/Hide On Home changes the data only (FLOW-3, FLOW-5). Moving a photo (PHO-1)
 *   and describing one (PHO-2) run the silent flush too: they are made inside Manage Images, which
 *   stays open for the next photo instead of reloading the page.
 * - An edit refused as stale (409) is told with the change in the server's words (SAF-6, flush.ts).
 * - When the server does not store an edit (409, 401, refused), the in-memory data goes back to
 *   what it was, so what the owner sees is what is stored.
 * - A value the catalogue rules refuse (catalogue.ts RangeError) is told with alert, nothing sent.
 */
import type { AdminApi, LongTextField } from '../admin-context.js';
import {
  addPhoto,
  addPropertyToSection,
  createSection,
  deletePhoto,
  deleteSection,
  makeHero,
  movePhoto,
  newId,
  parseFacilities,
  setDetail,
  setFacilities,
  setPhotoAlt,
  setRates,
  toggleHome,
  type Rates,
} from '../../shared/catalogue.js';
import { FIELD_KINDS } from '../../shared/field-kinds.js';
import { CLEAR_ANSWER, fieldLabel, fieldSpec, LIMITS } from '../../shared/property-fields.js';
import type { PageData, Property } from '../../shared/site-data.js';
import type { DataStore } from './data-store.js';
import type { FlushClient } from './flush.js';

/** What the flows need from the page: native dialogs and the admin bar's own dialogs. */
export interface AdminUi {
  prompt(message: string, defaultValue: string): string | null;
  confirm(message: string): boolean;
  alert(message: string): void;
  /** Shows Manage Images for the property (closing it first when open, to refresh it: FLOW-3). */
  showManageImages(propertyId: string): void;
  showSelectProperty(sectionId: string): void;
  showTextEditor(propertyId: string, field: LongTextField): void;
  /** Shows the property's Calendar dialog (AVL-1). */
  showCalendar(propertyId: string): void;
  /** Shows the property's Rates dialog (RATES-1). */
  showRates(propertyId: string): void;
}

/** AdminApi (the screens' seam) plus what the admin bar's dialogs call. */
export interface AdminActions extends Omit<AdminApi, 'may'> {
  /** Saves a long text (a blank one sends nothing: FLOW-8), then the full flush. */
  saveLongText(propertyId: string, field: LongTextField, text: string): Promise<void>;
  /** RATES-2: sets every rate field of the property (catalogue.ts setRates), then the full flush. */
  saveRates(propertyId: string, rates: Rates): Promise<void>;
  chooseProperty(sectionId: string, propertyId: string): Promise<void>;
  makeHero(propertyId: string, photoName: string): Promise<void>;
  toggleHome(propertyId: string, photoName: string): void;
  deletePhoto(propertyId: string, photoName: string): Promise<void>;
  /** Appends uploaded photos (already stored by the server under these names), then silent flush. */
  addUploadedPhotos(propertyId: string, names: string[]): Promise<void>;
  /** PHO-1: moves a photo to a 0-based position of its property's list, then silent flush. */
  movePhoto(propertyId: string, photoName: string, toIndex: number): Promise<void>;
  /** PHO-2: prompts for the photo's description (blank or cancel: no change), then silent flush. */
  describePhoto(propertyId: string, photoName: string): Promise<void>;
}

/**
 * The prompt for a detail field: its label, what to type (its kind's hint, field-kinds.ts), and how
 * to remove an optional one (AVL-2).
 */
function detailPrompt(field: string, name: string): string {
  const spec = fieldSpec(field);
  const hint = spec ? FIELD_KINDS[spec.kind].hint : '';
  const clear = spec?.optional ? ` ("${CLEAR_ANSWER}" removes it)` : '';
  return `New ${fieldLabel(field).toLowerCase()} for ${name}${hint}${clear}:`;
}

const isBlank = (answer: string | null): answer is null => answer === null || answer.trim() === '';

/** What every group of flows shares: the data, the owner's dialogs and the way an edit is stored. */
interface FlowKit {
  store: DataStore;
  ui: AdminUi;
  property(id: string): Property | undefined;
  /** Runs a catalogue edit; a rule it breaks is told to the owner and gives null. */
  edit(change: (data: PageData) => PageData): PageData | null;
  /**
   * Makes `next` the data, calls `changed` and flushes; puts the previous data back (and calls
   * `changed` again) when the server did not store it.
   */
  commit(next: PageData | null, kind: 'full' | 'silent', changed?: () => void): Promise<void>;
}

/** Details, facilities, description, rates and the property's own dialogs (FLOW-7, FLOW-8, AVL-1, AVL-2, RATES-1). */
function propertyFlows({
  ui,
  property,
  edit,
  commit,
}: FlowKit): Pick<
  AdminActions,
  | 'editDetail'
  | 'editFacilities'
  | 'editLongText'
  | 'saveLongText'
  | 'saveRates'
  | 'openCalendar'
  | 'openRates'
  | 'openManageImages'
> {
  return {
    editDetail(propertyId, field) {
      const p = property(propertyId);
      if (!p) return;
      const current = p[field];
      const answer = ui.prompt(
        detailPrompt(field, p.name),
        current === undefined ? String(fieldSpec(field)?.default ?? '') : String(current),
      );
      if (isBlank(answer)) return;
      void commit(
        edit((d) => setDetail(d, propertyId, field, answer)),
        'full',
      );
    },

    editFacilities(propertyId) {
      const p = property(propertyId);
      if (!p) return;
      const answer = ui.prompt(
        `Facilities of ${p.name}, separated by commas:`,
        p.facilities.join(', '),
      );
      if (isBlank(answer)) return;
      const list = parseFacilities(answer);
      if (list.length === 0) return;
      void commit(
        edit((d) => setFacilities(d, propertyId, list)),
        'full',
      );
    },

    editLongText(propertyId, field) {
      if (property(propertyId)) ui.showTextEditor(propertyId, field);
    },

    async saveLongText(propertyId, field, text) {
      if (text.trim() === '') return;
      await commit(
        edit((d) => setDetail(d, propertyId, field, text)),
        'full',
      );
    },

    async saveRates(propertyId, rates) {
      await commit(
        edit((d) => setRates(d, propertyId, rates)),
        'full',
      );
    },

    openCalendar(propertyId) {
      if (property(propertyId)) ui.showCalendar(propertyId);
    },

    openRates(propertyId) {
      if (property(propertyId)) ui.showRates(propertyId);
    },

    openManageImages(propertyId) {
      if (property(propertyId)) ui.showManageImages(propertyId);
    },
  };
}

/** Home sections: create, delete (FLOW-9), add a property (FLOW-7, ADMIN-4). */
function categoryFlows({
  store,
  ui,
  property,
  edit,
  commit,
}: FlowKit): Pick<
  AdminActions,
  'createCategory' | 'deleteCategory' | 'addPropertyToCategory' | 'chooseProperty'
> {
  return {
    createCategory() {
      const answer = ui.prompt('Name of the new category:', '');
      if (isBlank(answer)) return;
      void commit(
        edit((d) => createSection(d, answer, newId())),
        'full',
      );
    },

    deleteCategory(sectionId) {
      const section = store.get().homeSections.find((s) => s.id === sectionId);
      if (!section) return;
      if (!ui.confirm(`Delete category "${section.name}" (${section.id})?`)) return;
      void commit(
        edit((d) => deleteSection(d, sectionId)),
        'full',
      );
    },

    addPropertyToCategory(sectionId) {
      if (store.get().homeSections.some((s) => s.id === sectionId))
        ui.showSelectProperty(sectionId);
    },

    async chooseProperty(sectionId, propertyId) {
      const section = store.get().homeSections.find((s) => s.id === sectionId);
      const p = property(propertyId);
      if (section && p && section.properties.includes(propertyId)) {
        ui.alert(`${p.name} is already in ${section.name}.`);
        return;
      }
      await commit(
        edit((d) => addPropertyToSection(d, sectionId, propertyId)),
        'full',
      );
    },
  };
}

/**
 * Manage Images (ADMIN-3, FLOW-1..FLOW-3, FLOW-5, PHO-1, PHO-2): each change shows the dialog again with the data
 * as it now is, and again when the server did not store it.
 */
function photoFlows({
  store,
  ui,
  property,
  edit,
  commit,
}: FlowKit): Pick<
  AdminActions,
  'makeHero' | 'toggleHome' | 'deletePhoto' | 'movePhoto' | 'describePhoto' | 'addUploadedPhotos'
> {
  const refreshImages = (propertyId: string) => ui.showManageImages(propertyId);
  return {
    async makeHero(propertyId, photoName) {
      await commit(
        edit((d) => makeHero(d, propertyId, photoName)),
        'full',
        () => refreshImages(propertyId),
      );
    },

    toggleHome(propertyId, photoName) {
      const next = edit((d) => toggleHome(d, propertyId, photoName));
      if (!next) return;
      store.set(next);
      refreshImages(propertyId);
    },

    async deletePhoto(propertyId, photoName) {
      await commit(
        edit((d) => deletePhoto(d, propertyId, photoName)),
        'silent',
        () => refreshImages(propertyId),
      );
    },

    async movePhoto(propertyId, photoName, toIndex) {
      await commit(
        edit((d) => movePhoto(d, propertyId, photoName, toIndex)),
        'silent',
        () => refreshImages(propertyId),
      );
    },

    async describePhoto(propertyId, photoName) {
      const p = property(propertyId);
      const index = p?.photos.findIndex((ph) => ph.name === photoName) ?? -1;
      if (!p || index === -1) return;
      const answer = ui.prompt(
        `Describe photo ${index + 1} of ${p.photos.length} of ${p.name} in at most ${LIMITS.photoAlt} characters, for people who cannot see it (it is also its caption in full screen):`,
        p.photos[index]!.alt ?? '',
      );
      if (isBlank(answer)) return;
      await commit(
        edit((d) => setPhotoAlt(d, propertyId, photoName, answer)),
        'silent',
        () => refreshImages(propertyId),
      );
    },

    async addUploadedPhotos(propertyId, names) {
      if (names.length === 0) return;
      const next = edit((d) => names.reduce((acc, name) => addPhoto(acc, propertyId, name), d));
      await commit(next, 'silent', () => refreshImages(propertyId));
    },
  };
}

const sameCatalogue = (a: PageData, b: PageData) =>
  JSON.stringify([a.propertyList, a.homeSections]) ===
  JSON.stringify([b.propertyList, b.homeSections]);

/**
 * The owner's flows over `store`, stored through `flush` and asked and told through `ui`: the
 * shared edit-and-store steps, then the property, category and photo flows built on them.
 */
export function createAdminActions(deps: {
  store: DataStore;
  flush: FlushClient;
  ui: AdminUi;
}): AdminActions {
  const { store, flush, ui } = deps;

  const kit: FlowKit = {
    store,
    ui,
    property: (id) => store.get().propertyList.find((p) => p.id === id),

    edit(change) {
      try {
        return change(store.get());
      } catch (err) {
        if (!(err instanceof RangeError)) throw err;
        ui.alert(err.message);
        return null;
      }
    },

    async commit(next, kind, changed) {
      if (!next) return;
      const before = store.get();
      if (sameCatalogue(before, next)) return;
      store.set(next);
      changed?.();
      const stored = kind === 'full' ? await flush.fullFlush() : await flush.silentFlush();
      if (!stored) {
        store.set({ ...before, revision: store.get().revision });
        changed?.();
      }
    },
  };

  return {
    ...propertyFlows(kit),
    ...categoryFlows(kit),
    ...photoFlows(kit),
  };
}
