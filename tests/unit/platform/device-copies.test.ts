import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deviceCopies } from '@/lib/autosave/device.client';

describe('device copies (one persistent nanostore per kind of document)', () => {
  beforeAll(() => useTestStorageEngine());
  afterEach(() => cleanTestStorage());

  it('keeps each copy as its own entry under the prefix, and forgets it', () => {
    const copies = deviceCopies<{ notes: string[] }>('impulsa:canvas:');
    copies.save('7:canales', { notes: ['Instagram'] });
    expect(getTestStorage()).toEqual({ 'impulsa:canvas:7:canales': '{"notes":["Instagram"]}' });
    expect(copies.load('7:canales')).toEqual({ notes: ['Instagram'] });
    expect(copies.keys()).toEqual(['7:canales']);
    copies.forget('7:canales');
    expect(getTestStorage()).toEqual({});
    expect(copies.load('7:canales')).toBeNull();
  });

  it('reads what an earlier visit left, and passes over an entry it cannot read', () => {
    setTestStorageKey('impulsa:site-page:1:2', '{"value":1}');
    setTestStorageKey('impulsa:site-page:1:3', '{not json');
    setTestStorageKey('impulsa:otra-cosa', '"x"');
    const copies = deviceCopies<{ value: number }>('impulsa:site-page:');
    expect(copies.load('1:2')).toEqual({ value: 1 });
    expect(copies.load('1:3')).toBeNull();
    expect(copies.keys()).toEqual(['1:2']);
  });

  it('tells every island subscribed to the store of a save', () => {
    const copies = deviceCopies<number>('impulsa:product-draft:');
    const seen: (number | undefined)[] = [];
    const unbind = copies.$copies.subscribe((all) => seen.push(all['1:nuevo']));
    copies.save('1:nuevo', 3);
    unbind();
    expect(seen).toEqual([undefined, 3]);
  });
});
