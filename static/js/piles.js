// What kind of pile a pile is, as the engine's layout says (`layout.kinds`: pile -> "stock",
// "waste", "foundation", "cell" or "tableau"). The page never reads it from a pile's name. A
// board painted from a save made before the layout carried kinds has none: its piles are of
// no kind until the engine has started and drawn them anew.

/** Return the kind of pile `id` in `layout`, or "" when the layout does not say. */
export function kindOf(layout, id) {
  return layout?.kinds?.[id] ?? "";
}

/** Tell whether pile `id` is the stock. */
export function isStock(layout, id) {
  return kindOf(layout, id) === "stock";
}

/** Return the stock's pile, or null in a game without one. */
export function stockOf(layout) {
  const kinds = layout?.kinds ?? {};
  return Object.keys(kinds).find((id) => kinds[id] === "stock") ?? null;
}
