// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ID_RE, type PageData, type SiteData } from '../../shared/site-data.js';
import { createAdminActions, type AdminUi } from './admin-actions.js';
import { createDataStore, type DataStore } from './data-store.js';
import { SESSION_ENDED } from '../api-fetch.js';
import { createFlushClient } from './flush.js';
import { startScriptedServer, type ScriptedServer } from '../../../test/test-server.js';
import { testPageData } from '../../../test/test-site.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

const pageData = (): PageData => testPageData(1);

interface Recorder {
  prompts: Array<[string, string]>;
  confirms: string[];
  alerts: string[];
  reloads: number;
  opened: string[];
  /** Answers the next prompt / confirm give. */
  promptAnswer: string | null;
  confirmAnswer: boolean;
}

let rec: Recorder;
let store: DataStore;

function setup() {
  rec = {
    prompts: [],
    confirms: [],
    alerts: [],
    reloads: 0,
    opened: [],
    promptAnswer: null,
    confirmAnswer: false,
  };
  store = createDataStore(pageData(), {} as Window);
  const flush = createFlushClient(store, {
    fetch: (input, init) => fetch(`${server.base}${String(input)}`, init),
    alert: (m) => rec.alerts.push(m),
    reload: () => (rec.reloads += 1),
  });
  const ui: AdminUi = {
    prompt: (message, value) => {
      rec.prompts.push([message, value]);
      return rec.promptAnswer;
    },
    confirm: (message) => {
      rec.confirms.push(message);
      return rec.confirmAnswer;
    },
    alert: (m) => rec.alerts.push(m),
    showManageImages: (id) => rec.opened.push(`images:${id}:${JSON.stringify(photos(id))}`),
    showSelectProperty: (id) => rec.opened.push(`select:${id}`),
    showTextEditor: (id, field) => rec.opened.push(`${field}:${id}`),
    showCalendar: (id) => rec.opened.push(`calendar:${id}`),
    showRates: (id) => rec.opened.push(`rates:${id}`),
  };
  return createAdminActions({ store, flush, ui });
}

const photos = (id: string) =>
  store
    .get()
    .propertyList.find((p) => p.id === id)
    ?.photos.map((p) => p.name);
const okFlush = (revision = 2) => {
  server.answers['/api/import.php'] = [{ status: 200, body: { revision } }];
  server.answers['/api/genproperties.php'] = [{ status: 200, body: {} }];
};
/** A 409 as the server answers a stale import (catalogue/stale-answer.ts), naming `yourChanges`. */
const staleAnswer = (...yourChanges: string[]) => ({
  error:
    'Your change was not saved. This page shows revision 1, but revision 2 was saved by owner on 22 Nov 2026, 14:05 (from another tab or device). Reload the page to see it, then make your change again.',
  field: 'revision',
  based: 1,
  latest: 2,
  yourChanges,
});
const imported = (i = 0): SiteData =>
  JSON.parse(server.seen.filter((s) => s.url === '/api/import.php')[i]!.body.toString());
const calls = () => server.seen.map((s) => s.url);
/**
 * Waits until the flush queue has run (the flows start it without awaiting): up to 10 s, since a
 * round trip to the scripted server is slow when the whole suite runs at once on two cores.
 */
const settle = async () => {
  for (let i = 0; i < 1000 && rec.reloads === 0 && rec.alerts.length === 0; i += 1) {
    await new Promise((r) => setTimeout(r, 10));
  }
};

beforeEach(() => server.reset());

describe('openRates and saveRates (RATES-1, RATES-2)', () => {
  it('opens the Rates dialog of a known property only', () => {
    const actions = setup();
    actions.openRates('misty-hills');
    actions.openRates('nowhere');
    expect(rec.opened).toEqual(['rates:misty-hills']);
  });

  it('stores every rate field as one edit, then runs the full flush', async () => {
    const actions = setup();
    okFlush(2);
    const seasons = [{ name: 'New Year', from: '12-20', to: '01-05', nightlyRate: 9000 }];
    await actions.saveRates('misty-hills', { nightlyRate: 4500, weekendRate: 5500, seasons });
    expect(calls()).toEqual(['/api/import.php', '/api/genproperties.php']);
    expect(imported().propertyList[0]).toMatchObject({
      nightlyRate: 4500,
      weekendRate: 5500,
      seasons,
    });
    expect(rec.alerts).toEqual(['Result\nImport: 200\nGenerate Properties: 200']);
    expect(rec.reloads).toBe(1);
  });

  it("tells a refused rate with the import rule's words and sends nothing", async () => {
    const actions = setup();
    await actions.saveRates('misty-hills', { weeklyDiscount: 95 });
    expect(rec.alerts).toEqual([
      'The weekly discount must be a whole number of percent from 0 to 90.',
    ]);
    expect(calls()).toEqual([]);
    expect(store.get()).toEqual(pageData());
  });
});

