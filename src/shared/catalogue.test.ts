import { describe, expect, it } from 'vitest';
import { testCatalogue } from '../../test/factories.js';
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
  uploadName,
} from './catalogue.js';
import { LIMITS } from './property-fields.js';
import { ID_RE, PHOTO_NAME_RE, siteDataSchema, type PageData, type SiteData } from './site-data.js';

function sample(): SiteData {
  return testCatalogue({
    revision: 7,
    propertyList: [
      {
        id: 'misty-hills',
        name: 'Misty Hills',
        description: 'Line one\nLine two',
        photos: [
          { name: 'a1.jpg', best: true, home: true },
          { name: 'b2.jpg', best: false, home: false },
          { name: 'c3.webp', best: false, home: true },
        ],
        view: 'Valley',
      },
      {
        id: 'lake-view',
        name: 'Lake View',
        address: 'Hirekolale lake',
        description: '',
        facilities: [],
        bedCount: 1,
        photos: [{ name: 'd4.jpg', best: true, home: true }],
      },
    ],
    homeSections: [
      { id: 'sec-1', name: 'Popular', properties: ['misty-hills'] },
      { id: 'sec-2', name: 'Lakeside', properties: ['lake-view'] },
    ],
  });
}

/** Runs an edit on a frozen deep copy, so any mutation of the input throws. */
function frozen(): SiteData {
  const deepFreeze = <T>(o: T): T => {
    if (o && typeof o === 'object') {
      Object.values(o).forEach(deepFreeze);
      Object.freeze(o);
    }
    return o;
  };
  return deepFreeze(sample());
}

const photosOf = (d: SiteData, id: string) => d.propertyList.find((p) => p.id === id)!.photos;

describe('makeHero (FLOW-1)', () => {
  it('sets best on the chosen photo and clears it on every other photo of the property', () => {
    const out = makeHero(frozen(), 'misty-hills', 'c3.webp');
    expect(photosOf(out, 'misty-hills').map((p) => p.best)).toEqual([false, false, true]);
    expect(photosOf(out, 'lake-view')[0]!.best).toBe(true);
    expect(siteDataSchema.safeParse(out).success).toBe(true);
  });

  it('leaves the input untouched and keeps the other flags', () => {
    const input = sample();
    const out = makeHero(input, 'misty-hills', 'b2.jpg');
    expect(input).toEqual(sample());
    expect(photosOf(out, 'misty-hills').map((p) => p.home)).toEqual([true, false, true]);
  });

  it('makes a single hero even when the input had none', () => {
    const input = sample();
    input.propertyList[0]!.photos.forEach((p) => (p.best = false));
    const out = makeHero(input, 'misty-hills', 'a1.jpg');
    expect(photosOf(out, 'misty-hills').filter((p) => p.best)).toHaveLength(1);
  });

  it('refuses an unknown property or photo', () => {
    expect(() => makeHero(frozen(), 'nope', 'a1.jpg')).toThrow(RangeError);
    expect(() => makeHero(frozen(), 'misty-hills', 'd4.jpg')).toThrow(/no photo named "d4.jpg"/);
  });
});

