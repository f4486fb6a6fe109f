// /learn: every game's course — its lessons in order, the rulebook section each teaches, its par
// or "whole game", and the stars earned in this browser; each lesson opens on the table page.

import { html, render, useState, useEffect, api } from './lib.js';
import { lessonUrl, progressOf, starsText } from './lesson.js';

function Course({ course }) {
  const got = progressOf(course.game);
  const earned = course.lessons.reduce((n, l) => n + (got[l.id] || 0), 0);
  const next = course.lessons.find((l) => !got[l.id]) || course.lessons[0];
  return html`<section class="course" id=${`course-${course.game}`} aria-labelledby=${`h-${course.game}`}>
    <header class="course-head">
      <h2 id=${`h-${course.game}`}>${course.game_title}</h2>
      <span class="course-stars" aria-label=${`${earned} of ${3 * course.lessons.length} stars`}>${earned} / ${3 * course.lessons.length} ★</span>
      <a class="button primary" href=${lessonUrl(course.game, next.id)}>${earned ? 'Continue' : 'Start'}: ${next.title}</a>
      <a class="button small" href=${`/rules.html?game=${encodeURIComponent(course.game)}`}>Rules</a>
    </header>
    <ol class="lessons">
      ${course.lessons.map(
        (l) => html`<li class=${got[l.id] ? 'done' : ''}>
          <a href=${lessonUrl(course.game, l.id)} data-lesson=${`${course.game}/${l.id}`}>
            <span class="lesson-name">${l.title}</span>
            <span class="lesson-meta">${l.section} · ${l.whole_game ? 'a whole game' : `par ${l.par}`}</span>
            <span class="stars" aria-label=${got[l.id] ? `${got[l.id]} of 3 stars` : 'not played yet'}>${got[l.id] ? starsText(got[l.id]) : '—'}</span>
          </a>
        </li>`,
      )}
    </ol>
  </section>`;
}

function LearnPage() {
  const [data, setData] = useState(null);
  const [err, setErr] = useState(null);
  useEffect(() => {
    api('GET', '/api/lessons').then(setData, (e) => setErr(e.reason));
  }, []);
  return html`<div class="page learn-page">
    <header class="top">
      <a class="brand" href="/" title="Back to the lobby">regalia</a>
      <h1 class="game-title">Learn to play</h1>
    </header>
    <main class="learn">
      <p class="lead">Short lessons on a real table, one rule each: a goal, the cards to look at, and the
      rulebook's words when a move is not the one asked for (it is taken back). Reach the goal within
      par for three stars; each course ends with a whole game against a gentle bot. Your stars are
      kept in this browser.</p>
      ${err ? html`<p class="error" role="alert">${err}</p>` : null}
      ${data ? data.courses.map((c) => html`<${Course} course=${c} />`) : err ? null : html`<p class="muted">Loading the lessons…</p>`}
    </main>
  </div>`;
}

render(html`<${LearnPage} />`, document.getElementById('app'));
