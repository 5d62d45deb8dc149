// Checked DOM lookups for the pages' scripts (app.js, embed.js): the elements their HTML must have, of the
// kind the code uses. The HTML is ours, so a missing or different element is a bug: it fails at once, by name,
// instead of as a null dereference later.

/**
 * The element with this id, checked to be a `kind` (HTMLInputElement, HTMLButtonElement, ...).
 * @template {Element} T
 * @param {string} id
 * @param {new (...args: any[]) => T} kind
 * @returns {T}
 */
export function byId(id, kind) {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) {
    throw new Error(`the page has no ${kind.name} #${id} (found ${found ? found.tagName.toLowerCase() : "nothing"})`);
  }
  return found;
}