describe('editDetail (PROP-8, FLOW-7, FLOW-8)', () => {
  it('prompts with the current value, stores the answer and runs the full flush', async () => {
    const actions = setup();
    rec.promptAnswer = 'Misty Hills Cottage';
    okFlush(2);
    actions.editDetail('misty-hills', 'name');
    await settle();
    expect(rec.prompts).toEqual([['New name for Misty Hills:', 'Misty Hills']]);
    expect(calls()).toEqual(['/api/import.php', '/api/genproperties.php']);
    expect(imported().propertyList[0]!.name).toBe('Misty Hills Cottage');
    expect(imported().revision).toBe(1);
    expect(rec.alerts).toEqual(['Result\nImport: 200\nGenerate Properties: 200']);
    expect(rec.reloads).toBe(1);
    expect(store.get().revision).toBe(2);
  });

  it.each([
    ['cancelled', null],
    ['blank', '   '],
    ['unchanged', 'Kalasa Road'],
  ])('a %s answer changes nothing and sends nothing', async (_case, answer) => {
    const actions = setup();
    rec.promptAnswer = answer;
    actions.editDetail('misty-hills', 'address');
    await new Promise((r) => setTimeout(r, 30));
    expect(rec.prompts).toHaveLength(1);
    expect(calls()).toEqual([]);
    expect(store.get()).toEqual(pageData());
  });

  it('stores counts as numbers and refuses a count that is not a whole number, sending nothing', async () => {
    const actions = setup();
    rec.promptAnswer = 'two';
    actions.editDetail('misty-hills', 'bedCount');
    expect(rec.prompts[0]).toEqual(['New bed count for Misty Hills:', '2']);
    expect(rec.alerts).toEqual([
      'The bed count must be a whole number from 0 to 1000; "two" is not.',
    ]);
    expect(calls()).toEqual([]);
    rec.promptAnswer = '3';
    rec.alerts = [];
    okFlush();
    actions.editDetail('misty-hills', 'bedCount');
    await settle();
    expect(imported().propertyList[0]!.bedCount).toBe(3);
  });

  it('on 409 tells the server’s sentence with the change it names (SAF-6), and puts the previous value back', async () => {
    const actions = setup();
    rec.promptAnswer = 'Other';
    server.answers['/api/import.php'] = [
      { status: 409, body: staleAnswer("Renamed 'Misty Hills' to 'Other'") },
    ];
    actions.editDetail('misty-hills', 'name');
    await settle();
    expect(rec.alerts).toEqual([
      `${staleAnswer().error}\n\nYour change was:\nRenamed 'Misty Hills' to 'Other'`,
    ]);
    expect(calls()).toEqual(['/api/import.php']);
    expect(store.get().propertyList[0]!.name).toBe('Misty Hills');
    expect(rec.reloads).toBe(0);
  });
});

describe('editFacilities (FLOW-8)', () => {
  it('prompts with the comma-joined list and stores the split, trimmed answer', async () => {
    const actions = setup();
    rec.promptAnswer = ' Kayak , Bonfire,, Hot water ';
    okFlush();
    actions.editFacilities('misty-hills');
    await settle();
    expect(rec.prompts[0]).toEqual([
      'Facilities of Misty Hills, separated by commas:',
      'Wi-Fi, Parking',
    ]);
    expect(imported().propertyList[0]!.facilities).toEqual(['Kayak', 'Bonfire', 'Hot water']);
  });

  it.each([null, '', ' , ,', 'Wi-Fi,Parking'])('answer %j sends nothing', async (answer) => {
    const actions = setup();
    rec.promptAnswer = answer;
    actions.editFacilities('misty-hills');
    await new Promise((r) => setTimeout(r, 30));
    expect(calls()).toEqual([]);
  });
});

