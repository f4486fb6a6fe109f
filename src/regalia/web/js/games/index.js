// One renderer per game, by the game's registered name. A game without one (a game added to the
// server later) is drawn by the plain renderer: its prompt, its hand and the list of moves.

import { html } from '../lib.js';
import { Card, Zone } from '../ui.js';
import kingsBlood from './kings_blood.js';
import kingsFamily from './kings_family.js';
import kingship from './kingship.js';
import bloodAndFortune from './blood_and_fortune.js';
import kingdom from './kingdom.js';

const plain = {
  Board({ view, sel }) {
    const hand = view.hand || [];
    return html`<div class="plain-table">
      ${hand.length ? html`<${Zone} title="Your hand" count=${hand.length} cls="hand">${hand.map((c, i) => html`<${Card} card=${c} k=${`hand:${c}`} uid=${`hand:${i}`} sel=${sel} />`)}</${Zone}>` : null}
      <p class="muted">This game is drawn plainly here: its prompt and moves are above the table.</p>
    </div>`;
  },
};

const RENDERERS = {
  'kings-blood': kingsBlood,
  'kings-family': kingsFamily,
  kingship,
  'blood-and-fortune': bloodAndFortune,
  kingdom,
};

export function rendererFor(name) {
  return RENDERERS[name] || plain;
}
