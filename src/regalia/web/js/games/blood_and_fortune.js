// Blood & Fortune: each player's area with its face-down Influence cards in order (oldest left,
// newest right; the house of every card is public, its worth only to those who saw it), each
// player's house, Score card and Special Action, the Ring, round and total scores; the offer on
// the table (keep one of two); the Role draft and Role cards; and the reveal at the end of the
// last round. The chat sits beside the table: negotiation is the game.

import { html, classes, plural } from '../lib.js';
import { Card, Back, Spot, Seat, Zone } from '../ui.js';

const INFL = /^H([1-6])([sd])([1-3])$/;

export function faceOf(view) {
  const roles = (view.roles && view.roles.names) || {};
  const roleTexts = (view.roles && view.roles.texts) || {};
  return (card) => {
    const m = INFL.exec(card);
    if (m) {
      const [, h, k] = m;
      const worth = k === 'd' ? 2 : 1;
      return {
        main: String(worth),
        sym: `H${h}`,
        sub: k === 'd' ? 'double' : 'single',
        cls: `bf house-${h} ${k === 'd' ? 'double' : 'single'}`,
        title: `house H${h} ${k === 'd' ? 'double' : 'single'}, worth ${worth}`,
      };
    }
    if (/^R\d+$/.test(card)) {
      return { main: card, sub: roles[card] || 'Role', cls: 'bf role', title: `Role card ${card}${roles[card] ? ` ${roles[card]}` : ''}${roleTexts[card] ? `: ${roleTexts[card]}` : ''}` };
    }
    return { main: card, cls: 'bf' };
  };
}

function AreaCard({ c, q, face, sel }) {
  const k = `area:${q}:${c.position}`;
  const given = c.given_by !== null && c.given_by !== undefined ? `, given by P${c.given_by}` : '';
  if (c.card) {
    const f = face(c.card);
    const info = { ...f, title: `position ${c.position}: ${f.title}${given}` };
    return html`<${Card} card=${c.card} face=${() => info} k=${k} uid=${k} sel=${sel} cls="area-card" />`;
  }
  const h = (c.house || '').replace(/^H/, '');
  return html`<${Back} label=${`${c.house}?`} cls=${`area-card house-${h}`} k=${k} uid=${k} sel=${sel} title=${`position ${c.position}: a face-down card of house ${c.house}${given}`} />`;
}

