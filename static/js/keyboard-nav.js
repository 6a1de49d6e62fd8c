// Keyboard play on the table: the cursor moving between piles, Space picking up and putting
// down, Enter playing the best move, Escape letting go. No DOM and no engine import: what it
// uses comes in through `env` ({app, intents, announce, draw, focusPile(id), assist}).

/** Return the pile the cursor goes to from `at` (an index in `order`, -1 for none) in a
 * direction: left, right, first, last (by order) or up, down (the nearest pile across in the
 * next row of piles). order: [{id, x, y}] in the table's reading order. */
export function nextPile(order, at, dir) {
  if (!order.length) return null;
  if (at < 0 || dir === "first") return order[0].id;
  if (dir === "left") return order[Math.max(0, at - 1)].id;
  if (dir === "right") return order[Math.min(order.length - 1, at + 1)].id;
  if (dir === "last") return order[order.length - 1].id;
  const here = order[at];
  const rows = order.filter((p) => (dir === "up" ? p.y < here.y - 1 : p.y > here.y + 1));
  if (!rows.length) return null;
  const targetY = dir === "up" ? Math.max(...rows.map((p) => p.y)) : Math.min(...rows.map((p) => p.y));
  const row = rows.filter((p) => Math.abs(p.y - targetY) < 1);
  return row.reduce((a, b) => (Math.abs(b.x - here.x) < Math.abs(a.x - here.x) ? b : a)).id;
}

export function createKeyboard(env) {
  const { app, intents } = env;
  const pileCards = (pile) => app.snap.piles[pile] ?? [];

  const keyboard = {
    cursorMove(dir) {
      const order = Object.entries(app.geo.piles).map(([id, g]) => ({ id, x: g.x, y: g.y }));
      const next = nextPile(order, order.findIndex((p) => p.id === app.cursor), dir);
      if (!next) return;
      app.cursor = next;
      env.draw();
      env.focusPile(next);
    },
    pickOrPlace() {
      if (!app.ready) return;
      const pile = app.cursor;
      if (!pile) return keyboard.cursorMove("first");
      if (pile === "stock") return intents.tap("stock", 0);
      if (app.selected) {
        if (app.selected.pile === pile) return keyboard.cancelPick();
        return intents.place(pile);
      }
      const cards = pileCards(pile);
      if (!cards.length) return env.announce(`${app.snap.labels[pile]} is empty`);
      if (app.snap.pairs) return intents.tap(pile, cards.length - 1);   // pick one of a pair
      // Pick the longest run that has somewhere to go, else the top card.
      const runs = app.snap.moves.filter((m) => m.src === pile).map((m) => m.n);
      const n = runs.length ? Math.max(...runs) : 1;
      app.selected = { pile, index: cards.length - n };
      env.draw();
      env.announce(`Picked ${app.names[cards[cards.length - n]] ?? "a card"}${n > 1 ? ` and ${n - 1} more` : ""} from ${app.snap.labels[pile]}. Move to a pile and press Space to put it there.`);
    },
    tapCursor() {
      const pile = app.cursor;
      if (!pile) return keyboard.cursorMove("first");
      const cards = pileCards(pile);
      intents.tap(pile, pile === "stock" ? 0 : cards.length - 1);
    },
    cancelPick() {
      if (app.assist.solving) {
        app.assist.stopSolving();
        env.announce("Auto-solve stopped");
        return;
      }
      if (!app.selected) return;
      app.selected = null;
      env.draw();
      env.announce("Put back");
    },
    draw() {
      if (app.ready) intents.tap("stock", 0);
    },
  };
  return keyboard;
}
