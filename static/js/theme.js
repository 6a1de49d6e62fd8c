// Table themes: the colours of the table, the bars and the dialogs, as CSS custom properties
// on <html data-theme="..."> (app.css, daily.css, stats.css). theme-early.js puts the saved
// name there before the first paint; this module checks it and applies the player's choice.
// A theme never recolours the card faces beyond their suit colours.

/** The themes there are, the default first (the Settings dialog's select offers the same). */
export const THEMES = ["felt", "night", "contrast"];
export const DEFAULT_THEME = THEMES[0];

/** Return the theme named, or the default for anything else. */
export const checkTheme = (name) => (THEMES.includes(name) ? name : DEFAULT_THEME);

/** Show the page in a theme: <html data-theme>, and the browser's own bar in the theme's
 * colour (the stylesheet's --theme-color) where the page names one. Return the theme. */
export function applyTheme(name, doc = document) {
  const theme = checkTheme(name);
  const root = doc.documentElement;
  root.dataset.theme = theme;
  const meta = doc.querySelector('meta[name="theme-color"]');
  const colour = doc.defaultView?.getComputedStyle(root).getPropertyValue("--theme-color").trim();
  if (meta && colour) meta.setAttribute("content", colour);
  return theme;
}
