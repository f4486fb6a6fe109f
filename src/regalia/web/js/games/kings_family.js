// King's Family (the solitaire): the Genealogy with each generation's count (at most 10), the
// hand against its limit of 10, the score and its parts, the draw pile (and whether drawing has
// closed), the discards, and the Event drawn at a Marriage. Undo and hint are in the move bar.

import { html, plural } from '../lib.js';
import { Card, Back, Spot, Zone, Facts } from '../ui.js';
import { Genealogy, entriesOf, faceOf } from './genealogy.js';

function Score({ view }) {
  const p = view.score_parts || {};
  return html`<div class="kf-score" aria-label="Score">
    <span class="score-big" title="score">${view.score ?? 0}</span>
    <span class="score-label">score</span>
    <span class="score-parts">
      generations ${p.generations ?? 0}${p.doubled ? html`, doubled ${p.doubled}` : null}${p.exhaustions
        ? html`, exhaustions ${p.exhaustions} (+${p.exhaustion_bonus})`
        : null}${view.undos ? html`, undos ${view.undos}` : null}
    </span>
  </div>`;
}

export function Board({ view, sel }) {
  const face = faceOf(view.abilities);
  const entries = entriesOf(view);
  const hand = view.hand || [];
  const discard = view.discard_pile || [];
  const limit = view.hand_limit || 10;
  return html`<div class="kf-table">
    <div class="kf-head">
      <${Score} view=${view} />
      <${Facts} items=${[
        ['Hand', `${view.hand_size ?? hand.length}/${limit}`],
        ['Generations', (view.generations || []).length],
        ['Undo', view.undo === 'off' ? 'off' : `counted (${view.undos || 0} so far)`],
        ['Marriage', view.pending_marriage ? view.pending_marriage.join(' ⚭ ') : null],
        ['End', view.end_reason],
      ]} />
    </div>
    <div class="centre">
      <${Genealogy} view=${view} entries=${entries} face=${face} sel=${sel} next=${sel && sel.next} rowLimit=${view.row_limit || 10} />
      <div class="piles">
        <${Zone} title=${view.drawing_closed ? 'Draw pile (closed: no more draws)' : 'Draw pile'} count=${view.draw_pile_size}>
          <${Spot} k="deck" uid="deck" sel=${sel} cls="pile-spot" title=${`draw pile: ${plural(view.draw_pile_size || 0, 'card')}`} always=${true}>
            <${Back} label=${String(view.draw_pile_size ?? '')} cls="pile" />
          </${Spot}>
        </${Zone}>
        <${Zone} title="Discards" count=${discard.length} cls="discards">
          ${discard.slice(-6).map((c) => html`<${Card} card=${c} face=${face} cls="small" />`)}
        </${Zone}>
      </div>
    </div>
    <section class="seat mine tray" aria-label="Your cards">
      <div class="hand-row">
        ${view.pending_event
          ? html`<${Zone} title="Drawn at the Marriage" cls="forced"><${Card} card=${view.pending_event} face=${face} k=${`event:${view.pending_event}`} uid="forced" sel=${sel} big=${true} /></${Zone}>`
          : null}
        <${Zone} title="Your hand" count=${`${hand.length}/${limit}`} cls="hand">
          ${hand.map((c, i) => html`<${Card} card=${c} face=${face} k=${`hand:${c}`} uid=${`hand:${i}`} sel=${sel} big=${true} />`)}
        </${Zone}>
      </div>
    </section>
  </div>`;
}

export default { Board };
