// Kingship: the pile with its top card, the deck (its size and any top cards this seat knows),
// the graveyard, the six titles and who holds them, the laws in force, the other players (hand
// sizes, titles, cards this seat knows they hold), the decision the table waits for (a target, a
// Merchant's trade, a vote), and your hand — each card with its character's name and both of its
// ability texts on hover or tap.

import { html, classes, plural } from '../lib.js';
import { Card, Back, Spot, Seat, Zone, Facts } from '../ui.js';

const SUIT = { L: { name: 'Light', sym: '☀' }, D: { name: 'Dark', sym: '☾' }, T: { name: 'Terra', sym: '♁' } };
const CARD = /^(A|[2-9]|10|J|Q|K)([LDT])$/;
const TITLES = ['Kingship', 'DarkQueen', 'LightQueen', 'Outlaw', 'Demon', 'Silenced'];
const TITLE_WORDS = { Kingship: 'Kingship', DarkQueen: 'Dark Queen', LightQueen: 'Light Queen', Outlaw: 'Outlaw', Demon: 'Demon', Silenced: 'Silenced' };
const TITLE_SYM = { Kingship: '♚', DarkQueen: '♛', LightQueen: '♕', Outlaw: '☠', Demon: '😈', Silenced: '🔇' };

export function faceOf(view) {
  const infos = view.cards || {};
  return (card) => {
    const info = infos[card];
    const m = CARD.exec(card);
    if (card === 'Outlaw') {
      return { main: 'Outlaw', sym: '☠', cls: 'ks outlaw', sub: info && info.name, title: info ? `${info.character || 'Outlaw'}${info.name ? ` — ${info.name}` : ''}: ${info.single || ''}` : 'Outlaw: wild; redirects a target' };
    }
    if (!m) return { main: card, cls: 'ks' };
    const [, v, s] = m;
    const character = info ? info.character : null;
    const title = info
      ? `${character}${info.name ? ` — ${info.name}` : ''} (${SUIT[s].name}). #1 single: ${info.single} #2 pair: ${info.pair}`
      : `${v} of ${SUIT[s].name}`;
    return { main: v, sym: SUIT[s].sym, sub: character || SUIT[s].name, cls: `ks suit-${s}`, title };
  };
}

function titlesOf(view, i) {
  return TITLES.filter((t) => (view.titles || {})[t] === i);
}

function TitleBadges({ view, i }) {
  const held = titlesOf(view, i);
  if (!held.length) return null;
  return html`<span class="titles-held">${held.map((t) => html`<span class=${classes('title-badge', `t-${t}`)} title=${(view.title_info && view.title_info[t] && view.title_info[t].text) || TITLE_WORDS[t]}>${TITLE_SYM[t]} ${TITLE_WORDS[t]}</span>`)}</span>`;
}

function Opponent({ view, i, names, sel, face }) {
  const n = (view.hand_sizes || [])[i] ?? 0;
  const known = (view.known_cards || {})[`P${i}`] || [];
  const info = view.decision_info || {};
    const marks = [];
  if (info.target === i && view.decision !== 'target') marks.push(html`<span class="mark target">target</span>`);
  if (info.actor === i) marks.push(html`<span class="mark actor">acting</span>`);
  const counters = info.counters && info.counters[`P${i}`];
  return html`<${Seat} seat=${i} names=${names} k=${`seat:${i}`} sel=${sel} turn=${view.to_act === i && !view.over} cls=${classes('opponent', view.turn_player === i && 'turn-player')}
      extra=${html`<${TitleBadges} view=${view} i=${i} />`}>
    <div class="seat-body">
      <span class="hand-count" title=${`${plural(n, 'card')} in hand`}>${Array.from({ length: Math.min(n, 10) }, () => html`<${Back} cls="mini" />`)}<span class="count">${plural(n, 'card')}</span></span>
      ${view.turn_player === i && !view.over ? html`<span class="mark turnmark">their turn</span>` : null}
      ${marks}
      ${counters ? html`<span class="mark">counter-offers ${counters}</span>` : null}
    </div>
    ${known.length
      ? html`<div class="known-row"><span class="muted small">${view.seat === null || view.seat === undefined ? 'everyone knows they hold' : 'you know they hold'}</span>
          ${known.map((c, j) => html`<${Card} card=${c} face=${face} cls="small" k=${`known:${i}:${c}`} uid=${`known:${i}:${j}`} sel=${sel} />`)}</div>`
      : null}
  </${Seat}>`;
}