describe('movePhoto (PHO-1)', () => {
  const names = (d: SiteData) => photosOf(d, 'misty-hills').map((p) => p.name);

  it('moves a photo one place earlier or later, keeping its flags', () => {
    expect(names(movePhoto(frozen(), 'misty-hills', 'b2.jpg', 0))).toEqual([
      'b2.jpg',
      'a1.jpg',
      'c3.webp',
    ]);
    const later = movePhoto(frozen(), 'misty-hills', 'b2.jpg', 2);
    expect(names(later)).toEqual(['a1.jpg', 'c3.webp', 'b2.jpg']);
    expect(photosOf(later, 'misty-hills')[2]).toEqual({ name: 'b2.jpg', best: false, home: false });
    expect(siteDataSchema.safeParse(later).success).toBe(true);
  });

  it('moves a photo across several places, as a drag does, both ways', () => {
    expect(names(movePhoto(frozen(), 'misty-hills', 'a1.jpg', 2))).toEqual([
      'b2.jpg',
      'c3.webp',
      'a1.jpg',
    ]);
    expect(names(movePhoto(frozen(), 'misty-hills', 'c3.webp', 0))).toEqual([
      'c3.webp',
      'a1.jpg',
      'b2.jpg',
    ]);
  });

  it('gives an equal copy when the photo stays where it is, and touches no other property', () => {
    const input = frozen();
    const out = movePhoto(input, 'misty-hills', 'b2.jpg', 1);
    expect(out).toEqual(sample());
    expect(out.propertyList[1]).toBe(input.propertyList[1]);
  });

  it('refuses a position outside the list, a fraction, an unknown property or photo', () => {
    expect(() => movePhoto(frozen(), 'misty-hills', 'a1.jpg', 3)).toThrow(/position 4/);
    expect(() => movePhoto(frozen(), 'misty-hills', 'a1.jpg', -1)).toThrow(RangeError);
    expect(() => movePhoto(frozen(), 'misty-hills', 'a1.jpg', 0.5)).toThrow(RangeError);
    expect(() => movePhoto(frozen(), 'nope', 'a1.jpg', 0)).toThrow(RangeError);
    expect(() => movePhoto(frozen(), 'misty-hills', 'd4.jpg', 0)).toThrow(/no photo named/);
  });
});

describe('setPhotoAlt (PHO-2)', () => {
  it('sets the trimmed description on the named photo only', () => {
    const out = setPhotoAlt(frozen(), 'misty-hills', 'b2.jpg', '  Bedroom with a valley view ');
    expect(photosOf(out, 'misty-hills').map((p) => p.alt)).toEqual([
      undefined,
      'Bedroom with a valley view',
      undefined,
    ]);
    expect(siteDataSchema.safeParse(out).success).toBe(true);
  });

  it('accepts exactly LIMITS.photoAlt characters and refuses one more, or a blank text', () => {
    const max = 'x'.repeat(LIMITS.photoAlt);
    expect(
      photosOf(setPhotoAlt(frozen(), 'misty-hills', 'a1.jpg', max), 'misty-hills')[0]!.alt,
    ).toBe(max);
    expect(() => setPhotoAlt(frozen(), 'misty-hills', 'a1.jpg', `${max}y`)).toThrow(
      /at most 200 characters/,
    );
    expect(() => setPhotoAlt(frozen(), 'misty-hills', 'a1.jpg', '   ')).toThrow(/blank/);
    expect(() => setPhotoAlt(frozen(), 'misty-hills', 'zz.jpg', 'x')).toThrow(RangeError);
  });

  it('the schema takes a photo with or without alt, and refuses a blank or too long one', () => {
    const withAlt = (alt: unknown) => {
      const d = sample();
      (d.propertyList[0]!.photos[0] as { alt?: unknown }).alt = alt;
      return siteDataSchema.safeParse(d).success;
    };
    expect(withAlt('Living room')).toBe(true);
    expect(withAlt(undefined)).toBe(true);
    expect(withAlt('')).toBe(false);
    expect(withAlt('x'.repeat(LIMITS.photoAlt + 1))).toBe(false);
    expect(withAlt(42)).toBe(false);
  });
});

describe('toggleHome (FLOW-3)', () => {
  it('flips only the named photo, both ways', () => {
    const once = toggleHome(frozen(), 'misty-hills', 'b2.jpg');
    expect(photosOf(once, 'misty-hills').map((p) => p.home)).toEqual([true, true, true]);
    const twice = toggleHome(once, 'misty-hills', 'b2.jpg');
    expect(photosOf(twice, 'misty-hills').map((p) => p.home)).toEqual([true, false, true]);
  });

  it('refuses an unknown photo', () => {
    expect(() => toggleHome(frozen(), 'misty-hills', 'zz.jpg')).toThrow(RangeError);
  });
});

