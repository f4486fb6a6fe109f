// A player's profile (/@/<name>): when they joined, their rating in each game (provisional ones
// with "?"), and their recent games, each with the players, the result, their place and rating
// change, and a link to its replay as they saw it; the whole history as NDJSON.

import { html, render, useState, useEffect, api, replayUrl, classes } from './lib.js';
import { AccountBox, AccountPanel, useMe, profileUrl } from './account.js';
import { RatingValue, changeText } from './ratings.js';
import { createPasskey } from './passkey.js';
import { NoticesControl, stopNotices } from './notices.js';

const dateOf = (ms) => {
  try {
    return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  } catch (e) {
    return new Date(ms).toISOString();
  }
};

function placeWords(rank, n) {
  const ord = rank === 1 ? '1st' : rank === 2 ? '2nd' : rank === 3 ? '3rd' : `${rank}th`;
  return `${ord} of ${n}`;
}

function PlayerName({ p }) {
  if (p.kind === 'account') return html`<a href=${profileUrl(p.name)}>${p.name}</a>`;
  if (p.kind === 'bot') return html`<span class="muted">bot: ${p.name}</span>`;
  if (p.kind === 'deleted') return html`<span class="muted">${p.name}</span>`;
  return html`<span>${p.name} <span class="muted small">(guest)</span></span>`;
}

function GameRow({ g, name }) {
  const mine = g.players.find((p) => p.kind === 'account' && p.name.toLowerCase() === name.toLowerCase());
  return html`<li class="history-row">
    <span class="h-game">${g.title}${g.rated ? html` <span class="badge">rated</span>` : null}</span>
    <span class="h-date"><time datetime=${new Date(g.finished_at).toISOString()}>${dateOf(g.finished_at)}</time></span>
    <span class="h-players">${g.players.map((p, i) => html`${i ? ', ' : ''}<${PlayerName} p=${p} />`)}</span>
    <span class="h-result">${g.result}</span>
    ${mine
      ? html`<span class="h-mine">${placeWords(mine.rank, g.players.length)}${mine.abandoned ? ' (left the game)' : ''}${mine.rating_before && mine.rating_after
          ? html` · <${RatingValue} r=${mine.rating_before} /> → <${RatingValue} r=${mine.rating_after} /> <span class=${classes('change', mine.rating_after.rating >= mine.rating_before.rating ? 'up' : 'down')}>(${changeText(mine.rating_before, mine.rating_after)})</span>`
          : null}</span>`
      : null}
    <a class="button small" href=${replayUrl(g.table, { seat: mine ? mine.seat : null })}>Replay</a>
  </li>`;
}

function Profile({ name }) {
  const [p, setP] = useState(null);
  const [err, setErr] = useState(null);
  useEffect(() => {
    api('GET', `/api/players/${encodeURIComponent(name)}`).then(setP, (e) => setErr(e.status === 404 ? `No player is called ${name}.` : e.reason));
  }, [name]);
  if (err) return html`<p class="error" role="alert">${err}</p>`;
  if (!p) return html`<p class="muted">Loading…</p>`;
  const games = Object.entries(p.ratings);
  return html`<div class="profile">
    <h1 id="player-name">${p.name}</h1>
    <p class="muted">Playing since ${new Date(p.created).toLocaleDateString(undefined, { dateStyle: 'long' })}.</p>
    <section aria-labelledby="ratings-h"><h2 id="ratings-h">Ratings</h2>
      ${games.length
        ? html`<table class="ratings" id="ratings"><thead><tr><th scope="col">Game</th><th scope="col">Rating</th><th scope="col">Deviation</th><th scope="col">Rated games</th></tr></thead>
            <tbody>${games.map(([game, r]) => html`<tr data-game=${game}><th scope="row"><a href=${`/leaderboard.html?game=${encodeURIComponent(game)}`}>${game}</a></th><td><${RatingValue} r=${r} /></td><td>± ${r.deviation}</td><td>${r.games}</td></tr>`)}</tbody></table>
          <p class="small muted">A rating with “?” is provisional: it moves a lot until about a dozen rated games are played, and again after a long time away.</p>`
        : html`<p class="muted">No rated game yet.</p>`}
    </section>
    <section aria-labelledby="games-h"><h2 id="games-h">Recent games</h2>
      ${p.recent.length ? html`<ul class="history" id="history">${p.recent.map((g) => html`<${GameRow} g=${g} name=${p.name} />`)}</ul>` : html`<p class="muted">No finished game yet.</p>`}
      <p class="small"><a href=${`/api/players/${encodeURIComponent(p.name)}/games`} id="export-link" download=${`${p.name}-games.ndjson`}>All games (NDJSON)</a></p>
    </section>
  </div>`;
}

