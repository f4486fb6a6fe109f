// The load of benchmarks/server_load.py against boardgame.io: TABLES matches of four seats,
// every seat a socket.io client that plays a random legal card as soon as it is its turn; a
// match that ends is replaced. The measured window opens WARMUP seconds after every match has
// started (printing "start") and lasts SECONDS (printing "end"); a move sent in it counts when
// the resulting state reached all four seats. Prints {moves, latencies (ms), games} last.
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const { Shed, legal } = require("./game");

const port = Number(process.env.PORT);
const base = `http://127.0.0.1:${port}`;
const tables = Number(process.env.TABLES || 1);
let start = Infinity;
let until = Infinity;
let ready = 0;
const out = { moves: 0, latencies: [], games: 0 };

async function post(path, body) {
  const r = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return r.json();
}

function tally(match) {
  for (const [step, sent] of match.sent) {
    if (sent < start || sent > until || !match.seen.every((s) => s.has(step))) continue;
    out.moves += 1;
    out.latencies.push(Math.max(...match.seen.map((s) => s.get(step))) - sent);
  }
}

async function playMatch(i) {
  const { matchID } = await post("/games/shed/create", { numPlayers: 4 });
  const match = { sent: new Map(), seen: [new Map(), new Map(), new Map(), new Map()] };
  const clients = [];
  for (let p = 0; p < 4; p++) {
    const { playerCredentials } = await post(`/games/shed/${matchID}/join`, { playerID: String(p), playerName: `p${p}` });
    clients.push(Client({ game: Shed, multiplayer: SocketIO({ server: base }), matchID, playerID: String(p), credentials: playerCredentials, debug: false }));
  }
  await new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(timer);
      resolve();
    };
    const timer = setInterval(() => Date.now() >= until && finish(), 100);
    clients.forEach((client, p) => {
      let top = -1;
      client.subscribe((state) => {
        if (!state || done) return;
        const now = Date.now();
        for (let s = top + 1; s <= state._stateID; s++) match.seen[p].set(s, now);
        top = Math.max(top, state._stateID);
        if (state.ctx.gameover) {
          out.games += p === 0 ? 1 : 0;
          return finish();
        }
        if (state.ctx.currentPlayer === String(p) && !match.sent.has(state._stateID + 1)) {
          const choices = legal(state.G, String(p));
          match.sent.set(state._stateID + 1, now);
          client.moves.play(choices[Math.floor(Math.random() * choices.length)]);
        }
      });
      client.start();
    });
  });
  clients.forEach((c) => c.stop());
  tally(match);
}

async function loop(i) {
  ready += 1;
  while (Date.now() < until) {
    try {
      await playMatch(i);
    } catch (err) {
      // a refused or failed lobby request under load: counted, and the place plays on
      out.errors = (out.errors || 0) + 1;
      console.error(String(err));
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const opened = setInterval(() => {
  if (ready < tables) return;
  clearInterval(opened);
  setTimeout(() => {
    start = Date.now();
    until = start + 1000 * Number(process.env.SECONDS || 15);
    console.log("start");
    setTimeout(() => console.log("end"), until - start);
  }, 1000 * Number(process.env.WARMUP || 3));
}, 50);

Promise.all(Array.from({ length: tables }, (_, i) => loop(i))).then(() => {
  process.stdout.write(JSON.stringify(out) + "\n", () => process.exit(0)); // a pipe is written asynchronously
});