describe('description (in-page multi-line prompt)', () => {
  it('opens the editor, and saving keeps the line breaks', async () => {
    const actions = setup();
    actions.editLongText('misty-hills', 'description');
    expect(rec.opened).toEqual(['description:misty-hills']);
    okFlush();
    await actions.saveLongText('misty-hills', 'description', 'First line\nSecond line\n\nThird');
    expect(imported().propertyList[0]!.description).toBe('First line\nSecond line\n\nThird');
    expect(rec.reloads).toBe(1);
  });

  it('edits the house rules in the same editor, line breaks kept (BOOK-12)', async () => {
    const actions = setup();
    actions.editLongText('misty-hills', 'houseRules');
    expect(rec.opened).toEqual(['houseRules:misty-hills']);
    okFlush();
    await actions.saveLongText('misty-hills', 'houseRules', 'No smoking.\nQuiet after 10 pm.');
    expect(imported().propertyList[0]!.houseRules).toBe('No smoking.\nQuiet after 10 pm.');
  });

  it('a blank text sends nothing', async () => {
    const actions = setup();
    await actions.saveLongText('misty-hills', 'description', ' \n ');
    expect(calls()).toEqual([]);
  });
});

describe('categories (HOME-4, FLOW-8, FLOW-9)', () => {
  it('creates a category with a fresh unique id and the trimmed name', async () => {
    const actions = setup();
    rec.promptAnswer = '  Weekend Picks ';
    okFlush();
    actions.createCategory();
    await settle();
    expect(rec.prompts[0]).toEqual(['Name of the new category:', '']);
    const created = imported().homeSections[1]!;
    expect(created.name).toBe('Weekend Picks');
    expect(created.properties).toEqual([]);
    expect(created.id).toMatch(ID_RE);
    expect(created.id).toHaveLength(36);
  });

  it('a blank or cancelled category name sends nothing', async () => {
    const actions = setup();
    for (const answer of [null, '', '  ']) {
      rec.promptAnswer = answer;
      actions.createCategory();
    }
    await new Promise((r) => setTimeout(r, 30));
    expect(calls()).toEqual([]);
  });

  it('asks to confirm with the name and id, and deletes only when confirmed', async () => {
    const actions = setup();
    rec.confirmAnswer = false;
    actions.deleteCategory('sec-1');
    await new Promise((r) => setTimeout(r, 30));
    expect(rec.confirms).toEqual(['Delete category "Popular" (sec-1)?']);
    expect(calls()).toEqual([]);
    rec.confirmAnswer = true;
    okFlush();
    actions.deleteCategory('sec-1');
    await settle();
    expect(imported().homeSections).toEqual([]);
  });

  it('adds a property through Select Property, once', async () => {
    const actions = setup();
    actions.addPropertyToCategory('sec-1');
    expect(rec.opened).toEqual(['select:sec-1']);
    okFlush();
    await actions.chooseProperty('sec-1', 'lake-view');
    expect(imported().homeSections[0]!.properties).toEqual(['misty-hills', 'lake-view']);
    expect(rec.alerts).toEqual(['Result\nImport: 200\nGenerate Properties: 200']);
    server.reset();
    rec.alerts = [];
    await actions.chooseProperty('sec-1', 'misty-hills');
    expect(rec.alerts).toEqual(['Misty Hills is already in Popular.']);
    expect(calls()).toEqual([]);
  });
});

describe('photos (FLOW-1..FLOW-3)', () => {
  it('Make Hero refreshes the dialog and runs the full flush', async () => {
    const actions = setup();
    okFlush();
    await actions.makeHero('misty-hills', 'b2.jpg');
    expect(imported().propertyList[0]!.photos.map((p) => p.best)).toEqual([false, true]);
    expect(rec.opened).toEqual(['images:misty-hills:["a1.jpg","b2.jpg"]']);
    expect(rec.alerts).toEqual(['Result\nImport: 200\nGenerate Properties: 200']);
    expect(rec.reloads).toBe(1);
  });

  it('Show/Hide On Home changes the data in memory only and refreshes the dialog', () => {
    const actions = setup();
    actions.toggleHome('misty-hills', 'b2.jpg');
    expect(store.get().propertyList[0]!.photos[1]!.home).toBe(true);
    expect(rec.opened).toHaveLength(1);
    actions.toggleHome('misty-hills', 'b2.jpg');
    expect(store.get().propertyList[0]!.photos[1]!.home).toBe(false);
    expect(calls()).toEqual([]);
  });

  it('delete removes the photo, refreshes and runs the silent flush', async () => {
    const actions = setup();
    okFlush();
    await actions.deletePhoto('misty-hills', 'a1.jpg');
    expect(calls()).toEqual(['/api/import.php', '/api/genproperties.php']);
    expect(imported().propertyList[0]!.photos.map((p) => p.name)).toEqual(['b2.jpg']);
    expect(rec.opened).toEqual(['images:misty-hills:["b2.jpg"]']);
    expect(rec.alerts).toEqual([]);
    expect(rec.reloads).toBe(0);
  });

  it('uploaded photos are appended with best false and home true, then the silent flush', async () => {
    const actions = setup();
    okFlush();
    await actions.addUploadedPhotos('lake-view', ['u1.jpg', 'u2.png']);
    expect(imported().propertyList[1]!.photos).toEqual([
      { name: 'u1.jpg', best: false, home: true },
      { name: 'u2.png', best: false, home: true },
    ]);
    expect(rec.alerts).toEqual([]);
    expect(rec.reloads).toBe(0);
  });

  it('when the server refuses a delete (401) the photo comes back and the owner is told', async () => {
    const actions = setup();
    server.answers['/api/import.php'] = [
      { status: 401, body: { error: 'log in', field: 'session' } },
    ];
    await actions.deletePhoto('misty-hills', 'a1.jpg');
    expect(rec.alerts).toEqual([SESSION_ENDED]);
    expect(photos('misty-hills')).toEqual(['a1.jpg', 'b2.jpg']);
    expect(rec.opened).toEqual([
      'images:misty-hills:["b2.jpg"]',
      'images:misty-hills:["a1.jpg","b2.jpg"]',
    ]);
  });
});

