// Pieces every table draws with: a card face, a card back, a target that is not a card (a spot
// beside a card, a player's area, the pile), a seat's name plate.
//
// `sel` is the table's selection (see table.js): `sel.props(key, uid, info)` says whether an
// element continues a legal action from what is picked, and handles its click. Without a key,
// or on a replay, elements are drawn and can be tapped for their description only.

import { html, classes, useContext } from './lib.js';
import { Highlight } from './lastmove.js';

function interactive(sel, k, uid, info, card) {
  if (!sel) return null;
  return sel.props(k || null, uid || k || null, info || '', card || null);
}

/**
 * A card. `face(card)` (the game's) gives {main, sym, sub, badge, cls, title}: the notation, a
 * symbol of its colour or suit, a small second line, a mark for an ability, a CSS class and the
 * card in words (shown on hover, read by screen readers, shown in the info line when tapped).
 */
export function Card({ card, face, k, uid, sel, cls, note, big }) {
  const f = (face && face(card)) || { main: card };
  const p = interactive(sel, k, uid, f.title ? `${card}: ${f.title}` : card, card);
  const hl = useContext(Highlight);
  const moved = hl && (hl.cards.has(card) || (k && hl.keys.has(k)));
  const c = classes('card', f.cls, cls, big && 'big', p && p.cls, moved && 'moved');
  // the suit or colour symbol and the ability mark are drawn by CSS (not text): the card's words
  // are its main line and second line, which its accessible name begins with
  const body = html`<span class="c-main">${f.main}</span>${f.sym
      ? html`<span class="c-sym" data-sym=${f.sym} aria-hidden="true"></span>`
      : null}${f.sub ? html`${' '}<span class="c-sub">${f.sub}</span>` : null}${f.badge
      ? html`<span class="c-badge" data-badge=${f.badge} aria-hidden="true"></span>`
      : null}${note ? html`${' '}<span class="c-note">${note}</span>` : null}`;
  const label = f.title ? `${card}: ${f.title}` : card;
  // the accessible name starts with the card's visible words, then says what it is and, while
  // it can be chosen, what a click does
  const seen = [f.main, f.sub, note].filter(Boolean).join(' ');
  const named = seen && seen !== card ? `${seen} — ${label}` : label;
  if (p) {
    return html`<button
      type="button"
      class=${c}
      title=${label}
      aria-label=${p.enabled ? `${named} (${p.pressed ? 'picked: click to put it back' : 'choose'})` : named}
      data-card=${card}
      data-key=${k || undefined}
      aria-pressed=${p.pressed ? 'true' : undefined}
      aria-disabled=${p.enabled ? undefined : 'true'}
      onClick=${p.onClick}
    >${body}</button>`;
  }
  return html`<span class=${c} title=${label} data-card=${card} data-key=${k || undefined} role="img" aria-label=${named}>${body}</span>`;
}

/** A face-down card (what is on it is hidden from this seat). `label`: what it is known to be
 *  (e.g. "H3?", a face-down card of house H3). */
export function Back({ label, cls, k, uid, sel, title }) {
  const p = k ? interactive(sel, k, uid, title || 'a face-down card') : null;
  const hl = useContext(Highlight);
  const c = classes('card', 'back', cls, p && p.cls, hl && k && hl.keys.has(k) && 'moved');
  const text = title || 'a face-down card';
  const named = label ? `${label} — ${text}` : text;
  if (p) {
    return html`<button type="button" class=${c} title=${text} aria-label=${p.enabled ? `${named} (choose)` : named} data-key=${k}
      aria-pressed=${p.pressed ? 'true' : undefined} aria-disabled=${p.enabled ? undefined : 'true'}
      onClick=${p.onClick}><span class="c-main">${label || ''}</span></button>`;
  }
  return html`<span class=${c} title=${text} data-key=${k || undefined} role="img" aria-label=${named}><span class="c-main">${label || ''}</span></span>`;
}

/** A target that is not a card (a free spot, the pile, the deck, a title): a button while it
 *  continues a legal action, else plain. */
export function Spot({ k, uid, sel, cls, title, children, always }) {
  const p = interactive(sel, k, uid, title);
  const live = p && p.enabled;
  if (!live && !always) {
    return children ? html`<span class=${classes('spot', cls)} title=${title}>${children}</span>` : null;
  }
  const c = classes('spot', cls, p && p.cls);
  if (!p) return html`<span class=${c} title=${title}>${children}</span>`;
  // named by what it shows, then (for screen readers) what it is and what a click does
  return html`<button type="button" class=${c} title=${title} data-key=${k}
    aria-pressed=${p.pressed ? 'true' : undefined} aria-disabled=${p.enabled ? undefined : 'true'}
    onClick=${p.onClick}>${children}<span class="sr-only"> — ${title}${live ? ' (choose)' : ''}</span></button>`;
}

/**
 * A player's area: a panel whose name plate becomes a button when the player is a legal target
 * (`k`, e.g. `p:2`). `turn`: this player decides now; `me`: the viewer's own seat.
 */
export function Seat({ seat, names, k, sel, turn, me, cls, children, extra, gone }) {
  const p = k ? interactive(sel, k, k, `${names.label(seat)}`) : null;
  const live = p && p.enabled;
  const hl = useContext(Highlight);
  const c = classes('seat', cls, turn && 'turn', me && 'me', live && 'target', p && p.pressed && 'picked', gone && 'gone',
    hl && hl.to.has(seat) && 'moved-to', hl && hl.from.has(seat) && 'moved-from');
  const plate = html`<span class="plate-name">${names.label(seat)}</span>${me
      ? html`<span class="plate-you">you</span>`
      : null}${names.bot(seat) ? html`<span class="plate-bot" title=${names.bot(seat)}>bot</span>` : null}${turn
      ? html`<span class="plate-turn" title="to act">◀ to act</span>`
      : null}`;
  return html`<section class=${c} data-seat=${seat} aria-label=${names.label(seat)}>
    <header class="plate">
      ${live
        ? html`<button type="button" class=${classes('plate-btn', p.cls)} data-key=${k} onClick=${p.onClick}
            title=${`choose ${names.label(seat)}`}>${plate}<span class="plate-go">choose</span></button>`
        : html`<span class="plate-btn">${plate}</span>`}
      ${extra ? html`<span class="plate-extra">${extra}</span>` : null}
    </header>
    ${children}
  </section>`;
}

/** A labelled zone of cards (hand, pile, discards…). */
export function Zone({ title, count, cls, children, hint }) {
  return html`<div class=${classes('zone', cls)}>
    <div class="zone-title">${title}${count !== undefined && count !== null
        ? html` <span class="zone-count">${count}</span>`
        : null}${hint ? html` <span class="zone-hint">${hint}</span>` : null}</div>
    <div class="zone-cards">${children}</div>
  </div>`;
}

/** A small key-value line (deck size, round, direction…). */
export function Facts({ items }) {
  return html`<dl class="facts">${items
    .filter((x) => x && x[1] !== undefined && x[1] !== null && x[1] !== '')
    .map(([k, v]) => html`<div class="fact"><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>`;
}