describe('addPhoto (FLOW-2)', () => {
  it('appends with best false and home true', () => {
    const out = addPhoto(frozen(), 'lake-view', 'e5.png');
    expect(photosOf(out, 'lake-view')).toEqual([
      { name: 'd4.jpg', best: true, home: true },
      { name: 'e5.png', best: false, home: true },
    ]);
  });

  it('refuses a duplicate name, an unknown property and a full property', () => {
    expect(() => addPhoto(frozen(), 'lake-view', 'd4.jpg')).toThrow(/already has a photo/);
    expect(() => addPhoto(frozen(), 'nope', 'e5.png')).toThrow(/no property with id "nope"/);
    const full = sample();
    full.propertyList[1]!.photos = Array.from({ length: LIMITS.photos }, (_, i) => ({
      name: `p${i}.jpg`,
      best: i === 0,
      home: true,
    }));
    expect(() => addPhoto(full, 'lake-view', 'one-more.jpg')).toThrow(/most it can hold/);
  });
});

describe('deletePhoto (FLOW-3)', () => {
  it('removes only that photo', () => {
    const out = deletePhoto(frozen(), 'misty-hills', 'b2.jpg');
    expect(photosOf(out, 'misty-hills').map((p) => p.name)).toEqual(['a1.jpg', 'c3.webp']);
    expect(photosOf(out, 'lake-view')).toHaveLength(1);
  });

  it('refuses an unknown photo', () => {
    expect(() => deletePhoto(frozen(), 'misty-hills', 'd4.jpg')).toThrow(RangeError);
  });
});

describe('createSection and deleteSection (HOME-4, FLOW-9)', () => {
  it('appends an empty section with a trimmed name', () => {
    const out = createSection(frozen(), '  Weekend Picks ', 'sec-3');
    expect(out.homeSections.at(-1)).toEqual({ id: 'sec-3', name: 'Weekend Picks', properties: [] });
    expect(out.homeSections).toHaveLength(3);
  });

  it('refuses a blank or too long name, a bad id and a duplicate id', () => {
    expect(() => createSection(frozen(), '   ', 'sec-3')).toThrow(/needs a name/);
    expect(() => createSection(frozen(), 'x'.repeat(LIMITS.shortText + 1), 'sec-3')).toThrow(
      /at most/,
    );
    expect(() => createSection(frozen(), 'Ok', 'has space')).toThrow(/not a valid category id/);
    expect(() => createSection(frozen(), 'Ok', 'sec-1')).toThrow(/already exists/);
  });

  it('deletes a section and keeps its properties in the catalogue', () => {
    const out = deleteSection(frozen(), 'sec-1');
    expect(out.homeSections.map((s) => s.id)).toEqual(['sec-2']);
    expect(out.propertyList).toHaveLength(2);
    expect(() => deleteSection(frozen(), 'sec-9')).toThrow(/no category with id "sec-9"/);
  });
});

describe('addPropertyToSection (HOME-4, ADMIN-4)', () => {
  it('appends the property id', () => {
    const out = addPropertyToSection(frozen(), 'sec-1', 'lake-view');
    expect(out.homeSections[0]!.properties).toEqual(['misty-hills', 'lake-view']);
  });

  it('does not add a property twice', () => {
    const out = addPropertyToSection(frozen(), 'sec-1', 'misty-hills');
    expect(out.homeSections[0]!.properties).toEqual(['misty-hills']);
    expect(out).toEqual(sample());
  });

  it('refuses an unknown section or property', () => {
    expect(() => addPropertyToSection(frozen(), 'sec-9', 'lake-view')).toThrow(RangeError);
    expect(() => addPropertyToSection(frozen(), 'sec-1', 'ghost')).toThrow(RangeError);
  });
});

