// Turn-based play (issue 37): the tables where it is the signed-in person's decision, soonest
// deadline first — at the top of the lobby with their count (also in the page's title), and on a
// table page, after a move, the next table waiting for them.

import { html, useState, useEffect, api, tableUrl } from './lib.js';

/** A length of time in words, for deadlines days away: "2 days 3 h", "5 h 10 min", "4 min". */
export function fmtLong(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return `${d} day${d > 1 ? 's' : ''}${h ? ` ${h} h` : ''}`;
  if (h) return `${h} h${m ? ` ${m} min` : ''}`;
  if (m) return `${m} min`;
  return `${s} s`;
}

/** A deadline (seconds since the epoch, server time) as the time left and the date, in words. */
export function deadlineWords(deadline, now = Date.now() / 1000) {
  if (deadline === null || deadline === undefined) return 'no deadline';
  const left = deadline - now;
  let date;
  try {
    date = new Date(deadline * 1000).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
  } catch (e) {
    date = new Date(deadline * 1000).toISOString();
  }
  return left > 0 ? `${fmtLong(left)} left (until ${date})` : `the deadline has passed (${date})`;
}

/** The signed-in person's turns (``GET /api/me/turns``), read again every ``every`` ms; ``null``
 *  while unknown or signed out. */
export function useTurns(me, every = 20000) {
  const [turns, setTurns] = useState(null);
  useEffect(() => {
    if (!me) {
      setTurns(null);
      return undefined;
    }
    let stop = false;
    const load = () =>
      api('GET', '/api/me/turns').then(
        (got) => !stop && setTurns(got.turns),
        () => !stop && setTurns(null),
      );
    load();
    const timer = setInterval(load, every);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [me && me.name]);
  return turns;
}

/** The page's title with the count of tables waiting for the person first: "(2) regalia". */
export function useTitleCount(count, title) {
  useEffect(() => {
    document.title = count ? `(${count}) ${title}` : title;
  }, [count, title]);
}

/** The lobby's list of the tables waiting for the signed-in person's decision. */
export function YourTurns({ turns, games }) {
  if (!turns) return null;
  const titleOf = (name) => (games.find((g) => g.name === name) || {}).title || name;
  return html`<section class="your-turns" id="your-turns" aria-labelledby="turns-h">
    <h2 id="turns-h">Your turn <span class="count" id="turns-count">${turns.length}</span></h2>
    ${turns.length
      ? html`<ul class="table-list">${turns.map(
          (t) => html`<li class="table-row turn-row" data-table=${t.table}>
            <span class="t-game">${titleOf(t.game)}</span>
            <span class="t-name">${t.name || ''}</span>
            <span class="t-info">${t.mode === 'turn-based' ? `turn-based, ${t.days_per_move} day${t.days_per_move > 1 ? 's' : ''} a move` : 'live'} · ${deadlineWords(t.deadline)}</span>
            <a class="button primary" href=${tableUrl(t.table)}>Play</a>
          </li>`,
        )}</ul>`
      : html`<p class="muted">No table is waiting for you.</p>`}
  </section>`;
}

/** On a table page: after the person's move here, the next table where it is their turn. */
export function NextTable({ turns, here }) {
  const next = (turns || []).find((t) => t.table !== here);
  if (!next) return null;
  return html`<p class="next-table" id="next-table" role="status">Your turn at another table too:
    <a class="button small primary" href=${tableUrl(next.table)}>${next.name || next.game} — ${deadlineWords(next.deadline)}</a></p>`;
}