function Player({ view, q, names, sel, face, me }) {
  const area = (view.player_areas || [])[q] || [];
  const size = (view.hand_sizes || [])[q] || { influence: 0, roles: 0 };
  const sa = view.special_actions;
  const card = sa && sa.cards ? sa.cards[q] : null;
  const house = (view.houses || [])[q];
  const h = (house || '').replace(/^H/, '');
  const ring = view.ring === q;
  const round = view.round_scores || [];
  const roleNames = (view.roles && view.roles.names) || {};
  const roleTexts = (view.roles && view.roles.texts) || {};
  const played = ((view.roles && view.roles.played) || []).filter((r) => r.seat === q);
  return html`<${Seat} seat=${q} names=${names} k=${`seat:${q}`} sel=${sel} me=${q === me} turn=${view.to_act === q && !view.game_over}
      cls=${classes('bf-player', `house-${h}`)}
      extra=${html`<span class=${classes('house-chip', `house-${h}`)} title=${`house ${house}`}>${house}</span>${ring ? html`<span class="ring" title="holds the Ring: wins ties for the round">💍 Ring</span>` : null}<span class="total" title="total of the finished rounds">total ${(view.totals || [])[q] ?? 0}</span>`}>
    <div class="area" aria-label=${`${names.label(q)}'s area, oldest left, newest right`}>
      ${area.length ? area.map((c) => html`<${AreaCard} c=${c} q=${q} face=${face} sel=${sel} />`) : html`<span class="muted small">empty area</span>`}
      ${area.length ? html`<span class="newest" aria-hidden="true">newest →</span>` : null}
    </div>
    <div class="seat-body">
      ${q !== me
        ? html`<span class="hand-count">${Array.from({ length: Math.min(size.influence, 8) }, () => html`<${Back} cls="mini" />`)}${Array.from({ length: size.roles || 0 }, () => html`<${Back} cls="mini role-back" />`)}
            <span class="count">hand ${size.influence}${size.roles ? ` + ${plural(size.roles, 'Role')}` : ''}</span></span>`
        : null}
      ${card ? html`<span class=${classes('special', sa.used && sa.used[q] && 'used')} title=${`${card.id} ${card.name}: ${card.text}${card.house_rule ? ' (house rule)' : ''}`}>${card.id} ${card.name}${sa.used && sa.used[q] ? ' (used)' : ''}</span>` : (view.score_cards || [])[q] ? html`<span class="special" title="Score card">${view.score_cards[q]}</span>` : null}
      ${round.length ? html`<span class="rounds" title="round scores">rounds: ${round.map((r) => r[q]).join(' · ')}</span>` : null}
      <span class="muted small">offers made ${((view.turns_taken || [])[q]) ?? 0}/3</span>
      ${played.map((r) => html`<span class=${classes('mark', 'role', view.roles.resolving === r.role && 'resolving')} title=${roleTexts[r.role] || ''}>Role ${r.role} ${roleNames[r.role] || ''}${view.roles.resolving === r.role ? ' (resolving)' : ''}</span>`)}
    </div>
  </${Seat}>`;
}

function Offer({ view, names, sel, face }) {
  const o = view.pending_offer;
  if (!o) return null;
  const cards = o.cards || [];
  return html`<section class="offer" aria-label="The offer on the table">
    <h3>Offer: ${names.label(o.from)} → ${names.label(o.to)}, ${plural(o.count, 'card')} face down${o.roles ? ` (${plural(o.roles, 'Role card')})` : ''}</h3>
    <div class="offer-cards">
      ${cards.length
        ? cards.map((c, i) => html`<${Card} card=${c} face=${face} k=${`offer:${c}`} uid=${`offer:${i}`} sel=${sel} big=${true} cls=${o.kept_card === c ? 'kept' : ''} />`)
        : Array.from({ length: o.count }, () => html`<${Back} cls="big" />`)}
    </div>
    <p class="small">${o.waiting_for === 'give' ? `${names.label(o.to)} kept a Role card and now gives ${names.label(o.from)} an Influence card.` : `${names.label(o.to)} keeps one; the other goes back to ${names.label(o.from)}.`}</p>
  </section>`;
}

function LastRound({ view, names, face }) {
  const lr = view.last_round;
  if (!lr) return null;
  return html`<details class="reveal" open=${!!view.game_over || view.offer_turn === 0}>
    <summary>Reveal of round ${lr.round}: ${lr.winner !== null && lr.winner !== undefined ? `${names.label(lr.winner)} won it` : 'no winner'} (scores ${(lr.scores || []).join(' · ')})</summary>
    <table class="reveal-table">
      <thead><tr><th>Player</th><th>Area as revealed (struck: discarded doubles)</th><th>Influence</th><th>Score</th><th>Total</th></tr></thead>
      <tbody>${(lr.cards || []).map(
        (row, q) => html`<tr class=${lr.winner === q ? 'win' : ''}><th>${names.label(q)}${lr.ring === q ? ' 💍' : ''}</th>
          <td>${row.map((c) => html`<${Card} card=${c.card} face=${face} cls=${classes('mini', c.discarded && 'discarded')} />`)}</td>
          <td>${(lr.influence || [])[q]}</td><td>${(lr.scores || [])[q]}</td><td>${(lr.totals || [])[q]}</td></tr>`,
      )}</tbody>
    </table>
  </details>`;
}

export function Board({ view, seat, sel, names }) {
  const face = faceOf(view);
  const players = view.players || (view.houses || []).length;
  const me = view.seat ?? seat;
  const order = [];
  for (let k = 1; k <= players; k++) {
    const i = me === null || me === undefined ? k - 1 : (me + k) % players;
    if (i !== me) order.push(i);
  }
  const hand = view.hand || [];
  const draft = view.roles && view.roles.draft;
  const dealt = (draft && draft.dealt) || [];
  return html`<div class="bf-table">
    <div class="bf-round">
      <strong>Round ${view.round} of ${view.rounds}</strong> · ${view.stage}${view.phase === 'offer' || view.stage === 'Offer Influence' ? ` · offer turn ${Math.min(view.offer_turn + 1, view.offer_turns)} of ${view.offer_turns}` : ''}
      ${view.ring !== null && view.ring !== undefined ? html` · 💍 Ring: ${names.label(view.ring)}` : null}
    </div>
    <div class="opponents bf-areas">${order.map((q) => html`<${Player} view=${view} q=${q} names=${names} sel=${sel} face=${face} me=${me} />`)}</div>
    <div class="centre">
      <${Offer} view=${view} names=${names} sel=${sel} face=${face} />
      ${(view.offers || []).length
        ? html`<details class="offers-log"><summary>Offers this round (${view.offers.length})</summary><ul>${view.offers.map(
            (o) => html`<li>${names.label(o.from)} → ${names.label(o.to)}: ${plural(o.count, 'card')}, kept ${o.kept}${o.cards ? html` — ${o.cards.join(' / ')}${o.kept_card ? `, kept ${o.kept_card}` : ''}` : null}</li>`,
          )}</ul></details>`
        : null}
      <${LastRound} view=${view} names=${names} face=${face} />
    </div>
    ${me !== null && me !== undefined
      ? html`<div class="bf-mine">
          <${Player} view=${view} q=${me} names=${names} sel=${sel} face=${face} me=${me} />
          <div class="tray bf-hands">
            ${dealt.length ? html`<${Zone} title="Role draft: place one face down" cls="draft">${dealt.map((r, i) => html`<${Card} card=${r} face=${face} k=${`draft:${r}`} uid=${`draft:${i}`} sel=${sel} big=${true} />`)}</${Zone}>` : null}
            <${Zone} title="Your hand" count=${hand.length} cls="hand" hint="pick two cards, then the player to offer them to">
              ${hand.map((c, i) => html`<${Card} card=${c} face=${face} k=${`hand:${c}`} uid=${`hand:${i}`} sel=${sel} big=${true} />`)}
            </${Zone}>
          </div>
        </div>`
      : html`<p class="muted spectator-note">You are watching: hands and face-down cards are hidden.</p>`}
  </div>`;
}

/** The area cards that moved in `events` (for the last-move highlight): a kept Influence card
 *  and one given for a Role card go to the right end of an area (its newest card); a house-rule
 *  effect names the card it acts on. */
export function movedKeys(events, view) {
  const size = (q) => (((view.player_areas || [])[q]) || []).length;
  const out = [];
  for (const e of events) {
    const d = e.data || {};
    if (e.kind === 'keep' && d.kept === 'influence' && Number.isInteger(e.seat) && size(e.seat)) out.push(`area:${e.seat}:${size(e.seat)}`);
    if (e.kind === 'pay' && Number.isInteger(d.to) && size(d.to)) out.push(`area:${d.to}:${size(d.to)}`);
    if (e.kind === 'effect' && Number.isInteger(d.target) && Number.isInteger(d.position)) out.push(`area:${d.target}:${d.position}`);
  }
  return out;
}

export default { Board, movedKeys, chatFirst: true };