describe('setDetail (DATA-2, FLOW-7)', () => {
  it('sets a string detail, trimmed', () => {
    const out = setDetail(frozen(), 'misty-hills', 'name', '  Misty Hills Cottage ');
    expect(out.propertyList[0]!.name).toBe('Misty Hills Cottage');
    expect(
      setDetail(frozen(), 'misty-hills', 'address', 'Mullayanagiri foothills').propertyList[0]!
        .address,
    ).toBe('Mullayanagiri foothills');
  });

  it('sets other detail fields by name, new ones included', () => {
    expect(setDetail(frozen(), 'misty-hills', 'view', 'Coffee estate').propertyList[0]!.view).toBe(
      'Coffee estate',
    );
    expect(setDetail(frozen(), 'lake-view', 'checkIn', '2 pm').propertyList[1]!.checkIn).toBe(
      '2 pm',
    );
  });

  it('keeps the description verbatim, line breaks included', () => {
    const text = 'First line\n\n  Indented second\r\nthird ';
    expect(
      setDetail(frozen(), 'misty-hills', 'description', text).propertyList[0]!.description,
    ).toBe(text);
  });

  it('parses bedCount and bathCount to non-negative integers', () => {
    const out = setDetail(
      setDetail(frozen(), 'misty-hills', 'bedCount', ' 4 '),
      'misty-hills',
      'bathCount',
      '0',
    );
    expect(out.propertyList[0]!.bedCount).toBe(4);
    expect(out.propertyList[0]!.bathCount).toBe(0);
    expect(siteDataSchema.safeParse(out).success).toBe(true);
  });

  it.each(['-1', '2.5', 'three', '', '1e3', '0x10', String(LIMITS.count + 1)])(
    'refuses bedCount "%s"',
    (bad) => {
      expect(() => setDetail(frozen(), 'misty-hills', 'bedCount', bad)).toThrow(RangeError);
      expect(() => setDetail(frozen(), 'misty-hills', 'bedCount', bad)).toThrow(
        /whole number from 0 to 1000/,
      );
    },
  );

  it('refuses the id, photos, facilities, odd field names, a blank name and over-long values', () => {
    for (const field of ['id', 'photos', 'facilities', '__proto__', 'a b', '']) {
      expect(() => setDetail(frozen(), 'misty-hills', field, 'x')).toThrow(/not a detail/);
    }
    expect(() => setDetail(frozen(), 'misty-hills', 'name', '   ')).toThrow(
      'The name cannot be blank: a property needs one.',
    );
    expect(() =>
      setDetail(frozen(), 'misty-hills', 'name', 'x'.repeat(LIMITS.shortText + 1)),
    ).toThrow(/at most 200/);
    expect(() =>
      setDetail(frozen(), 'misty-hills', 'address', 'x'.repeat(LIMITS.address + 1)),
    ).toThrow(/at most 500/);
    expect(() =>
      setDetail(frozen(), 'misty-hills', 'description', 'x'.repeat(LIMITS.description + 1)),
    ).toThrow(RangeError);
    expect(() => setDetail(frozen(), 'nope', 'name', 'x')).toThrow(/no property/);
  });

  it('keeps PageData fields that are not part of SiteData', () => {
    const page: PageData = {
      ...sample(),
      photoSizes: { 'a1.jpg': [10, 20] },
      site: {} as PageData['site'],
      publishedAt: 't',
    };
    const out: PageData = setDetail(page, 'misty-hills', 'name', 'X');
    expect(out.photoSizes).toEqual({ 'a1.jpg': [10, 20] });
    expect(out.publishedAt).toBe('t');
  });
});

