// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { UNSAVED_KEY, keepUnsavedChange, readUnsavedChange } from './unsaved-change.js';

describe('the change kept across the reload', () => {
  it('is written, read back and forgotten in this tab', () => {
    const storage = window.sessionStorage;
    keepUnsavedChange(storage, ["Renamed 'A' to 'B'"]);
    expect(readUnsavedChange(storage)).toEqual(["Renamed 'A' to 'B'"]);
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
