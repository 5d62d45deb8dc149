// Roving tabindex (WAI-ARIA): a group of buttons is one Tab stop. The arrow keys move the focus inside it (Left
// and Right along a row, Up and Down to the same column of the row above or below, Home and End); Enter and
// Space press the focused button, as for any button. Disabled buttons are skipped. The group's rows are the
// parents of its items (the palette's rows); a group whose items share one parent is a single row, where Up and
// Down move as Left and Right do.

/**
 * Where an arrow key moves in a grid of items (true: can take the focus), or null when nowhere.
 * @param {boolean[][]} rows  the items by row, each true when it can take the focus
 * @param {[number, number]} at  [row, column] of the focused item
 * @param {string} key  "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home" or "End"
 * @returns {[number, number] | null}
 */
export function moveIn(rows, at, key) {
  const flat = rows.flatMap((row, r) => row.map((ok, c) => ({ ok, r, c })));
  const index = flat.findIndex(({ r, c }) => r === at[0] && c === at[1]);
  const usable = (/** @type {{ok: boolean}} */ item) => item.ok;
  const single = rows.length === 1;
  /** @param {number} step */
  const along = (step) => {
    for (let i = index + step; i >= 0 && i < flat.length; i += step) if (flat[i].ok) return flat[i];
    return undefined;
  };
  let found;
  if (key === "Home") found = flat.find(usable);
  else if (key === "End") found = flat.findLast(usable);
  else if (key === "ArrowLeft" || (single && key === "ArrowUp")) found = along(-1);
  else if (key === "ArrowRight" || (single && key === "ArrowDown")) found = along(1);
  else if (key === "ArrowUp" || key === "ArrowDown") {
    const step = key === "ArrowUp" ? -1 : 1;
    for (let r = at[0] + step; r >= 0 && r < rows.length && !found; r += step) {
      // the nearest usable item of that row to the column
      const candidates = rows[r].map((ok, c) => ({ ok, r, c })).filter(usable);
      candidates.sort((a, b) => Math.abs(a.c - at[1]) - Math.abs(b.c - at[1]) || a.c - b.c);
      found = candidates[0];
    }
  }
  return found ? [found.r, found.c] : null;
}

/**
 * @typedef {object} Roving
 * @property {(options?: {focus?: boolean}) => void} refresh  after the items changed (drawn again, enabled or
 *   disabled): one of them takes the Tab stop (the one that had it, else the one at its place, else the
 *   first usable); `focus` moves the focus there too
 * @property {() => boolean} hasFocus  whether the focus is in the group
 */

/**
 * Make the buttons matching `selector` in `container` one Tab stop with arrow-key moves.
 * @param {HTMLElement} container
 * @param {string} selector  the items (buttons)
 * @param {{oneRow?: boolean}} [options]  `oneRow`: the items are one row whatever their parents (a table's
 *   header buttons, each in its own cell)
 * @returns {Roving}
 */
export function roving(container, selector, { oneRow = false } = {}) {
  let place = 0; // the index of the item that has the Tab stop, kept across redraws
  /** @type {HTMLButtonElement | null} */
  let stop = null;

  const items = () =>
    /** @type {HTMLButtonElement[]} */ ([...container.querySelectorAll(selector)].filter((e) => e instanceof HTMLButtonElement));

  /** @param {HTMLButtonElement[]} list */
  const grid = (list) => {
    if (oneRow) return [list];
    /** @type {Map<Element | null, HTMLButtonElement[]>} */
    const byParent = new Map();
    for (const item of list) byParent.set(item.parentElement, [...(byParent.get(item.parentElement) ?? []), item]);
    return [...byParent.values()];
  };

  /** @param {HTMLButtonElement} item */
  const give = (item) => {
    for (const other of items()) other.tabIndex = other === item ? 0 : -1;
    stop = item;
    place = items().indexOf(item);
  };

  /** @param {{focus?: boolean}} [options] */
  const refresh = ({ focus = false } = {}) => {
    const list = items();
    const usable = list.filter((item) => !item.disabled);
    const keep = stop && list.includes(stop) && !stop.disabled ? stop : null;
    // else the usable item nearest the old place
    const near = [...usable].sort((a, b) => Math.abs(list.indexOf(a) - place) - Math.abs(list.indexOf(b) - place))[0];
    const chosen = keep ?? near ?? null;
    if (!chosen) {
      for (const item of list) item.tabIndex = -1;
      stop = null;
      return;
    }
    give(chosen);
    if (focus) chosen.focus();
  };

  container.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLButtonElement) || !target.matches(selector)) return;
    const rows = grid(items());
    const r = rows.findIndex((row) => row.includes(target));
    const at = /** @type {[number, number]} */ ([r, rows[r].indexOf(target)]);
    const to = moveIn(rows.map((row) => row.map((item) => !item.disabled)), at, event.key);
    if (!to) {
      if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) event.preventDefault();
      return;
    }
    event.preventDefault();
    const next = rows[to[0]][to[1]];
    give(next);
    next.focus();
  });
  container.addEventListener("focusin", (event) => {
    const target = event.target;
    if (target instanceof HTMLButtonElement && target.matches(selector)) give(target);
  });
  return { refresh, hasFocus: () => container.contains(document.activeElement) };
}