describe('parseFacilities and setFacilities (FLOW-8)', () => {
  it('splits on commas, trims and drops blanks', () => {
    expect(parseFacilities(' Wi-Fi , Hot water,,  , Parking ')).toEqual([
      'Wi-Fi',
      'Hot water',
      'Parking',
    ]);
    expect(parseFacilities('Single')).toEqual(['Single']);
    expect(parseFacilities(' , ,')).toEqual([]);
    expect(parseFacilities('')).toEqual([]);
  });

  it('sets the list and refuses too many or too long entries', () => {
    const out = setFacilities(frozen(), 'lake-view', ['Kayak', 'Bonfire']);
    expect(out.propertyList[1]!.facilities).toEqual(['Kayak', 'Bonfire']);
    expect(() =>
      setFacilities(frozen(), 'lake-view', Array(LIMITS.facilities + 1).fill('x')),
    ).toThrow(/at most 100/);
    expect(() => setFacilities(frozen(), 'lake-view', ['x'.repeat(LIMITS.shortText + 1)])).toThrow(
      /at most 200/,
    );
  });
});

describe('uploadName (FLOW-2)', () => {
  const id = '0b7c2c58-7f0e-4bd5-9a7b-1f7b1a2c3d4e';

  it('keeps everything after the first dot', () => {
    expect(uploadName('phone-photo-12mp.jpg', id)).toBe(`${id}.jpg`);
    expect(uploadName('IMG_0001.final.JPEG', id)).toBe(`${id}.final.JPEG`);
    expect(uploadName('archive.tar.gz', id)).toBe(`${id}.tar.gz`);
    expect(uploadName('.hidden.png', id)).toBe(`${id}.hidden.png`);
  });

  it('falls back to the last extension, then to jpg, when the first-dot part cannot be a photo name', () => {
    expect(uploadName('holiday 2.5 (copy).jpg', id)).toBe(`${id}.jpg`);
    expect(uploadName('no-extension', id)).toBe(`${id}.jpg`);
    expect(uploadName('trailing.', id)).toBe(`${id}.jpg`);
    expect(uploadName('weird.äöü', id)).toBe(`${id}.jpg`);
    expect(uploadName('x.a/b', id)).toBe(`${id}.jpg`);
  });

  it('always gives a name the server accepts', () => {
    for (const f of [
      'a.jpg',
      'b',
      'c.',
      'd.e.f.g',
      'IMG 1.HEIC',
      '../../etc/passwd',
      'x.' + 'y'.repeat(40),
    ]) {
      expect(uploadName(f, id)).toMatch(PHOTO_NAME_RE);
    }
  });
});

describe('newId', () => {
  it('gives distinct ids that are valid section ids and photo stems', () => {
    const ids = new Set(Array.from({ length: 50 }, newId));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(ID_RE);
      expect(`${id}.jpg`).toMatch(PHOTO_NAME_RE);
    }
  });
});

describe('stay fields (AVL-2)', () => {
  it('a stored revision without them still loads; with them they are checked', () => {
    expect(siteDataSchema.safeParse(sample()).success).toBe(true);
    const withStay = (extra: Record<string, unknown>) => {
      const data = sample();
      Object.assign(data.propertyList[0]!, extra);
      return siteDataSchema.safeParse(data);
    };
    expect(
      withStay({ nightlyRate: 4500, minNights: 2, checkInTime: '14:00', checkOutTime: '11:00' })
        .success,
    ).toBe(true);
    for (const bad of [
      { nightlyRate: 4500.5 },
      { nightlyRate: '4500' },
      { nightlyRate: 0 },
      { minNights: 0 },
      { checkInTime: '2 pm' },
      { checkOutTime: '25:00' },
    ]) {
      const result = withStay(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['propertyList', 0, Object.keys(bad)[0]]);
    }
  });

  it('setDetail stores typed values, removes with "none", refuses bad answers', () => {
    let out = setDetail(frozen(), 'misty-hills', 'nightlyRate', '4,500');
    out = setDetail(out, 'misty-hills', 'minNights', '2');
    out = setDetail(out, 'misty-hills', 'checkInTime', '14:00');
    const p = out.propertyList[0]!;
    expect([p.nightlyRate, p.minNights, p.checkInTime]).toEqual([4500, 2, '14:00']);
    expect(siteDataSchema.safeParse(out).success).toBe(true);
    const cleared = setDetail(out, 'misty-hills', 'nightlyRate', 'none').propertyList[0]!;
    expect('nightlyRate' in cleared).toBe(false);
    expect(() => setDetail(frozen(), 'misty-hills', 'checkOutTime', 'noon')).toThrow(RangeError);
    expect(() => setDetail(frozen(), 'misty-hills', 'nightlyRate', '-5')).toThrow(RangeError);
  });
});

