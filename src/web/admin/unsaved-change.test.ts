// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  addPhoto,
  addPropertyToSection,
  createSection,
  deletePhoto,
  deleteSection,
  makeHero,
  movePhoto,
  setDetail,
  setFacilities,
  setPhotoAlt,
  toggleHome,
} from '../../shared/catalogue.js';
import type { PageData } from '../../shared/site-data.js';
import { testPageData } from '../../../test/test-site.js';
import {
  UNSAVED_KEY,
  describeChange,
  keepUnsavedChange,
  readUnsavedChange,
} from './unsaved-change.js';

/** testPageData with a third photo, so moves have somewhere to go. */
function base(): PageData {
  const data = testPageData(4);
  data.propertyList[0]!.photos.push({ name: 'c3.jpg', best: false, home: true });
  return data;
}

const change = (edit: (d: PageData) => PageData) => describeChange(base(), edit(base()));

describe('describeChange (SAF-6)', () => {
  it('says nothing when nothing changed', () => {
    expect(describeChange(base(), base())).toEqual([]);
  });

  it('names each detail with its new value in full', () => {
    expect(change((d) => setDetail(d, 'misty-hills', 'name', 'Misty Hills Deluxe'))).toEqual([
      'Set the name of "Misty Hills" to: Misty Hills Deluxe',
    ]);
    expect(change((d) => setDetail(d, 'misty-hills', 'bedCount', '4'))).toEqual([
      'Set the bed count of "Misty Hills" to: 4',
    ]);
    expect(change((d) => setDetail(d, 'misty-hills', 'checkInTime', '14:00'))).toEqual([
      'Set the check in time of "Misty Hills" to: 14:00',
    ]);
    expect(change((d) => setDetail(d, 'misty-hills', 'description', 'One\n\nTwo'))).toEqual([
      'Set the description of "Misty Hills" to:\nOne\n\nTwo',
    ]);
    expect(change((d) => setFacilities(d, 'misty-hills', ['Kayak', 'Bonfire']))).toEqual([
      'Set the facilities of "Misty Hills" to: Kayak, Bonfire',
    ]);
  });

  it('names photos by their place', () => {
    expect(change((d) => makeHero(d, 'misty-hills', 'c3.jpg'))).toEqual([
      'Made photo 3 of "Misty Hills" the hero photo',
    ]);
    expect(change((d) => toggleHome(d, 'misty-hills', 'b2.jpg'))).toEqual([
      'Showed photo 2 of "Misty Hills" on the home page',
    ]);
    expect(change((d) => toggleHome(d, 'misty-hills', 'a1.jpg'))).toEqual([
      'Hid photo 1 of "Misty Hills" from the home page',
    ]);
    expect(change((d) => setPhotoAlt(d, 'misty-hills', 'a1.jpg', 'The porch'))).toEqual([
      'Described photo 1 of "Misty Hills" as: The porch',
    ]);
    expect(change((d) => deletePhoto(d, 'misty-hills', 'b2.jpg'))).toEqual([
      'Deleted photo 2 of "Misty Hills"',
    ]);
    expect(
      change((d) => addPhoto(addPhoto(d, 'lake-view', 'u1.jpg'), 'lake-view', 'u2.jpg')),
    ).toEqual([
      'Uploaded 2 photos to "Lake View" (the files are stored: upload them again to add them)',
    ]);
  });

  it('names a single move, either way, and a reorder of several', () => {
    expect(change((d) => movePhoto(d, 'misty-hills', 'c3.jpg', 0))).toEqual([
      'Moved photo 3 of "Misty Hills" to place 1',
    ]);
    expect(change((d) => movePhoto(d, 'misty-hills', 'a1.jpg', 2))).toEqual([
      'Moved photo 1 of "Misty Hills" to place 3',
    ]);
    // Two neighbours swapping places is one move either way: it is told as one.
    expect(change((d) => movePhoto(d, 'misty-hills', 'a1.jpg', 1))).toHaveLength(1);
    const reversed = (d: PageData): PageData => ({
      ...d,
      propertyList: d.propertyList.map((p) =>
        p.id === 'misty-hills' ? { ...p, photos: [...p.photos].reverse() } : p,
      ),
    });
    expect(change(reversed)).toEqual(['Put the photos of "Misty Hills" in this order: 3, 2, 1']);
  });

  it('names categories and what went in or out of them', () => {
    const created = createSection(base(), 'Family stays', 'fam');
    expect(describeChange(base(), created)).toEqual(['Created the category "Family stays"']);
    expect(change((d) => deleteSection(d, 'sec-1'))).toEqual(['Deleted the category "Popular"']);
    expect(change((d) => addPropertyToSection(d, 'sec-1', 'lake-view'))).toEqual([
      'Added "Lake View" to the category "Popular"',
    ]);
  });
});

describe('the change kept across the reload', () => {
  it('is written, read back and forgotten in this tab', () => {
    const storage = window.sessionStorage;
    keepUnsavedChange(storage, ['Set the name of "A" to: B']);
    expect(readUnsavedChange(storage)).toEqual(['Set the name of "A" to: B']);
    keepUnsavedChange(storage, null);
    expect(storage.getItem(UNSAVED_KEY)).toBeNull();
    expect(readUnsavedChange(storage)).toBeNull();
  });

  it('reads nothing from a damaged entry or a missing storage', () => {
    window.sessionStorage.setItem(UNSAVED_KEY, '{not json');
    expect(readUnsavedChange(window.sessionStorage)).toBeNull();
    window.sessionStorage.setItem(UNSAVED_KEY, JSON.stringify([1, 2]));
    expect(readUnsavedChange(window.sessionStorage)).toBeNull();
    expect(readUnsavedChange(undefined)).toBeNull();
    expect(() => keepUnsavedChange(undefined, ['x'])).not.toThrow();
  });
});
