// The Genealogy of King's Blood and King's Family, drawn as the rulebook lays it out: one row per
// generation (the founder's at the top), positions in half-card steps so that a child sits
// under the meeting point of its two parents, Active cards marked, Enthronements and the King's
// Blood card shown under the card they are attached to, and — while a card is picked — the free
// spots beside Active cards where it may go.

import { html, classes } from '../lib.js';
import { Card, Spot } from '../ui.js';

export const PHIL = {
  M: { name: 'Money', sym: '◆' },
  A: { name: 'Art', sym: '✎' },
  R: { name: 'Romance', sym: '♥' },
  B: { name: 'Battle', sym: '⚔' },
};
const GENDER = { m: '♂', f: '♀' };
const ABILITY = { Skip: '⊘', Reverse: '⇄', Draw3: '+3' };
const ABILITY_WORDS = { Skip: 'Skip', Reverse: 'Reverse', Draw3: 'Draw 3' };
export const EVENTS = {
  Assassination: { main: 'Assassin\u00adation', sym: '🗡', title: 'Assassination (Event): discard an Active card' },
  Exile: { main: 'Exile', sym: '⇲', title: "Exile (Event): an Active card goes into a player's hand" },
  NewConnection: { main: 'New Connec\u00adtion', sym: '⇆', title: 'New Connection (Event): move an Active card beside another Active card' },
  Enthronement: { main: 'Enthrone\u00adment', sym: '♛', title: 'Enthronement (Event): placed under an Active card' },
  KingsBlood: { main: "King's Blood", sym: '♚', title: "The King's Blood card: any Character may be played beside it and always marries it" },
};
const CHAR = /^([MARB])([1-9])([mf])$/;

/** A card face of King's Blood / King's Family: colour *and* symbol of the philosophy, the
 *  number and gender, the ability mark (from the view's `abilities`). */
export function faceOf(abilities) {
  return (card) => {
    const m = CHAR.exec(card);
    if (m) {
      const [, ph, n, g] = m;
      const ab = abilities && abilities[card];
      return {
        main: `${n}${GENDER[g]}`,
        sym: PHIL[ph].sym,
        sub: card,
        badge: ab ? ABILITY[ab] || ab : null,
        cls: `ph ph-${ph}`,
        title: `${PHIL[ph].name} ${n} ${GENDER[g]}${ab ? `, ${ABILITY_WORDS[ab] || ab}` : ''}`,
      };
    }
    const e = EVENTS[card];
    if (e) return { main: e.main, sym: e.sym, cls: 'event', title: e.title, sub: null };
    return { main: card, cls: 'event', title: card };
  };
}

/** Genealogy entries as {card, row, x, active, attached}: King's Blood gives objects, King's
 *  Family [card, row, x, attached] with a separate list of Active cards. */
export function entriesOf(view) {
  const g = view.genealogy || [];
  const active = new Set(view.active || []);
  return g.map((e) =>
    Array.isArray(e)
      ? { card: e[0], row: e[1], x: e[2], attached: e[3] || [], active: active.has(e[0]) }
      : { card: e.card, row: e.row, x: e.x, attached: e.attached || [], active: e.active ?? active.has(e.card) },
  );
}

/** The child whose sibling line is being built ({row, left, right} of the line), or null. */
function siblingLine(view, entries) {
  const child = view.child || (view.sibling && view.sibling.child) || null;
  if (!child) return null;
  const c = entries.find((e) => e.card === child);
  if (!c) return null;
  const at = new Map(entries.filter((e) => e.row === c.row).map((e) => [e.x, e]));
  let left = c.x;
  let right = c.x;
  while (at.has(left - 2)) left -= 2;
  while (at.has(right + 2)) right += 2;
  return { row: c.row, left: left - 2, right: right + 2 };
}

/**
 * The Genealogy grid.
 * @param entries   from entriesOf(view)
 * @param rowLimit  the most cards a generation may hold (King's Family: 10)
 * @param next      the keys a click may continue with (spots are drawn only where needed)
 */