describe('setRates (RATES-2, PRICE-1, PRICE-2)', () => {
  const newYear = { name: 'New Year', from: '12-20', to: '01-05', nightlyRate: 9000, minNights: 3 };

  it('sets every rate field at once, keeps the other fields and leaves the input untouched', () => {
    const input = frozen();
    const out = setRates(input, 'misty-hills', {
      nightlyRate: 4500,
      weekendRate: 5500,
      minNights: 2,
      includedGuests: 2,
      extraGuestRate: 500,
      maxGuests: 4,
      cleaningFee: 800,
      weeklyDiscount: 10,
      monthlyDiscount: 25,
      advancePercent: 50,
      seasons: [{ ...newYear, name: '  New Year ' }],
    });
    const p = out.propertyList[0]!;
    expect(p).toMatchObject({ weekendRate: 5500, cleaningFee: 800, advancePercent: 50 });
    // The season is stored as the import rule reads it: its name trimmed.
    expect(p.seasons).toEqual([newYear]);
    expect(p.view).toBe('Valley');
    expect(out.propertyList[1]).toEqual(sample().propertyList[1]);
    expect(input).toEqual(sample());
    expect(siteDataSchema.safeParse(out).success).toBe(true);
  });

  it('removes the rate fields left out; a field set before keeps its place', () => {
    const set = setRates(frozen(), 'misty-hills', { nightlyRate: 4500, weekendRate: 5500 });
    const out = setRates(set, 'misty-hills', { nightlyRate: 4000, seasons: [newYear] });
    const p = out.propertyList[0]!;
    expect('weekendRate' in p).toBe(false);
    expect(p.nightlyRate).toBe(4000);
    const keys = Object.keys(p);
    expect(keys.indexOf('nightlyRate')).toBe(
      Object.keys(set.propertyList[0]!).indexOf('nightlyRate'),
    );
    expect(keys.at(-1)).toBe('seasons');
    expect(setRates(out, 'misty-hills', {}).propertyList[0]).toEqual(sample().propertyList[0]);
  });

  it.each([
    [{ nightlyRate: 0 }, 'The nightly rate must be a whole number of rupees from 1 to 10000000.'],
    [{ weekendRate: 5.5 }, 'The weekend rate must be a whole number of rupees from 1 to 10000000.'],
    [{ weeklyDiscount: 95 }, 'The weekly discount must be a whole number of percent from 0 to 90.'],
    [{ maxGuests: 51 }, 'The maximum guests must be a whole number from 1 to 50.'],
    [
      { seasons: [{ ...newYear, to: '2027-01-05' }] },
      'The seasons: season 1 to must be written like from: both MM-DD or both YYYY-MM-DD.',
    ],
    [
      { seasons: [newYear, { name: 'Christmas', from: '12-24', to: '12-26', nightlyRate: 8000 }] },
      'The seasons must not overlap: "New Year" and "Christmas" share nights.',
    ],
  ])("refuses %j with the import rule's words, changing nothing", (rates, message) => {
    const input = frozen();
    expect(() => setRates(input, 'misty-hills', rates as never)).toThrow(new RangeError(message));
    expect(input).toEqual(sample());
  });

  it('refuses an unknown property', () => {
    expect(() => setRates(frozen(), 'nowhere', { nightlyRate: 4500 })).toThrow(
      'There is no property with id "nowhere".',
    );
  });
});
