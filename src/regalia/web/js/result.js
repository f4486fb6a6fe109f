// A finished game's result as every page shows it — the table's result box, the replay and the
// lobby's finished games: the game's own words (`result.text`, from the rules core) and the
// standings, best first, with each seat's rank and score in the game's terms (totals,
// territories, points), or the winners of a game that keeps no score.

import { html, seatLabel, classes } from './lib.js';

/** The result in words: the core's sentence, or (a result stored before it had one) the winners. */
export function resultText(result, seats) {
  if (!result) return '';
  if (result.text) return result.text;
  const w = result.winners || [];
  if (!w.length) return 'The game is over: nobody wins.';
  const names = w.map((i) => seatLabel(seats, i));
  return `The game is over: ${names.join(' and ')} win${names.length === 1 ? 's' : ''}.`;
}

function ordinal(n) {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
  return `${n}${s}`;
}

/** The standings: rank, player, score (when the game keeps one); winners marked. */
export function Standings({ result, seats }) {
  const rows = result && result.standings;
  if (!rows || !rows.length) return null;
  const winners = result.winners || [];
  const scored = !!result.score_name;
  return html`<table class="standings" aria-label="Standings">
    <thead><tr><th scope="col">Rank</th><th scope="col">Player</th>${scored ? html`<th scope="col">${result.score_name}</th>` : null}</tr></thead>
    <tbody>${rows.map(
      (r) => html`<tr class=${classes(winners.includes(r.seat) && 'win')} data-seat=${r.seat}>
        <td>${ordinal(r.rank)}</td>
        <th scope="row">${seatLabel(seats, r.seat)}${winners.includes(r.seat) ? html` <span class="winner-mark">winner</span>` : null}</th>
        ${scored ? html`<td class="score">${r.score}</td>` : null}
      </tr>`,
    )}</tbody>
  </table>`;
}

/** The whole result: the words, the standings, the turns and undos. */
export function ResultSummary({ result, seats }) {
  if (!result) return null;
  return html`<div class="result-summary">
    <p class="result-text" id="result-text">${resultText(result, seats)}</p>
    <${Standings} result=${result} seats=${seats} />
    <p class="small result-facts">${result.turns !== undefined ? `${result.turns} turns` : ''}${result.undos ? ` · ${result.undos} undo${result.undos === 1 ? '' : 's'}` : ''}</p>
  </div>`;
}
