// Kingdom: every kingdom with its territories, its nobles and soldiers in play (preoccupied
// cards turned sideways, suit changes shown), its hand size and the cards this seat knows in it;
// the combat (attackers, their blockers, how damage is split); the chain of Assassins and Jokers
// waiting to take effect; the deck and the face-up discard pile; and your hand.

import { html, classes, plural } from '../lib.js';
import { Card, Back, Spot, Seat, Zone, Facts } from '../ui.js';

const SUITS = { S: { name: 'Spades', sym: '♠', red: false }, H: { name: 'Hearts', sym: '♥', red: true }, D: { name: 'Diamonds', sym: '♦', red: true }, C: { name: 'Clubs', sym: '♣', red: false } };
const RANKS = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' };
const CARD = /^(A|[2-9]|10|J|Q|K)([SHDC])(#\d+)?$/;

export function face(card) {
  if (card === 'Joker') return { main: 'Joker', sym: '🃏', cls: 'kd joker', title: 'Joker: Pick a Card, Spy, Expose or Recruit' };
  const m = CARD.exec(card);
  if (!m) return { main: card, cls: 'kd' };
  const [, r, s, copy] = m;
  const role = r === 'A' ? 'Ace: a Champion in play, an Assassin from the hand' : 'KQJ'.includes(r) ? 'a noble' : `a soldier, rating ${r}`;
  return {
    main: r,
    sym: SUITS[s].sym,
    sub: copy ? `deck ${copy.slice(1)}` : null,
    cls: classes('kd', SUITS[s].red ? 'red' : 'black'),
    title: `${RANKS[r] || r} of ${SUITS[s].name}${copy ? ` (deck ${copy.slice(1)})` : ''} — ${role}`,
  };
}

function InPlay({ c, sel, combat }) {
  const f = face(c.card);
  const changed = c.suit && c.printed_suit && c.suit !== c.printed_suit;
  const note = [c.preoccupied ? 'preoccupied' : '', changed ? `now ${SUITS[c.suit] ? SUITS[c.suit].sym : c.suit}` : '', c.combat || ''].filter(Boolean).join(' · ');
  const info = { ...f, title: `${f.title}${c.preoccupied ? ' — preoccupied (turned)' : ''}${changed ? ` — counts as ${SUITS[c.suit].name} this turn` : ''}${c.combat ? ` — ${c.combat}` : ''}` };
  return html`<span class=${classes('inplay', c.preoccupied && 'turned', c.combat && `cb-${c.combat}`, combat && 'in-combat')}>
    <${Card} card=${c.card} face=${() => info} k=${`inplay:${c.card}`} uid=${`inplay:${c.card}`} sel=${sel} cls=${classes(c.role)} note=${changed ? `→${SUITS[c.suit].sym}` : ''} />
    ${note ? html`<span class="sr-only">${note}</span>` : null}
  </span>`;
}

function Kingdom({ view, k, names, sel, me }) {
  const nobles = (k.in_play || []).filter((c) => c.role === 'noble');
  const soldiers = (k.in_play || []).filter((c) => c.role !== 'noble');
  const known = k.known_hand || [];
  const start = Math.max(20, ...(view.kingdoms || []).map((x) => x.territories));
  return html`<${Seat} seat=${k.seat} names=${names} k=${`seat:${k.seat}`} sel=${sel} me=${k.seat === me} turn=${view.to_act === k.seat && !view.over}
      cls=${classes('kingdom', view.active === k.seat && 'active-kingdom')} gone=${!k.alive}
      extra=${html`<span class="territories" title=${`${plural(k.territories, 'territory', 'territories')} left`}><strong>${k.territories}</strong> ${k.territories === 1 ? 'territory' : 'territories'}</span>${view.active === k.seat && !view.over ? html`<span class="mark turnmark">${k.seat === me ? 'your turn' : 'their turn'}</span>` : null}${!k.alive ? html`<span class="mark fallen">fallen</span>` : null}`}>
    <div class="terr-bar" aria-hidden="true" style=${`--terr:${Math.max(0, Math.min(1, k.territories / start))}`}><span></span></div>
    <div class="kd-rows">
      <div class="kd-row nobles" aria-label="nobles">${nobles.length ? nobles.map((c) => html`<${InPlay} c=${c} sel=${sel} />`) : html`<span class="muted small">no noble</span>`}</div>
      <div class="kd-row soldiers" aria-label="soldiers">${soldiers.map((c) => html`<${InPlay} c=${c} sel=${sel} />`)}</div>
    </div>
    ${k.seat !== me
      ? html`<div class="seat-body"><span class="hand-count">${Array.from({ length: Math.min(k.hand_size, 10) }, () => html`<${Back} cls="mini" />`)}<span class="count">${plural(k.hand_size, 'card')} in hand</span></span>
          ${known.length ? html`<span class="known">known: ${known.map((c) => html`<${Card} card=${c} face=${face} cls="mini" />`)}</span>` : null}</div>`
      : null}
  </${Seat}>`;
}

function Combat({ combat, names }) {
  if (!combat) return null;
  return html`<section class="combat" aria-label="Combat">
    <h3>⚔ Combat: ${names.label(combat.attacker)} attacks ${names.label(combat.defender)}</h3>
    ${combat.attackers && combat.attackers.length
      ? html`<ul>${combat.attackers.map(
          (a) => html`<li><${Card} card=${a.card} face=${face} cls="mini" /> rating ${a.rating}, takes ${plural(a.territories, 'territory', 'territories')} if unblocked
            ${a.blockers && a.blockers.length
              ? html` — blocked by ${a.blockers.map((b, i) => html`<${Card} card=${b} face=${face} cls="mini" />${a.damage && a.damage[i] ? html`<span class="dmg">(${a.damage[i]} damage)</span>` : null}`)}`
              : html` — ${a.blocked ? 'its blockers left play' : 'unblocked'}`}</li>`,
        )}</ul>`
      : html`<p class="muted small">attackers not declared yet</p>`}
    ${combat.splitting ? html`<p class="small">${combat.splitting.attacker} splits its damage among its blockers.</p>` : null}
  </section>`;
}

const CHAIN_WORDS = { assassin: 'Assassin', pick: 'Joker: Pick a Card', spy: 'Joker: Spy', expose: 'Joker: Expose', recruit: 'Joker: Recruit', counter: 'Assassin (counter)' };

function Chain({ chain, names }) {
  if (!chain || !chain.length) return null;
  return html`<section class="chain" aria-label="Chain">
    <h3>Waiting to take effect (last first)</h3>
    <ol reversed>${chain
      .slice()
      .reverse()
      .map((c) => html`<li>${names.label(c.player)}: ${CHAIN_WORDS[c.kind] || c.kind} <${Card} card=${c.card} face=${face} cls="mini" />${c.noble ? ` turning ${c.noble}` : ''}${c.target ? ` → ${c.target}` : ''}</li>`)}</ol>
  </section>`;
}

export function Board({ view, seat, sel, names }) {
  const me = view.seat ?? seat;
  const kingdoms = view.kingdoms || [];
  const mine = kingdoms.find((k) => k.seat === me);
  const others = kingdoms.filter((k) => k.seat !== me);
  const hand = view.hand || [];
  const discard = view.discard || [];
  const picking = sel && sel.next && [...sel.next].some((k) => k.startsWith('discard:'));
  return html`<div class="kd-table">
    <div class="kingdoms">${others.map((k) => html`<${Kingdom} view=${view} k=${k} names=${names} sel=${sel} me=${me} />`)}</div>
    <div class="centre kd-centre">
      <${Combat} combat=${view.combat} names=${names} />
      <${Chain} chain=${view.chain} names=${names} />
      <${Zone} title="Deck" count=${view.deck_size}>
        <${Spot} k="deck" uid="deck" sel=${sel} cls="pile-spot" title=${`the deck: ${plural(view.deck_size || 0, 'card')}`} always=${true}><${Back} label=${String(view.deck_size ?? '')} cls="pile" /></${Spot}>
      </${Zone}>
      <${Zone} title="Discard pile" count=${discard.length} cls="discards" hint="face up, newest right">
        ${(picking ? discard : discard.slice(-8)).map((c, i) => html`<${Card} card=${c} face=${face} cls="small" k=${`discard:${c}`} uid=${`discard:${i}`} sel=${sel} />`)}
      </${Zone}>
      <${Facts} items=${[
        ['Turn', view.max_turns ? `${view.turn} of ${view.max_turns}` : view.turn],
        ['First round', view.first_round ? 'yes: no attacks yet' : null],
        ['Noble played this turn', view.active === me && view.noble_played ? 'yes' : null],
        ['Attacked this turn', view.attacked ? 'yes' : null],
        ['Hand limit', view.hand_limit ? `${view.hand_limit} at the end of your turn` : null],
      ]} />
    </div>
    ${mine
      ? html`<div class="kd-mine"><${Kingdom} view=${view} k=${mine} names=${names} sel=${sel} me=${me} />
          <${Zone} title="Your hand" count=${hand.length} cls="hand tray">
            ${hand.map((c, i) => html`<${Card} card=${c} face=${face} k=${`hand:${c}`} uid=${`hand:${i}`} sel=${sel} big=${true} />`)}
          </${Zone}></div>`
      : html`<p class="muted spectator-note">You are watching: hands are hidden.</p>`}
  </div>`;
}

export default { Board };