function Page() {
  const name = decodeURIComponent(location.pathname.replace(/^\/@\//, '').replace(/\/$/, ''));
  const [me, reloadMe] = useMe();
  const [signing, setSigning] = useState(false);
  useEffect(() => {
    document.title = `${name} · regalia`;
  }, [name]);
  return html`<div class="page">
    <header class="top"><a class="brand" href="/">regalia</a><span class="tagline">player</span><span class="top-tools"><a class="button small" href="/leaderboard.html">Leaderboards</a><${AccountBox} me=${me} reload=${reloadMe} open=${signing} onToggle=${() => setSigning(!signing)} /></span></header>
    ${signing && !me ? html`<${AccountPanel} onDone=${() => { setSigning(false); reloadMe(); }} />` : null}
    <main class="narrow"><${Profile} name=${name} />${me && me.name.toLowerCase() === name.toLowerCase() ? html`<${Settings} me=${me} reload=${reloadMe} />` : null}</main>
    <footer class="foot">regalia — <a href="/api/docs">the HTTP API</a></footer>
  </div>`;
}

/** The signed-in person's own account: turn notices, their sessions, passkeys, and deleting the account. */
function Settings({ me, reload }) {
  const [sessions, setSessions] = useState([]);
  const [keys, setKeys] = useState([]);
  const [confirm, setConfirm] = useState('');
  const [msg, setMsg] = useState(null);
  const load = () => {
    api('GET', '/api/me/sessions').then(setSessions, () => null);
    api('GET', '/api/me/passkeys').then(setKeys, () => null);
  };
  useEffect(load, []);
  const fail = (e) => setMsg(e.field ? `${e.field}: ${e.reason}` : e.reason);
  function addKey() {
    setMsg(null);
    createPasskey(null, `passkey ${keys.length + 1}`).then(() => { setMsg('Passkey added.'); load(); reload(); }, fail);
  }
  async function remove(ev) {
    ev.preventDefault();
    setMsg(null);
    try {
      await api('DELETE', '/api/me', { confirm });
      await stopNotices(); // the server dropped the account's subscriptions; this browser forgets its own
      location.href = '/';
    } catch (e) {
      fail(e);
    }
  }
  return html`<section class="settings" aria-labelledby="settings-h"><h2 id="settings-h">Your account</h2>
    ${msg ? html`<p role="status" id="settings-msg">${msg}</p>` : null}
    <${NoticesControl} me=${me} />
    <h3>Signed in on</h3>
    <ul class="sessions" id="sessions">${sessions.map((s) => html`<li>${s.browser || 'a browser'} — since ${dateOf(s.created)}, last seen ${dateOf(s.seen)}${s.current ? ' (this browser)' : html` <button type="button" class="small" onClick=${() => api('DELETE', `/api/me/sessions/${encodeURIComponent(s.id)}`).then(load, fail)}>Sign it out</button>`}</li>`)}</ul>
    <h3>Passkeys</h3>
    <ul class="passkeys" id="passkeys">${keys.map((k) => html`<li>${k.label || 'passkey'} — added ${dateOf(k.created)}${k.used ? `, last used ${dateOf(k.used)}` : ''} <button type="button" class="small" onClick=${() => api('DELETE', `/api/me/passkeys/${k.id}`).then(load, fail)}>Remove</button></li>`)}</ul>
    <button type="button" class="small" id="add-passkey" onClick=${addKey}>Add a passkey</button>
    <h3>Delete the account</h3>
    <form onSubmit=${remove} class="delete-account">
      <p class="small">Your sessions, passkeys and ratings are deleted; the games you played stay in the others' histories under “deleted player”.</p>
      <label for="confirm-name">Type your name, ${me.name}, to delete your account</label>
      <input id="confirm-name" value=${confirm} onInput=${(e) => setConfirm(e.target.value)} autocomplete="off" />
      <button type="submit" class="danger" id="delete-account" disabled=${confirm !== me.name}>Delete my account</button>
    </form>
  </section>`;
}

render(html`<${Page} />`, document.getElementById('app'));
