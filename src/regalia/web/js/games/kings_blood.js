// King's Blood: the Genealogy in the middle of the table, the other players around it (hand
// sizes, cards everyone saw go into their hands, King's Blood! announcements, a missed turn),
// the draw pile and the face-up discards, the set-aside King's Blood card, and your hand with
// the card you just drew or the Event drawn at a Marriage.

import { html, classes, plural } from '../lib.js';
import { Card, Back, Spot, Seat, Zone, Facts } from '../ui.js';
import { Genealogy, entriesOf, faceOf } from './genealogy.js';

function Opponent({ view, i, names, sel, face }) {
  const n = (view.hand_sizes || [])[i] ?? 0;
  const known = (view.known_in_hands || [])[i] || [];
  const turn = view.current_player === i && !view.winner && view.phase !== 'over';
  const marks = [];
  if ((view.announced || [])[i]) marks.push(html`<span class="mark announce" title="announced King's Blood!">King's Blood!</span>`);
  if ((view.skip_next || [])[i]) marks.push(html`<span class="mark skip" title="misses the next turn (did not announce)">skips next turn</span>`);
  return html`<${Seat} seat=${i} names=${names} k=${`seat:${i}`} sel=${sel} turn=${turn} me=${i === view.seat} cls="opponent">
    <div class="seat-body">
      <span class="hand-count" title=${`${plural(n, 'card')} in hand`}>${Array.from({ length: Math.min(n, 12) }, () => html`<${Back} cls="mini" />`)}
        <span class="count">${plural(n, 'card')}</span></span>
      ${known.length ? html`<span class="known">incl. ${known.map((c) => html`<${Card} card=${c} face=${face} cls="mini" />`)}</span>` : null}
      ${marks}
    </div>
  </${Seat}>`;
}

export function Board({ view, seat, sel, names }) {
  const face = faceOf(view.abilities);
  const entries = entriesOf(view);
  const next = sel && sel.next;
  const players = view.players || (view.hand_sizes || []).length;
  const me = view.seat ?? seat;
  const others = [];
  for (let k = 1; k <= players; k++) {
    const i = me === null || me === undefined ? k - 1 : (me + k) % players;
    if (i !== me) others.push(i);
  }
  const hand = view.hand || [];
  const discard = view.discard || [];
  const drawnAt = view.drawn ? hand.lastIndexOf(view.drawn) : -1;
  const myTurn = me !== null && me !== undefined && view.current_player === me;
  return html`<div class="kb-table">
    <div class="opponents">${others.map((i) => html`<${Opponent} view=${view} i=${i} names=${names} sel=${sel} face=${face} />`)}</div>
    <div class="centre">
      <${Genealogy} view=${view} entries=${entries} face=${face} sel=${sel} next=${next} />
      <div class="piles">
        <${Zone} title="Draw pile" count=${view.draw_pile}>
          <${Spot} k="deck" uid="deck" sel=${sel} cls="pile-spot" title=${`draw pile: ${plural(view.draw_pile || 0, 'card')}`} always=${true}>
            <${Back} label=${String(view.draw_pile ?? '')} cls="pile" />
          </${Spot}>
        </${Zone}>
        <${Zone} title="Discards" count=${discard.length} cls="discards" hint=${discard.length > 6 ? 'newest right' : ''}>
          ${discard.slice(-6).map((c) => html`<${Card} card=${c} face=${face} cls="small" />`)}
        </${Zone}>
        ${(view.aside || []).length
          ? html`<${Zone} title="Set aside">${view.aside.map((c) => html`<${Card} card=${c} face=${face} cls="small" />`)}</${Zone}>`
          : null}
        <${Facts} items=${[
          ['Turn', view.turn],
          ['Direction', view.direction === -1 ? '↺ to falling seat numbers' : '↻ to rising seat numbers'],
          ['Draw owed', view.pending_draw ? `${view.pending_draw} (a Draw 3)` : null],
          ['Generations', view.generations],
          ['Last played', view.last_played],
        ]} />
      </div>
    </div>
    ${me !== null && me !== undefined
      ? html`<${Seat} seat=${me} names=${names} me=${true} turn=${myTurn} cls="mine tray" k=${`seat:${me}`} sel=${sel}
          extra=${html`${(view.announced || [])[me] ? html`<span class="mark announce">King's Blood! announced</span>` : null}${(view.skip_next || [])[me] ? html`<span class="mark skip">you skip your next turn</span>` : null}`}>
          <div class="hand-row">
            ${view.forced_event
              ? html`<${Zone} title="Drawn at the Marriage" cls="forced"><${Card} card=${view.forced_event} face=${face} k=${`event:${view.forced_event}`} uid="forced" sel=${sel} big=${true} /></${Zone}>`
              : null}
            <${Zone} title="Your hand" count=${hand.length} cls="hand" hint=${view.drawn ? `you drew ${view.drawn}` : ''}>
              ${hand.map((c, i) => html`<${Card} card=${c} face=${face} k=${`hand:${c}`} uid=${`hand:${i}`} sel=${sel} big=${true}
                cls=${i === drawnAt ? 'drawn' : ''} note=${i === drawnAt ? 'drawn' : ''} />`)}
            </${Zone}>
          </div>
        </${Seat}>`
      : html`<p class="muted spectator-note">You are watching: hands are hidden.</p>`}
    ${view.scores ? html`<div class="scores">Scores: ${view.scores.map((v, i) => html`<span class="ret">${names.label(i)}: ${v}</span>`)}</div>` : null}
  </div>`;
}

export default { Board };