export function Genealogy({ view, entries, face, sel, next, rowLimit }) {
  if (!entries.length) return html`<div class="genealogy empty"><p class="muted">The Genealogy is empty: the next Character drawn founds it.</p></div>`;
  const spots = [];
  for (const k of next || []) {
    const m = /^spot:([^:]+):(left|right)$/.exec(k);
    if (m) {
      const t = entries.find((e) => e.card === m[1]);
      if (t) spots.push({ k, row: t.row, x: t.x + (m[2] === 'left' ? -2 : 2), title: `${m[2]} of ${m[1]}` });
    }
  }
  const line = siblingLine(view, entries);
  if (line) {
    for (const side of ['left', 'right']) {
      const k = `sibling:${side}`;
      if (next && next.has(k)) spots.push({ k, row: line.row, x: side === 'left' ? line.left : line.right, title: `a sibling, ${side}` });
    }
  }
  const active = entries.filter((e) => e.active);
  const xs = entries.map((e) => e.x).concat(spots.map((s) => s.x), active.map((e) => e.x - 2), active.map((e) => e.x + 2));
  // the first row holding a card is G1 (after an Enthronement in King's Family the rows above it are gone)
  const top = Math.min(...entries.map((e) => e.row));
  const rows = Math.max(...entries.map((e) => e.row), ...spots.map((s) => s.row)) - top + 1;
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs) + 2;
  const col = (x) => 2 * (x - minX) + 2; // quarter-card grid lines; column 1 holds the row labels
  const byPos = new Map(entries.map((e) => [`${e.row}:${e.x}`, e]));
  const bonds = [];
  for (const e of entries) {
    const a = byPos.get(`${e.row - 1}:${e.x - 1}`);
    const b = byPos.get(`${e.row - 1}:${e.x + 1}`);
    if (a && b) bonds.push({ row: e.row - 1, x: e.x + 1, child: e.card, a: a.card, b: b.card });
  }
  const style = `grid-template-columns: var(--rowlabel) repeat(${2 * (maxX - minX)}, var(--q)); grid-template-rows: repeat(${rows}, var(--genrow));`;
  return html`<div class="genealogy-scroll" tabindex="0" aria-label="The Genealogy">
    <div class="genealogy" style=${style} role="group">
      ${Array.from({ length: rows }, (_, r) => {
        const n = entries.filter((e) => e.row === r + top).length;
        const full = rowLimit && n >= rowLimit;
        return html`<div class=${classes('gen-label', full && 'full')} style=${`grid-row:${r + 1};grid-column:1`}
            title=${`generation ${r + 1}: ${n} card${n === 1 ? '' : 's'}${rowLimit ? ` (at most ${rowLimit})` : ''}`}>
          G${r + 1}${rowLimit ? html`<span class="gen-count">${n}/${rowLimit}</span>` : null}</div>`;
      })}
      ${bonds.map(
        (b) => html`<span class="bond" style=${`grid-row:${b.row - top + 1};grid-column:${col(b.x) - 1} / span 2`}
          title=${`Marriage of ${b.a} and ${b.b}; their child ${b.child}`} aria-hidden="true">⚭</span>`,
      )}
      ${entries.map((e) => {
        const f = face(e.card);
        const attached = e.attached || [];
        const info = { ...f, title: `${f.title || e.card}${e.active ? ' — Active' : ''}${attached.length ? ` — under it: ${attached.join(', ')}` : ''}` };
        return html`<div class=${classes('gen-cell', e.active && 'active', e.row > 0 && byPos.get(`${e.row - 1}:${e.x - 1}`) && byPos.get(`${e.row - 1}:${e.x + 1}`) && 'child')}
            style=${`grid-row:${e.row - top + 1};grid-column:${col(e.x)} / span 4`}>
          <${Card} card=${e.card} face=${() => info} k=${`gen:${e.card}`} uid=${`gen:${e.card}`} sel=${sel} cls=${classes('gen', e.active && 'active')} />
          ${attached.length
            ? html`<span class="attached">${attached.map((a) => html`<span class=${classes('att', a === 'KingsBlood' && 'kb')} title=${EVENTS[a] ? EVENTS[a].title : a}>${a === 'Enthronement' ? '♛ E' : a === 'KingsBlood' ? "♚ King's Blood" : a}</span>`)}</span>`
            : null}
        </div>`;
      })}
      ${spots.map(
        (s) => html`<div class="gen-cell spot-cell" style=${`grid-row:${s.row - top + 1};grid-column:${col(s.x)} / span 4`}>
          <${Spot} k=${s.k} uid=${s.k} sel=${sel} cls="slot" title=${`place it ${s.title}`}><span aria-hidden="true">+</span></${Spot}>
        </div>`,
      )}
    </div>
  </div>`;
}
