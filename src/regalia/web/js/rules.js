// rules.html?game=NAME: a game's rules in short — its summary, its options (defaults and the
// rulings they switch), every ruling and rule section with its id, the legend and the notation —
// reachable from every table and lesson.

import { html, render, useState, useEffect, loadGames } from './lib.js';
import { lessonUrl } from './lesson.js';

function optionDefault(o) {
  if (o.default === null || o.default === undefined) return 'none';
  if (o.choice_labels && o.choice_labels[String(o.default)]) return o.choice_labels[String(o.default)];
  if (o.default === true) return 'yes';
  if (o.default === false) return 'no';
  return String(o.default);
}

function RulesPage() {
  const name = new URLSearchParams(location.search).get('game') || '';
  const [games, setGames] = useState(null);
  const [err, setErr] = useState(null);
  useEffect(() => {
    loadGames().then(setGames, (e) => setErr(e.reason));
  }, []);
  const g = games && games.games.find((x) => x.name === name);
  useEffect(() => {
    if (g) document.title = `Rules of ${g.title} · regalia`;
  }, [g]);
  if (err) return html`<main class="join"><p class="error" role="alert">${err}</p></main>`;
  if (!games) return html`<main class="join"><p class="muted">Loading…</p></main>`;
  if (!g) {
    return html`<main class="join"><h1>Rules</h1><p>Choose a game:</p>
      <ul>${games.games.map((x) => html`<li><a href=${`/rules.html?game=${encodeURIComponent(x.name)}`}>${x.title}</a></li>`)}</ul></main>`;
  }
  const rules = Object.entries(g.rules || {});
  return html`<div class="page rules-page">
    <header class="top">
      <a class="brand" href="/" title="Back to the lobby">regalia</a>
      <h1 class="game-title">Rules of ${g.title}</h1>
      <span class="top-tools"><a class="button small" href=${lessonUrl(g.name, '1')}>Learn it</a><a class="button small" href="/learn">All lessons</a></span>
    </header>
    <main class="rules">
      <section aria-labelledby="r-summary"><h2 id="r-summary">Summary</h2>
        <p>${g.summary}</p>
        <p>${g.min_players === g.max_players ? `${g.min_players} player` : `${g.min_players}–${g.max_players} players`} · rules version ${g.rules_version}</p>
      </section>
      <section aria-labelledby="r-options"><h2 id="r-options">Options</h2>
        ${g.options.length
          ? html`<dl class="rule-list">${g.options.map((o) => html`<div><dt>${o.label || o.name} <code>${o.name}</code> — default ${optionDefault(o)}${o.ruling ? ` (${o.ruling})` : ''}</dt><dd>${o.help || o.doc}</dd></div>`)}</dl>`
          : html`<p>This game has no options.</p>`}
      </section>
      <section aria-labelledby="r-rulings"><h2 id="r-rulings">Rulings and rule sections</h2>
        <dl class="rule-list" id="rulings">${rules.map(([id, text]) => html`<div id=${`rule-${id}`}><dt>${id}</dt><dd>${text}</dd></div>`)}</dl>
      </section>
      ${g.legend ? html`<section aria-labelledby="r-legend"><h2 id="r-legend">Legend</h2><pre class="legend-text">${g.legend}</pre></section>` : null}
      ${g.notation ? html`<section aria-labelledby="r-notation"><h2 id="r-notation">Notation</h2><pre class="legend-text">${g.notation}</pre></section>` : null}
    </main>
  </div>`;
}

render(html`<${RulesPage} />`, document.getElementById('app'));
