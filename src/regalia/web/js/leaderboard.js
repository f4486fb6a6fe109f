// The leaderboards (/leaderboard.html?game=<game>): the top settled ratings of each game that
// is rated (provisional ratings are left out), each name opening its profile.

import { html, render, useState, useEffect, api, loadGames, classes } from './lib.js';
import { AccountBox, AccountPanel, useMe, profileUrl } from './account.js';

function Board({ game }) {
  const [b, setB] = useState(null);
  const [err, setErr] = useState(null);
  useEffect(() => {
    setB(null);
    api('GET', `/api/leaderboard/${encodeURIComponent(game)}`).then(setB, (e) => setErr(e.reason));
  }, [game]);
  if (err) return html`<p class="error" role="alert">${err}</p>`;
  if (!b) return html`<p class="muted">Loading…</p>`;
  if (!b.players.length) return html`<p class="muted" id="board-empty">Nobody has a settled rating in ${b.title} yet: a rating settles after about a dozen rated games.</p>`;
  return html`<table class="board" id="board"><caption class="sr-only">${b.title}: the top ratings</caption>
    <thead><tr><th scope="col">#</th><th scope="col">Player</th><th scope="col">Rating</th><th scope="col">Deviation</th><th scope="col">Rated games</th></tr></thead>
    <tbody>${b.players.map((p) => html`<tr><td>${p.rank}</td><th scope="row"><a href=${profileUrl(p.name)}>${p.name}</a></th><td>${p.rating}</td><td>± ${p.deviation}</td><td>${p.games}</td></tr>`)}</tbody></table>`;
}

function Page() {
  const [games, setGames] = useState(null);
  const [me, reloadMe] = useMe();
  const [signing, setSigning] = useState(false);
  const asked = new URLSearchParams(location.search).get('game');
  const [game, setGame] = useState(asked);
  useEffect(() => {
    loadGames().then((d) => {
      const rated = d.games.filter((g) => g.max_players >= 2);
      setGames(rated);
      if (!rated.some((g) => g.name === game)) setGame(rated[0].name);
    });
  }, []);
  const pick = (name) => {
    setGame(name);
    history.replaceState(null, '', `?game=${encodeURIComponent(name)}`);
  };
  return html`<div class="page">
    <header class="top"><a class="brand" href="/">regalia</a><span class="tagline">leaderboards</span><span class="top-tools"><${AccountBox} me=${me} reload=${reloadMe} open=${signing} onToggle=${() => setSigning(!signing)} /></span></header>
    ${signing && !me ? html`<${AccountPanel} onDone=${() => { setSigning(false); reloadMe(); }} />` : null}
    <main class="narrow">
      <h1>Leaderboards</h1>
      ${games
        ? html`<nav class="tabs board-tabs" aria-label="Games">${games.map((g) => html`<button type="button" class=${classes(g.name === game && 'on')} aria-pressed=${g.name === game ? 'true' : 'false'} onClick=${() => pick(g.name)}>${g.title}</button>`)}</nav>
          ${game ? html`<${Board} game=${game} />` : null}`
        : html`<p class="muted">Loading…</p>`}
      <p class="small muted">Ratings are openskill's Plackett–Luce model over the final standings of rated games; bots take part at fixed ratings. A rating shows here once it has settled (deviation under 350).</p>
    </main>
    <footer class="foot">regalia — <a href="/api/docs">the HTTP API</a></footer>
  </div>`;
}

render(html`<${Page} />`, document.getElementById('app'));
