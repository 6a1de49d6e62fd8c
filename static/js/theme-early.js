// The table theme before the first paint. A classic script in <head> runs before the body is
// parsed (the modules run later, and a warm start paints the saved board from them), so the
// saved theme is on <html data-theme> before anything is drawn. It only copies a name that
// looks like one: theme.js checks it against the themes there are when the modules run (an
// unknown one is replaced by the default, which is also what the stylesheet shows for it).
{
  try {
    const settings = JSON.parse(window.localStorage.getItem("patience:v1:settings") ?? "{}");
    const saved = settings?.theme;
    if (typeof saved === "string" && /^[a-z]{1,20}$/.test(saved)) {
      document.documentElement.dataset.theme = saved;
    }
    // With the solver's indicator off, its line has no slot of its own from the first paint
    // (assist-view.js keeps this in step with the setting), so the table never moves.
    if (settings?.indicator === false) document.documentElement.dataset.line = "free";
  } catch {
    // No storage, or settings that are not JSON: the default theme.
  }
}
