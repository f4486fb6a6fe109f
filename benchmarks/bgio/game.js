// A small shedding game for four seats: each seat holds cards and plays one a turn that is
// higher than the last card played (or any card after the pile is cleared, when no one can).
// Every move is one decision, so the load is boardgame.io's own path: socket.io message,
// move, state sent to every seat.
const { INVALID_MOVE } = require("boardgame.io/core");

function legal(G, player) {
  const hand = G.hands[player];
  const up = hand.filter((c) => c > G.top);
  return up.length ? up : hand.slice();
}

const Shed = {
  name: "shed",
  minPlayers: 4,
  maxPlayers: 4,
  setup: ({ random, ctx }) => {
    const deck = random.Shuffle(Array.from({ length: 52 }, (_, i) => (i % 13) + 1));
    const hands = {};
    for (let p = 0; p < ctx.numPlayers; p++) hands[p] = deck.slice(p * 13, p * 13 + 13);
    return { hands, top: 0, played: [] };
  },
  moves: {
    play: ({ G, ctx, events }, card) => {
      const hand = G.hands[ctx.currentPlayer];
      if (!legal(G, ctx.currentPlayer).includes(card)) return INVALID_MOVE;
      hand.splice(hand.indexOf(card), 1);
      G.top = card >= G.top ? card : 0;
      if (G.top === 13) G.top = 0;
      G.played.push(card);
      events.endTurn();
    },
  },
  endIf: ({ G, ctx }) => {
    for (let p = 0; p < ctx.numPlayers; p++) if (G.hands[p].length === 0) return { winner: String(p) };
  },
};

module.exports = { Shed, legal };
