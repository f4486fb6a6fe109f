// Playing on the table: the legal actions of a frame as sequences of clicks.
//
// Each game's renderer reads an action's text (`parse`) into the keys of the elements a person
// clicks to make it, in order: a card in the hand (`h:B5m`), then a target on the table (a spot
// beside a Genealogy card `s:B2m:right`, a player `p:2`, the pile, …). An action with no keys is
// a plain button (draw, pass, end). The page highlights every element that continues a legal
// action from what is picked so far; when the picks complete exactly one action it is sent, and
// when they complete several (a Marriage or no Marriage, a split of damage) the page asks which.
//
// Only `legal` (the server's legal_choices for this seat) is ever offered: the keys are read
// from the action texts the server sent and the cards this seat's view shows.

/** The legal choices with their click keys: [{text, label, id, group, keys, unordered, bar}]. */
export function entriesFor(legal, game, view, seat) {
  return (legal || []).map((c) => {
    let p = null;
    try {
      p = game.parse ? game.parse(c.text, view, seat) : null;
    } catch (e) {
      p = null; // a text this renderer cannot read is still offered as a button
    }
    p = p || {};
    return { ...c, keys: p.keys || [], unordered: !!p.unordered, bar: !!p.bar };
  });
}

/** How far `picked` (keys) goes along one entry: null (not on its way), else the keys that may
 *  come next and whether the entry is complete. With `unordered`, the hand keys (`h:`) of the
 *  entry are picked in any order before the rest. */
export function progress(entry, picked) {
  const keys = entry.keys;
  if (!entry.unordered) {
    if (picked.length > keys.length) return null;
    for (let i = 0; i < picked.length; i++) if (picked[i] !== keys[i]) return null;
    return { next: picked.length < keys.length ? [keys[picked.length]] : [], done: picked.length === keys.length };
  }
  const left = keys.filter((k) => k.startsWith('h:'));
  const rest = keys.filter((k) => !k.startsWith('h:'));
  let j = 0;
  for (const k of picked) {
    if (left.length) {
      const i = left.indexOf(k);
      if (i < 0) return null;
      left.splice(i, 1);
    } else {
      if (rest[j] !== k) return null;
      j += 1;
    }
  }
  if (left.length) return { next: [...new Set(left)], done: false };
  return { next: j < rest.length ? [rest[j]] : [], done: j === rest.length };
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

/** The action text to send for a completed entry: the game may put the cards the person
 *  picked in place of interchangeable ones (Blood & Fortune's twin cards). */
export function composeText(game, entry, picked) {
  if (game.compose) {
    try {
      const t = game.compose(entry, picked);
      if (typeof t === 'string' && t) return t;
    } catch (e) {
      /* fall back to the canonical text */
    }
  }
  return entry.text;
}
