// What just happened, from the events a seat was sent (never from anything else): the cards
// that moved, the players they moved from and to, and the places on the table they went — drawn
// as a highlight on the table (`Highlight`, read by ui.js's cards, spots and seats) — and a short
// line of words by the prompt.
//
// The events' `data` name the cards (`card`, `cards`, `child`, `attacker`, `blocker`, `noble`,
// `target` when it is a card), the seat that acted (`seat`) and the seats a move went to (`to`,
// `target` when it is a seat, `defender`, `offerer`); a game's renderer may add the places of
// its own table (`movedKeys`: Blood & Fortune's newest area card).

import { createContext } from './lib.js';

/** The highlight the table draws: {cards, keys, from, to} (sets), or null. */
export const Highlight = createContext(null);

const CARD_KEYS = ['card', 'cards', 'child', 'attacker', 'blocker', 'noble', 'item', 'target'];
const TO_KEYS = ['to', 'target', 'defender', 'seat_skipped', 'offerer'];
const SEAT = /^P\d+$/;

/** The highlight of `events` (newest last); `extra(events)` gives more keys (a game's own). */
export function movedBy(events, extra) {
  const cards = new Set();
  const from = new Set();
  const to = new Set();
  for (const e of events) {
    const d = e.data || {};
    if (Number.isInteger(e.seat)) from.add(e.seat);
    for (const k of CARD_KEYS) {
      const v = d[k];
      for (const c of Array.isArray(v) ? v : [v]) if (typeof c === 'string' && c && !SEAT.test(c)) cards.add(c);
    }
    for (const k of TO_KEYS) if (Number.isInteger(d[k])) to.add(d[k]);
  }
  const keys = new Set(extra ? extra(events) : []);
  return { cards, keys, from, to, size: cards.size + keys.size + from.size + to.size };
}

/** The events to show as "what just happened": those since this seat's last own move (the
 *  index `mark` in the log), or, with no mark (a spectator, a reload), the last frame's. */
export function sinceLast(events, mark, lastFrameEvents) {
  if (mark !== null && mark !== undefined && mark <= events.length) return events.slice(mark);
  return lastFrameEvents || [];
}

/** A short line of what happened: the texts of the last `n` events (oldest first), and how many
 *  came before them. */
export function sinceWords(events, n = 3) {
  const shown = events.slice(-n).map((e) => e.text);
  return { shown, more: Math.max(0, events.length - shown.length) };
}
