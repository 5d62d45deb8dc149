"""The Content-Security-Policy of every page, defined once.

Each HTML page in web/ carries it in a ``<meta http-equiv>`` (the site is static: that is what any host
delivers); the site assembly checks the meta tags say exactly this (:func:`tools.site.check_csp_meta`), and
the development server also sends it as a header, with ``frame-ancestors`` (which a ``<meta>`` policy cannot
carry).
"""

from __future__ import annotations

CSP_DIRECTIVES = (
    "default-src 'none'",  # nothing that is not allowed below: no fonts, media, objects, frames, prefetch
    # our ES modules and Pyodide's; 'wasm-unsafe-eval' lets Pyodide compile WebAssembly (not eval, not
    # new Function); no inline script, no event-handler attribute, no javascript: URL
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",  # the engine's module worker and the service worker, from this site only
    "connect-src 'self'",  # fetch(): build-info.json, Pyodide's files, the wheel; never another origin
    "img-src 'self'",  # tile images and icons
    "font-src 'self'",  # the CJK font subsets (fonts/, see tools/fonts.py)
    "style-src 'self'",  # css/style.css; no inline <style> and no style="" attributes
    "manifest-src 'self'",  # manifest.webmanifest
    "base-uri 'none'",  # no <base> element can re-point the relative URLs
    "form-action 'none'",  # the hand form is read by script and never submitted anywhere
    "object-src 'none'",  # no plugins (already denied by default-src; stated for older checkers)
    # DOM sinks (innerHTML, script URLs) take no plain strings; the only Trusted Types policies are the two
    # that make the engine worker's URL (paili.mjs) and the service worker's (js/offline.js)
    "require-trusted-types-for 'script'",
    "trusted-types paili-engine paili-offline",
)
CSP = "; ".join(CSP_DIRECTIVES)
# Who may frame a page (header only): the compact embed view anyone, the other pages only this site.
FRAME_ANCESTORS = {"embed.html": "frame-ancestors *"}
FRAME_ANCESTORS_DEFAULT = "frame-ancestors 'self'"


def frame_ancestors(page: str) -> str:
    """The frame-ancestors directive for a page (its file name; "" is the folder's index.html)."""
    return FRAME_ANCESTORS.get(page or "index.html", FRAME_ANCESTORS_DEFAULT)
