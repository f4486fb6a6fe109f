// regalia's service worker, served at /sw.js so that its scope is the whole site ("/").
//
// It shows the "your turn" notices the server sends by Web Push (issue 37) and, when one is
// clicked, focuses a window already at that table or opens the table's page. A notice's payload
// is {type: "your-turn", table, game, deadline (seconds since the epoch), reminder, url}: the
// game's title is looked up in /api/games (kept a week in the worker's cache) and nothing else
// is fetched. The worker has no fetch handler: every page and answer comes from the network as
// without it, and nothing of a table is cached.
'use strict';

const CACHE = 'regalia-sw-1';
const TITLES_KEY = '/sw/game-titles';
const TITLES_MS = 7 * 24 * 3600 * 1000;
const FETCH_MS = 3000;
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
const TABLE_ID = /^[A-Za-z0-9_-]{1,32}$/;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => event.waitUntil(onPush(event)));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage((event.notification.data && event.notification.data.url) || '/'));
});
self.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(resubscribe(event)));

/** The notice in a push's payload, or null when it is not one regalia sends. */
function readNotice(event) {
  let n = null;
  try {
    n = event.data ? event.data.json() : null;
  } catch (e) {
    return null;
  }
  const ok =
    n && n.type === 'your-turn' && typeof n.table === 'string' && TABLE_ID.test(n.table) &&
    typeof n.game === 'string' && n.game.length <= 64 && Number.isFinite(n.deadline);
  return ok ? n : null;
}

/** The table page of a notice, on this site (built from the table id: a notice never sends the
 *  browser to another address). */
function tablePage(n) {
  return new URL(`/table.html?t=${encodeURIComponent(n.table)}`, self.location.origin).href;
}

function samePage(a, b) {
  const x = new URL(a);
  const y = new URL(b);
  return x.origin === y.origin && x.pathname === y.pathname && x.searchParams.get('t') === y.searchParams.get('t');
}

async function windows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);
}

/** The game's title ("King's Blood"), from /api/games kept in the cache; its name in words
 *  when the server cannot be reached. */
async function gameTitle(name) {
  const fallback = name.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  try {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(TITLES_KEY);
    let kept = hit ? await hit.json() : null;
    if (!kept || !kept.titles || !kept.titles[name] || Date.now() - kept.at > TITLES_MS) {
      const res = await withTimeout(fetch('/api/games', { credentials: 'omit' }), FETCH_MS);
      if (res.ok) {
        const data = await res.json();
        kept = { at: Date.now(), titles: {} };
        for (const g of data.games || []) kept.titles[g.name] = g.title;
        await cache.put(TITLES_KEY, new Response(JSON.stringify(kept), { headers: { 'content-type': 'application/json' } }));
      }
    }
    return (kept && kept.titles && kept.titles[name]) || fallback;
  } catch (e) {
    return fallback;
  }
}

function deadlineWords(deadline) {
  const d = new Date(deadline * 1000);
  try {
    return d.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  } catch (e) {
    return d.toString();
  }
}

function leftWords(deadline) {
  const minutes = Math.max(0, Math.round((deadline * 1000 - Date.now()) / 60000));
  if (minutes >= 90) return `${Math.round(minutes / 60)} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

async function onPush(event) {
  const n = readNotice(event);
  if (!n) {
    return self.registration.showNotification('regalia', {
      body: 'One of your tables may be waiting for you.',
      icon: ICON,
      badge: BADGE,
      tag: 'regalia',
      data: { url: new URL('/', self.location.origin).href },
    });
  }
  const url = tablePage(n);
  const open = await windows();
  if (open.some((c) => c.focused && c.visibilityState === 'visible' && samePage(c.url, url))) return undefined; // at the table already
  const title = await gameTitle(n.game);
  const heading = n.reminder ? `${leftWords(n.deadline)} left to move in ${title}` : `Your turn in ${title}`;
  return self.registration.showNotification(heading, {
    body: `Move by ${deadlineWords(n.deadline)}. Open the table to play.`,
    icon: ICON,
    badge: BADGE,
    tag: `turn:${n.table}`,
    renotify: true,
    timestamp: Date.now(),
    data: { url },
  });
}

/** Where a click on a notice of `href` goes: a window already at that page (`client`), or the
 *  page to open (`url`) — only pages of this site (another address opens the lobby). */
async function clickTarget(href) {
  const asked = new URL(href, self.location.origin);
  const url = asked.origin === self.location.origin ? asked.href : new URL('/', self.location.origin).href;
  const client = (await windows()).find((c) => samePage(c.url, url) && 'focus' in c) || null;
  return { client, url };
}

async function openPage(href) {
  const { client, url } = await clickTarget(href);
  return client ? client.focus() : self.clients.openWindow(url);
}

function keyBytes(b64) {
  const s = atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** The push service replaced or ended the subscription: subscribe again and tell the server, so
 *  that the signed-in account's notices keep coming to this browser. */
async function resubscribe(event) {
  try {
    let sub = event.newSubscription;
    if (!sub) {
      const res = await fetch('/api/push/key', { headers: { accept: 'application/json' } });
      const { key } = res.ok ? await res.json() : {};
      if (!key) return; // the server sends no notices now
      sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    }
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    await fetch('/api/push/subscriptions', { method: 'POST', headers, body: JSON.stringify(sub.toJSON()) });
    if (event.oldSubscription && event.oldSubscription.endpoint !== sub.endpoint) {
      await fetch('/api/push/subscriptions', { method: 'DELETE', headers, body: JSON.stringify({ endpoint: event.oldSubscription.endpoint }) });
    }
  } catch (e) {
    /* signed out, or offline: the control offers to turn notices on again */
  }
}
