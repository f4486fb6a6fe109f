// The lobby (index.html): the five games with a summary and their player counts; a form that
// creates a table with every rule option (its default and its ruling's words), a person or a bot
// level in each seat, private or public, spectators, the move clock; the open tables to join and
// the tables in progress to watch.

import { html, render, useState, useEffect, api, loadGames, saveSeat, pref, setPref, tableUrl, replayUrl, fmtSeconds, classes, plural, seatLabel } from './lib.js';
import { resultText } from './result.js';
import { AccountBox, AccountPanel, ClaimOffer, useMe, profileUrl } from './account.js';

/** " Winner: P1 (Ann)." when the result's words name seats only by number. */
function winnersOf(t) {
  const w = (t.result && t.result.winners) || [];
  const named = w.filter((i) => t.seats[i] && t.seats[i].name && t.seats[i].name !== `P${i}`);
  if (!named.length) return '';
  return ` Winner${w.length > 1 ? 's' : ''}: ${w.map((i) => seatLabel(t.seats, i)).join(', ')}.`;
}

const CLOCKS = [
  [null, 'no move clock'],
  [30, '30 seconds a decision'],
  [60, '1 minute a decision'],
  [120, '2 minutes a decision'],
  [300, '5 minutes a decision'],
  [3600, '1 hour a decision'],
  [86400, '1 day a decision (turn-based)'],
];

