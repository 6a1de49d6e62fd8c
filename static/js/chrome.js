// The frame around the table: the "More" menu of rarely used actions on narrow screens, and
// the solver's line, which keeps one fixed line's height and opens over the table to show
// its whole text (each part's brief form gives way to its whole text; assist-view.js).
// Neither changes the height of anything above the table.

const $ = (id) => document.getElementById(id);

function setupMenu() {
  const button = $("btn-more");
  const menu = $("more");
  if (!button || !menu) return;
  const close = (refocus = false) => {
    if (!menu.classList.contains("open")) return;
    menu.classList.remove("open");
    button.setAttribute("aria-expanded", "false");
    if (refocus) button.focus();
  };
  button.addEventListener("click", () => {
    const open = !menu.classList.contains("open");
    menu.classList.toggle("open", open);
    button.setAttribute("aria-expanded", String(open));
    if (open) menu.querySelector("button:not(:disabled)")?.focus();
  });
  // Choosing an action closes the menu (the action's own handler runs too).
  menu.addEventListener("click", (e) => { if (e.target.closest("button")) close(); });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && menu.classList.contains("open")) {
      e.preventDefault();
      close(true);
    }
  }, true);
  document.addEventListener("pointerdown", (e) => {
    if (!menu.contains(e.target) && e.target !== button) close();
  });
}

function setupSolverLine() {
  const bar = $("assist");
  const more = $("assist-more");
  if (!bar || !more) return;
  const setOpen = (open) => {
    if (bar.classList.contains("open") === open) return;
    bar.classList.toggle("open", open);
    more.setAttribute("aria-expanded", String(open));
    // Not "More", the menu's name: an ellipsis to open it, Hide to close it.
    more.textContent = open ? "Hide" : "…";
    more.setAttribute("aria-label", open ? "Hide the whole line" : "Show the whole line");
  };
  // The closed line says each part whole where all fit, else in brief (assist-view.js), and
  // offers its button (…) only when there is more to see: a part in brief, a part the closed line
  // leaves out on a narrow screen, or a part cut short.
  const cut = (el) => el.scrollWidth > el.clientWidth + 1;
  const check = () => {
    if (bar.classList.contains("open")) return;
    const parts = [...bar.children].filter((el) => el !== more && !el.hidden);
    for (const el of parts) el.classList.add("whole");
    const brief = parts.some((el) => el.querySelector(".full") && cut(el));
    for (const el of parts) el.classList.toggle("whole", !brief);
    more.hidden = !parts.some((el) => (brief && el.querySelector(".full"))
      || getComputedStyle(el).display === "none" || cut(el));
  };
  more.addEventListener("click", () => setOpen(!bar.classList.contains("open")));
  let words = bar.textContent;
  new MutationObserver((records) => {
    if (records.every((r) => more.contains(r.target))) return;   // our own button's text
    const now = [...bar.querySelectorAll("p")].filter((p) => !p.hidden).map((p) => p.textContent).join("|");
    if (now === words) return;                                   // the same words written again
    words = now;
    setOpen(false);
    requestAnimationFrame(check);
  }).observe(bar, { subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["hidden"] });
  new ResizeObserver(check).observe(bar);
  document.addEventListener("pointerdown", (e) => {
    if (bar.classList.contains("open") && !bar.contains(e.target)) setOpen(false);
  });
}

setupMenu();
setupSolverLine();
