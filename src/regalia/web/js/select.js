// Playing on the table: the legal actions of a frame as sequences of clicks.
//
// Every legal choice the server sends carries its click keys, computed by the game's rules core
// from the action itself (`State.choice_keys`): a list of steps, each a list of keys clicked in
// any order — a card of the hand (`hand:B5m`), then a target on the table (a spot beside a
// Genealogy card `spot:B2m:right`, a player `seat:2`, the pile…). The renderers draw each
// clickable thing with its key (`data-key`); this module matches what is clicked against the
// keys and never reads an action's text. A choice with no keys is a plain button (draw, pass,
// end). Interchangeable actions (twin cards) come as one choice with the others in its `alike`
// list, each with the keys of its own cards, so the page sends the very card clicked.
//
// The page highlights every element that continues a legal action from what is picked so far;
// when the picks complete exactly one action it is sent, and when they complete several (a
// Marriage or no Marriage, a split of damage) the page asks which.

/** Keys a choice is also a button for: one click on a shared thing of the table (a player,
 *  the deck, the pile, a title) — a button says the same in words. */
const BAR_KEY = /^(seat:\d+|deck|pile|title:\w+)$/;

/** The actions a page can send: each shown choice and each of its alike, as
 *  {text, label, id, keys, choice, bar}, `choice` being the shown choice it belongs to. */
export function entriesFor(legal) {
  const out = [];
  for (const c of legal || []) {
    const keys = Array.isArray(c.keys) ? c.keys : [];
    const bar = keys.length === 1 && keys[0].length === 1 && BAR_KEY.test(keys[0][0]);
    out.push({ text: c.text, label: c.label, id: c.id, group: c.group, keys, choice: c, bar, shown: true });
    for (const a of c.alike || []) {
      out.push({ text: a.text, label: a.label, id: a.id, group: c.group, keys: a.keys || [], choice: c, bar: false, shown: false });
    }
  }
  return out;
}

/** The first keys of an entry: what must be clicked first to start it. */
export function firstKeys(entry) {
  return entry.keys.length ? entry.keys[0] : [];
}

/** How far `picked` (keys, in click order) goes along one entry: null (not on its way), else
 *  the keys that may come next and whether the entry is complete. */
export function progress(entry, picked) {
  const keys = entry.keys;
  let si = 0;
  let left = keys.length ? keys[0].slice() : [];
  for (const k of picked) {
    const i = left.indexOf(k);
    if (i < 0) return null;
    left.splice(i, 1);
    if (!left.length && si + 1 < keys.length) {
      si += 1;
      left = keys[si].slice();
    }
  }
  return { next: [...new Set(left)], done: left.length === 0 };
}

/** What the picks allow: the keys that may be clicked next, the entries the picks are on the
 *  way to (`along`), and those they complete (`done`). */
export function analyse(entries, picked) {
  const next = new Set();
  const done = [];
  const along = [];
  for (const e of entries) {
    if (!e.keys.length) continue;
    const p = progress(e, picked);
    if (!p) continue;
    along.push(e);
    for (const k of p.next) next.add(k);
    if (p.done && picked.length) done.push(e);
  }
  return { next, done, along };
}