function today() {
  const d = new Date();
  const two = (x) => String(x).padStart(2, '0');
  return { seed: Number(`${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}`), text: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}` };
}

function optionType(o) {
  if (o.choices && o.choices.length) return 'choice';
  if (o.type === 'bool') return 'bool';
  if (o.type.startsWith('int')) return o.type.includes('None') ? 'int?' : 'int';
  return 'text';
}

/** A value of an option in words: its choice label, yes/no, none. */
function valueWords(o, v) {
  if (v === null || v === undefined) return 'none';
  if (o.choice_labels && o.choice_labels[String(v)]) return o.choice_labels[String(v)];
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  return String(v);
}

/** One rule option: its label and help sentence (from the game's own option metadata), its
 *  input, its default in words and, folded, its ruling's words. */
function OptionField({ o, value, onChange }) {
  const kind = optionType(o);
  const id = `opt-${o.name}`;
  const help = `help-${o.name}`;
  let input;
  if (kind === 'bool') {
    input = html`<input type="checkbox" id=${id} name=${id} checked=${!!value} aria-describedby=${help} onChange=${(e) => onChange(e.target.checked)} />`;
  } else if (kind === 'choice') {
    input = html`<select id=${id} name=${id} value=${String(value)} aria-describedby=${help} onChange=${(e) => onChange(e.target.value)}>
      ${o.choices.map((c) => html`<option value=${String(c)}>${valueWords(o, c)}</option>`)}</select>`;
  } else if (kind === 'int' || kind === 'int?') {
    input = html`<input type="number" id=${id} name=${id} value=${value === null || value === undefined ? '' : String(value)} placeholder=${kind === 'int?' ? 'none' : ''}
      min=${o.minimum ?? undefined} max=${o.maximum ?? undefined} aria-describedby=${help}
      onInput=${(e) => onChange(e.target.value === '' ? (kind === 'int?' ? null : o.default) : Number(e.target.value))} />`;
  } else {
    input = html`<input id=${id} name=${id} value=${value ?? ''} aria-describedby=${help} onInput=${(e) => onChange(e.target.value)} />`;
  }
  return html`<div class=${classes('option', kind === 'bool' && 'option-bool')} data-option=${o.name}>
    <div class="option-head">${kind === 'bool' ? html`${input}<label for=${id}>${o.label}</label>` : html`<label for=${id}>${o.label}</label>${input}`}</div>
    <p class="help" id=${help}>${o.help} <span class="default">Default: ${valueWords(o, o.default)}.</span></p>
    ${o.ruling && o.ruling_text
      ? html`<details class="ruling"><summary>Ruling <span class="rule">${o.ruling}</span></summary><p>${o.ruling_text}</p></details>`
      : null}
  </div>`;
}

/** A bot's name without its description (the part of its label before the colon). */
const botName = (b) => b.label.split(':')[0];

function CreateForm({ games, defaults, account }) {
  const [name, setName] = useState(games[0].name);
  const game = games.find((g) => g.name === name) || games[0];
  const [players, setPlayers] = useState(game.default_players);
  const [seats, setSeats] = useState([]);
  const [options, setOptions] = useState({});
  const [me, setMe] = useState(pref('name', ''));
  const [priv, setPriv] = useState(false);
  const [spectators, setSpectators] = useState(true);
  const [clock, setClock] = useState('');
  const [onTimeout, setOnTimeout] = useState(defaults.on_timeout || 'standin');
  const [tableName, setTableName] = useState('');
  const [seed, setSeed] = useState('');
  const [daily, setDaily] = useState(false);
  const [responseSeconds, setResponseSeconds] = useState('');
  const [fairWindows, setFairWindows] = useState(true);
  const [standin, setStandin] = useState('');
  const [rated, setRated] = useState(false);
  const [err, setErr] = useState(null);
  const [busy, setBusy] = useState(false);

  // a new game: its default player count, a person in seat 0, its default bot elsewhere, its option defaults
  useEffect(() => {
    setPlayers(game.default_players);
    setOptions(Object.fromEntries(game.options.map((o) => [o.name, o.default])));
    setDaily(false);
    setStandin('');
    setSeats(Array.from({ length: game.default_players }, (_, i) => (i === 0 ? 'human' : `bot:${game.default_bot}`)));
  }, [name]);
  useEffect(() => {
    setSeats((old) => Array.from({ length: players }, (_, i) => old[i] || (i === 0 ? 'human' : `bot:${game.default_bot}`)));
  }, [players]);

  async function submit(ev) {
    ev.preventDefault();
    setErr(null);
    setBusy(true);
    const changed = {};
    for (const o of game.options) if (options[o.name] !== o.default) changed[o.name] = options[o.name];
    const body = { game: game.name, players, seats, options: changed, private: priv, spectators, on_timeout: onTimeout };
    if (me.trim()) body.name = me.trim();
    if (clock !== '') body.turn_seconds = Number(clock);
    const d = today();
    if (daily) {
      body.seed = d.seed;
      body.table_name = tableName.trim() || `Daily deal ${d.text}`;
    } else {
      if (seed.trim() !== '') body.seed = Number(seed);
      if (tableName.trim()) body.table_name = tableName.trim();
    }
    if (game.hidden_responses) {
      if (responseSeconds !== '') body.response_seconds = Number(responseSeconds);
      if (!fairWindows) body.fair_windows = false;
    }
    if (standin) body.standin = standin;
    if (rated && account && game.max_players >= 2) {
      body.rated = true;
      delete body.seed;
    }
    try {
      const got = await api('POST', '/api/tables', body);
      setPref('name', me.trim());
      if (got.token !== null && got.seat !== null) {
        saveSeat(got.table, got.seat, got.token);
        location.href = tableUrl(got.table, got.invite);
      } else {
        location.href = `${tableUrl(got.table, got.invite)}${got.invite ? '&' : '#'}watch=1`;
      }
    } catch (e) {
      setErr(e.field ? `${e.field}: ${e.reason}` : e.reason);
      setBusy(false);
    }
  }

  const range = [];
  for (let n = game.min_players; n <= game.max_players; n++) range.push(n);
  return html`<form class="create" onSubmit=${submit} aria-label="Create a table">
    <fieldset class="games-pick">
      <legend>Game</legend>
      ${games.map(
        (g) => html`<label class=${classes('game-card', g.name === name && 'chosen')}>
          <input type="radio" name="game" value=${g.name} checked=${g.name === name} onChange=${() => setName(g.name)} />
          <span class="g-title">${g.title}</span>
          <span class="g-players">${g.min_players === g.max_players ? plural(g.min_players, 'player') : `${g.min_players}–${g.max_players} players`}</span>
          <span class="g-summary">${g.summary}</span>
        </label>`,
      )}
    </fieldset>
    <fieldset>
      <legend>Players and seats</legend>
      <label>Players <select name="players" value=${String(players)} onChange=${(e) => setPlayers(Number(e.target.value))} disabled=${range.length === 1}>
        ${range.map((n) => html`<option value=${String(n)}>${n}</option>`)}</select></label>
      <label>Your name <input name="name" maxlength="40" value=${me} onInput=${(e) => setMe(e.target.value)} autocomplete="nickname" placeholder="P0" /></label>
      <ol class="seats-pick">
        ${seats.map((s, i) => {
          const bot = s.startsWith('bot:') ? game.bots.find((b) => `bot:${b.spec}` === s) : null;
          return html`<li><label for=${`seat-${i}`}>P${i}</label>
            <select id=${`seat-${i}`} name=${`seat-${i}`} value=${s} aria-describedby=${`seat-${i}-about`} onChange=${(e) => setSeats(seats.map((x, j) => (j === i ? e.target.value : x)))}>
              <option value="human">a person${i === seats.indexOf('human') ? ' (you)' : ''}</option>
              ${game.bots.map((b) => html`<option value=${`bot:${b.spec}`}>bot: ${botName(b)}</option>`)}
            </select>
            <span class="seat-about small muted" id=${`seat-${i}-about`}>${bot ? bot.label : i === seats.indexOf('human') ? 'you take this seat' : 'a person joins with the invite link'}</span></li>`;
        })}
      </ol>
      <p class="small muted">You take the first person's seat; send the invite link to the others. A seat nobody has taken when the game starts is played by a bot until someone joins.</p>
    </fieldset>
    ${game.options.length
      ? html`<fieldset class="options"><legend>Rule options of ${game.title}</legend>
          ${game.options.map((o) => html`<${OptionField} o=${o} value=${options[o.name]} onChange=${(v) => setOptions({ ...options, [o.name]: v })} />`)}
        </fieldset>`
      : null}
    <fieldset>
      <legend>Table</legend>
      <label class="check"><input type="checkbox" name="private" checked=${priv} onChange=${(e) => setPriv(e.target.checked)} /> Private: not listed; only the invite link opens it</label>
      <label class="check"><input type="checkbox" name="spectators" checked=${spectators} onChange=${(e) => setSpectators(e.target.checked)} /> Spectators may watch</label>
      ${game.max_players >= 2
        ? html`<label class="check"><input type="checkbox" name="rated" id="rated" checked=${rated && !!account} disabled=${!account} aria-describedby="rated-help" onChange=${(e) => setRated(e.target.checked)} /> Rated: the result changes your ${game.title} rating</label>
            <p class="small muted" id="rated-help">${account
              ? 'Every person at a rated table is signed in; bots play at fixed ratings (random, heuristic, IS-MCTS levels); the deal is random; no hints. Leaving a rated game ranks you last.'
              : 'Sign in to create a rated table.'}</p>`
        : null}
      <label>Move clock <select name="clock" value=${clock} onChange=${(e) => setClock(e.target.value)}>
        ${CLOCKS.map(([v, t]) => html`<option value=${v === null ? '' : String(v)}>${t}</option>`)}</select></label>
      ${clock !== ''
        ? html`<label>When it runs out <select name="on_timeout" value=${onTimeout} onChange=${(e) => setOnTimeout(e.target.value)}>
            <option value="standin">a bot plays that one decision</option>
            <option value="takeover">a bot takes the seat until the person reclaims it</option></select></label>`
        : null}
      ${game.name === 'kings-family'
        ? html`<label class="check"><input type="checkbox" name="daily" checked=${daily} onChange=${(e) => setDaily(e.target.checked)} /> The daily deal: today's date (${today().text}) is the seed — the same deal for everyone today</label>`
        : null}
      <details class="more">
        <summary>More settings</summary>
        <label>Table name <input name="table_name" maxlength="80" value=${tableName} onInput=${(e) => setTableName(e.target.value)} /></label>
        <label>Seed <input name="seed" type="number" min="0" value=${seed} disabled=${daily} onInput=${(e) => setSeed(e.target.value)} placeholder="random" /></label>
        ${game.hidden_responses
          ? html`<label>Time to answer a response window, seconds <input name="response_seconds" type="number" min="5" max="120" step="1" value=${responseSeconds} onInput=${(e) => setResponseSeconds(e.target.value)}
              placeholder=${String(game.response_seconds)} /></label>
            <label class="check"><input type="checkbox" name="fair_windows" checked=${fairWindows} onChange=${(e) => setFairWindows(e.target.checked)} /> Fair response windows</label>
            <p class="small muted">${game.title} lets a player answer out of turn with a card only they know they hold. With fair windows (ruling SRV-2) everyone who might hold such a card is given their turn to respond, holding it or not, so that nobody can tell from the table's pace who does. Without them the table only waits for players who really can answer — quicker, but everyone sees who is thinking (a table of friends in one room).</p>`
          : null}
        <label>Stand-in bot <select name="standin" value=${standin} onChange=${(e) => setStandin(e.target.value)}>
          <option value="">${game.default_bot} (default)</option>
          ${game.bots.map((b) => html`<option value=${b.spec}>${botName(b)}</option>`)}</select></label>
        <p class="small muted">The stand-in plays a seat whose person left or lost the connection, and open seats of a started table.</p>
      </details>
    </fieldset>
    ${err ? html`<p class="error" role="alert" id="create-error">${err}</p>` : null}
    <button type="submit" class="primary big-btn" disabled=${busy}>Create the table</button>
  </form>`;
}

/** A date and time of the server (seconds since the epoch) in this browser's words. */
function when(seconds) {
  try {
    return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  } catch (e) {
    return new Date(seconds * 1000).toISOString();
  }
}

function TableRow({ t, games, kind }) {
  const g = games.find((x) => x.name === t.game);
  const people = t.seats.filter((s) => s.kind === 'human');
  return html`<li class="table-row">
    <span class="t-game">${g ? g.title : t.game}</span>
    <span class="t-name">${t.name || ''}</span>
    ${kind === 'over' && t.result
      ? html`<span class="t-result">${resultText(t.result, t.seats)}${winnersOf(t)}</span>
          <span class="t-date">finished <time datetime=${new Date(t.finished_at * 1000).toISOString()}>${when(t.finished_at)}</time></span>`
      : null}
    <span class="t-seats">${t.seats.map((s) => html`<span class=${classes('t-seat', s.kind, s.controller === 'open' && 'open')} title=${s.kind === 'bot' ? `bot: ${s.bot}` : s.controller === 'open' ? 'open seat' : 'a person'}>${s.controller === 'open' ? `P${s.seat} open` : s.name}</span>`)}</span>
    <span class="t-info">${t.status}${t.turn_seconds ? ` · clock ${fmtSeconds(t.turn_seconds)}` : ''}${people.length ? '' : ' · bots only'}</span>
    ${kind === 'open'
      ? html`<a class="button primary" href=${tableUrl(t.table)}>Join</a>`
      : kind === 'watch'
        ? html`<a class="button" href=${`${tableUrl(t.table)}#watch=1`}>Watch</a>`
        : html`<a class="button" href=${replayUrl(t.table)}>Replay</a>`}
  </li>`;
}

function Tables({ games }) {
  const [tables, setTables] = useState(null);
  const [over, setOver] = useState([]);
  const [err, setErr] = useState(null);
  useEffect(() => {
    let stop = false;
    async function load() {
      try {
        const all = await api('GET', '/api/tables?include_over=true');
        if (stop) return;
        setTables(all.tables.filter((t) => t.status !== 'over'));
        setOver(all.tables.filter((t) => t.status === 'over').slice(0, 10));
        setErr(null);
      } catch (e) {
        if (!stop) setErr(e.reason);
      }
    }
    load();
    const timer = setInterval(load, 5000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, []);
  if (!tables) return html`<p class="muted">${err || 'Loading the tables…'}</p>`;
  const open = tables.filter((t) => t.open_seats.length > 0);
  const watch = tables.filter((t) => t.spectators && t.status === 'running');
  return html`<div class="tables">
    ${err ? html`<p class="error" role="alert">${err}</p>` : null}
    <section aria-labelledby="open-h"><h2 id="open-h">Open tables</h2>
      ${open.length ? html`<ul class="table-list" id="open-tables">${open.map((t) => html`<${TableRow} t=${t} games=${games} kind="open" />`)}</ul>` : html`<p class="muted">No table is waiting for players. Create one!</p>`}
    </section>
    <section aria-labelledby="watch-h"><h2 id="watch-h">Tables to watch</h2>
      ${watch.length ? html`<ul class="table-list" id="watch-tables">${watch.map((t) => html`<${TableRow} t=${t} games=${games} kind="watch" />`)}</ul>` : html`<p class="muted">No game is being played right now.</p>`}
    </section>
    ${over.length
      ? html`<section aria-labelledby="over-h"><h2 id="over-h">Finished games</h2><ul class="table-list" id="over-tables">${over.map((t) => html`<${TableRow} t=${t} games=${games} kind="over" />`)}</ul></section>`
      : null}
  </div>`;
}

function Lobby() {
  const [data, setData] = useState(null);
  const [err, setErr] = useState(null);
  const [me, reloadMe] = useMe();
  const [signing, setSigning] = useState(false);
  useEffect(() => {
    loadGames().then(setData, (e) => setErr(e.reason));
  }, []);
  const signedIn = () => {
    setSigning(false);
    reloadMe();
  };
  return html`<div class="page lobby">
    <header class="top"><h1 class="brand">regalia</h1><span class="tagline">five royal card games — play with friends, bots in the empty seats</span><span class="top-tools"><a class="button small" href="/learn" id="learn-link">Learn to play</a><a class="button small" href="/leaderboard.html" id="leaderboard-link">Leaderboards</a><${AccountBox} me=${me} reload=${reloadMe} open=${signing} onToggle=${() => setSigning(!signing)} /></span></header>
    ${signing && !me ? html`<${AccountPanel} onDone=${signedIn} />` : null}
    ${me ? html`<${ClaimOffer} />` : null}
    ${err ? html`<p class="error" role="alert">${err}</p>` : null}
    ${data
      ? html`<main class="lobby-grid">
          <section class="lobby-create" aria-labelledby="create-h"><h2 id="create-h">New table</h2><${CreateForm} games=${data.games} defaults=${data.defaults || {}} account=${me} /></section>
          <section class="lobby-tables"><${Tables} games=${data.games} /></section>
        </main>`
      : err ? null : html`<p class="muted">Loading the games…</p>`}
    <footer class="foot">regalia — <a href="/api/docs">the HTTP API</a></footer>
  </div>`;
}

render(html`<${Lobby} />`, document.getElementById('app'));