describe('photo order and descriptions (PHO-1, PHO-2)', () => {
  it('Move stores the new order with the silent flush and refreshes the dialog', async () => {
    const actions = setup();
    okFlush();
    await actions.movePhoto('misty-hills', 'b2.jpg', 0);
    expect(calls()).toEqual(['/api/import.php', '/api/genproperties.php']);
    expect(imported().propertyList[0]!.photos.map((p) => p.name)).toEqual(['b2.jpg', 'a1.jpg']);
    expect(rec.opened).toEqual(['images:misty-hills:["b2.jpg","a1.jpg"]']);
    expect(rec.alerts).toEqual([]);
    expect(rec.reloads).toBe(0);
  });

  it('a move past either end is told and sends nothing', async () => {
    const actions = setup();
    await actions.movePhoto('misty-hills', 'a1.jpg', 2);
    expect(rec.alerts).toEqual([
      'Property "Misty Hills" has 2 photos, so a photo cannot move to position 3.',
    ]);
    expect(calls()).toEqual([]);
  });

  it('a move refused as stale (409) puts the old order back and names the move', async () => {
    const actions = setup();
    server.answers['/api/import.php'] = [
      { status: 409, body: staleAnswer('Photos of Misty Hills reordered') },
    ];
    await actions.movePhoto('misty-hills', 'b2.jpg', 0);
    expect(photos('misty-hills')).toEqual(['a1.jpg', 'b2.jpg']);
    expect(rec.alerts).toHaveLength(1);
    expect(rec.alerts[0]).toContain('Photos of Misty Hills reordered');
  });

  it('Describe prompts with the current description and stores the trimmed answer', async () => {
    const actions = setup();
    okFlush();
    rec.promptAnswer = '  Bedroom with a view of the coffee estate ';
    await actions.describePhoto('misty-hills', 'b2.jpg');
    expect(rec.prompts).toHaveLength(1);
    expect(rec.prompts[0]![0]).toContain('photo 2 of 2 of Misty Hills');
    expect(rec.prompts[0]![0]).toContain('200 characters');
    expect(rec.prompts[0]![1]).toBe('');
    expect(imported().propertyList[0]!.photos[1]).toEqual({
      name: 'b2.jpg',
      best: false,
      home: false,
      alt: 'Bedroom with a view of the coffee estate',
    });
    expect(rec.reloads).toBe(0);

    okFlush(3);
    rec.promptAnswer = null;
    await actions.describePhoto('misty-hills', 'b2.jpg');
    expect(rec.prompts[1]![1]).toBe('Bedroom with a view of the coffee estate');
    expect(calls()).toHaveLength(2);
  });

  it('a blank, cancelled, unchanged or too long description sends nothing', async () => {
    const actions = setup();
    for (const answer of [null, '', '   ']) {
      rec.promptAnswer = answer;
      await actions.describePhoto('misty-hills', 'a1.jpg');
    }
    rec.promptAnswer = 'x'.repeat(201);
    await actions.describePhoto('misty-hills', 'a1.jpg');
    expect(rec.alerts).toEqual([
      'A photo description can be at most 200 characters long; this one has 201.',
    ]);
    expect(rec.prompts).toHaveLength(4);
    expect(calls()).toEqual([]);
  });
});
