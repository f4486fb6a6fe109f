// Ratings in words: "1612" or, while provisional, "1500?" (as lichess shows them), the
// deviation "± 83", and a rating's change in a game "+14" / "−9".

import { html } from './lib.js';

/** A rating as shown: its number, with "?" while provisional. */
export const ratingText = (r) => `${r.rating}${r.provisional ? '?' : ''}`;

/** A rating's change from `before` to `after` in words: "+14", "−9", "±0". */
export function changeText(before, after) {
  const d = after.rating - before.rating;
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}

/** A rating cell: the number (with "?" and its meaning while provisional). */
export function RatingValue({ r }) {
  return html`<span class="rating" title=${r.provisional ? 'provisional: still few rated games' : `deviation ± ${r.deviation}`}>${ratingText(r)}${r.provisional ? html`<span class="sr-only"> (provisional)</span>` : null}</span>`;
}
