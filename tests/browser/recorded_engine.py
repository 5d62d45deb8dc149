"""The recorded engine of the browser tests: the page's worker answered by ``paili.api`` in this process.

``use_recorded_engine(context)`` serves recorded_worker.js in place of the site's js/worker.js and answers each
request that worker posts to ``__engine__`` as :mod:`paili.api` answers it in steps (``begin``, then ``step``
to the end), computed in CPython when the page asks: the parts of the answer readied before the whole (a
review's rounds) and then the envelope, ``{"parts": [...], "answer": envelope}``; the worker posts the parts as
the real one does, then the answer. The page then renders the engine's real answers (the same functions the
Pyodide worker calls), without starting Python in the browser. Each distinct request is computed once per test
process (the answer is a pure function of the request; the page's random draws are its own): a module's tests
ask the same few hands' advice again and again, seconds each in CPython. test_smoke checks that the real worker
answers each op as CPython does.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from playwright.sync_api import BrowserContext, Route

from paili import api

RECORDED_WORKER = Path(__file__).with_name("recorded_worker.js")


@functools.lru_cache(maxsize=512)
def answer_of(request: str) -> str:
    """The parts and the envelope of ``request`` answered in steps (the envelope is ``api.handle(request)``'s),
    remembered."""
    job = api.begin(request, 1.0)
    parts = []
    while True:
        envelope = api.step(job)
        if envelope is None:
            continue
        answer = json.loads(envelope)
        if "progress" not in answer:
            return json.dumps({"parts": parts, "answer": answer})
        parts.append(answer["progress"])


def use_recorded_engine(context: BrowserContext) -> None:
    """Route ``context``'s engine worker to the recorded one (Playwright asks the routes added last first: a
    test's own catch-all route goes before this call)."""
    script = RECORDED_WORKER.read_text(encoding="utf-8")

    def worker(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body=script)

    def answer(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=answer_of(route.request.post_data or ""))

    context.route("**/js/worker.js", worker)
    context.route("**/__engine__", answer)