// The response windows (KS-6, KS-7) in words, by the view's decision kind: who may answer what.
const WINDOWS = {
  dq: 'Response window: the Dark Queen may forbid the target',
  outlaw: 'Response window: an Outlaw may redirect the target',
  reroute: 'Response window: an Outlaw may redirect the target',
  knight: "Response window: the target's Knight may block",
  lq: 'Response window: the Light Queen may prevent the draw',
  poach: 'Response window: holders of the specified card may exile it',
  demon: 'The Demon may claim the graveyard',
  vote: 'The Queens vote on the law',
};

function Decision({ view, names }) {
  const d = view.decision;
  const info = view.decision_info || {};
  const bits = [];
  if (WINDOWS[d]) bits.push(WINDOWS[d]);
  if (info.actor !== undefined && info.actor !== null) bits.push(`acting: ${names.label(info.actor)}`);
  if (info.target !== undefined && info.target !== null) bits.push(`target: ${names.label(info.target)}`);
  if (info.forbidden && info.forbidden.length) bits.push(`forbidden targets: ${info.forbidden.map((i) => `P${i}`).join(', ')}`);
  if (info.spec) bits.push(`specified: ${info.spec}`);
  if (info.offer) bits.push(`offers: ${info.offer}`);
  if (info.ask) bits.push(`asks: ${info.ask}`);
  if (info.counters) bits.push(`counter-offers: ${Object.entries(info.counters).map(([p, c]) => `${p} ${c}`).join(', ')}`);
  if (info.law) bits.push(`law voted on: ${info.law}`);
  if (info.drawer !== undefined) bits.push(`${names.label(info.drawer)} is to draw ${plural(info.count || 1, 'card')}`);
  if (info.wizard_copy) bits.push(`the Wizard copies ${info.wizard_copy}`);
  if (!d || !bits.length) return null;
  return html`<p class=${classes('ks-decision', WINDOWS[d] && 'window')}>${bits.join(' · ')}</p>`;
}

