import { describe, expect, it } from 'vitest';
import { messagePreview, receivedAt } from './inbox-format.ts';

describe('message preview', () => {
  it('keeps a short message whole, on one line', () => {
    expect(messagePreview('Do you ship\nto Leh?  ')).toBe('Do you ship to Leh?');
  });

  it('cuts a long message at a word and marks the cut', () => {
    const text = 'The strap of my tote came loose after a week of use, can it be repaired or replaced please';
    expect(messagePreview(text, 40)).toBe('The strap of my tote came loose after a…');
  });

  it('cuts inside a very long word when there is no space to cut at', () => {
    expect(messagePreview('a'.repeat(50), 10)).toBe(`${'a'.repeat(10)}…`);
  });
});

describe('received date', () => {
  it('reads as an Indian date and time, in India whatever the browser', () => {
    const iso = '2025-01-05T05:00:00.000Z';
    expect(receivedAt(iso)).toBe('05 Jan 2025, 10:30 am');
  });

  it('is empty for a broken date', () => {
    expect(receivedAt('not a date')).toBe('');
  });
});
