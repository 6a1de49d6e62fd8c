// The dialogs' and notices' buttons: one place that makes a button in the toolbar's style.

/** A `type="button"` button in the "tool" style (the accented one when `accent`), labelled
 * `label`, that runs `action` on click. */
export function toolButton(label, action, accent = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `tool${accent ? " accent" : ""}`;
  b.textContent = label;
  b.addEventListener("click", action);
  return b;
}