export function Board({ view, seat, sel, names }) {
  const face = faceOf(view);
  const players = view.players || (view.hand_sizes || []).length;
  const me = view.seat ?? seat;
  const others = [];
  for (let k = 1; k <= players; k++) {
    const i = me === null || me === undefined ? k - 1 : (me + k) % players;
    if (i !== me) others.push(i);
  }
  const pile = view.pile || [];
  const reviving = sel && sel.next && [...sel.next].some((k) => k.startsWith('pile:'));
  const grave = view.graveyard || [];
  const hand = view.hand || [];
  const laws = view.laws_in_force || (view.law_codes || []).map((code, i) => ({ code, text: (view.laws || [])[i] || '' }));
  return html`<div class="ks-table">
    <div class="opponents">${others.map((i) => html`<${Opponent} view=${view} i=${i} names=${names} sel=${sel} face=${face} />`)}</div>
    <${Decision} view=${view} names=${names} />
    <div class="centre ks-centre">
      <${Zone} title="Pile" count=${pile.length} cls="ks-pile" hint="top card to match">
        <${Spot} k="pile" uid="pile" sel=${sel} cls="pile-spot" title=${`the pile: top card ${view.pile_top || 'none'}`} always=${true}>
          ${view.pile_top ? html`<${Card} card=${view.pile_top} face=${face} big=${true} cls="top-card" />` : html`<span class="muted">empty</span>`}
        </${Spot}>
        ${pile.length > 1
          ? html`<span class="under" title="the cards below the top, newest first">below: ${pile
              .slice(-4, -1)
              .reverse()
              .map((c) => html`<${Card} card=${c} face=${face} cls="mini" />`)}</span>`
          : null}
      </${Zone}>
      <${Zone} title="Deck" count=${view.deck_size}>
        <${Spot} k="deck" uid="deck" sel=${sel} cls="pile-spot" title=${`the deck: ${plural(view.deck_size || 0, 'card')}`} always=${true}>
          <${Back} label=${String(view.deck_size ?? '')} cls="pile" />
        </${Spot}>
        ${(view.deck_top_known || []).length
          ? html`<span class="deck-known"><span class="muted small">top (known):</span>${view.deck_top_known.map((c) => html`<${Card} card=${c} face=${face} cls="small" />`)}</span>`
          : null}
      </${Zone}>
      <${Zone} title="Graveyard" count=${view.graveyard_size ?? grave.length} cls="grave">
        ${grave.map((c, i) => html`<${Card} card=${c} face=${face} cls="small" k=${`grave:${c}`} uid=${`grave:${i}`} sel=${sel} />`)}
      </${Zone}>
      <div class="titles-board" role="group" aria-label="Titles">
        ${TITLES.map((t) => {
          const holder = (view.titles || {})[t];
          const txt = (view.title_info && view.title_info[t] && view.title_info[t].text) || '';
          return html`<${Spot} k=${`title:${t}`} uid=${`title:${t}`} sel=${sel} cls=${classes('title', `t-${t}`, holder !== null && holder !== undefined && 'held')} title=${`${TITLE_WORDS[t]}: ${txt}`} always=${true}>
            <span class="title-sym" aria-hidden="true">${TITLE_SYM[t]}</span>
            <span class="title-name">${TITLE_WORDS[t]}</span>
            <span class="title-holder">${holder === null || holder === undefined ? 'centre' : names.label(holder)}</span>
          </${Spot}>`;
        })}
      </div>
      <div class="laws">
        <div class="zone-title">Laws in force</div>
        ${laws.length ? html`<ul>${laws.map((l) => html`<li><code>${l.code}</code> — ${l.text}</li>`)}</ul>` : html`<p class="muted small">none</p>`}
      </div>
      <${Facts} items=${[
        ['Turn', `${view.turn} (${names.label(view.turn_player)})`],
        ['Direction', view.direction],
        ['Drawn this turn', view.drawn_this_turn ? 'yes' : 'no'],
        ['Messenger skip', view.skip_next ? 'the next player is skipped' : null],
        ['Extra turn', view.extra_turn ? 'after this one' : null],
        ['Outlaws in response', view.outlaws_in_play || null],
      ]} />
    </div>
    ${reviving
      ? html`<${Zone} title="Revive a card of the pile" cls="ks-pile-list">${pile.map((c, i) => html`<${Card} card=${c} face=${face} cls="small" k=${`pile:${c}`} uid=${`pile:${i}`} sel=${sel} />`)}</${Zone}>`
      : null}
    ${(view.deck_cards || []).length
      ? html`<${Zone} title="The deck (your Emperor's search)" cls="ks-deck-list">${view.deck_cards.map((c, i) => html`<${Card} card=${c} face=${face} cls="small" k=${`deck:${c}`} uid=${`deck:${i}`} sel=${sel} />`)}</${Zone}>`
      : null}
    ${me !== null && me !== undefined
      ? html`<${Seat} seat=${me} names=${names} me=${true} turn=${view.to_act === me && !view.over} cls="mine tray" k=${`seat:${me}`} sel=${sel} extra=${html`<${TitleBadges} view=${view} i=${me} />`}>
          <${Zone} title="Your hand" count=${hand.length} cls="hand" hint="tap a card to read its abilities">
            ${hand.map((c, i) => html`<${Card} card=${c} face=${face} k=${`hand:${c}`} uid=${`hand:${i}`} sel=${sel} big=${true} />`)}
          </${Zone}>
        </${Seat}>`
      : html`<p class="muted spectator-note">You are watching: hands are hidden.</p>`}
  </div>`;
}

export default { Board };
