"""The browser tests' guard on a context: every request recorded (any whose host is not this machine among the
problems), page errors, console errors and failed local requests collected. tests/browser/conftest.py puts it on
every test's ``context``; a module that makes a context of its own calls :func:`watch` on it.

The requests themselves are stopped by the browser: tests/browser/conftest.py launches Chromium with
:data:`support.BLOCK_OTHER_HOSTS` (every host but this machine fails to resolve). That costs nothing a request;
routing every request through this process instead made each page load about 5% slower."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, WebError

LOCAL_HOSTS = {"127.0.0.1"}


@dataclass
class BrowserProblems:
    """What went wrong in the browser during one test."""

    blocked: list[str] = field(default_factory=list)  # requests that would have left the machine
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    failed_local: list[str] = field(default_factory=list)  # local requests answered 4xx/5xx
    requested: list[str] = field(default_factory=list)  # every URL requested (pages and workers), in order

    def clear(self) -> None:
        for items in (self.blocked, self.page_errors, self.console_errors, self.failed_local, self.requested):
            items.clear()

    def report(self) -> str:
        lines: list[str] = []
        for title, items in (
            ("requests to other hosts (refused by the browser)", self.blocked),
            ("page errors", self.page_errors),
            ("console errors", self.console_errors),
            ("local requests that failed", self.failed_local),
        ):
            if items:
                lines.append(f"{title}:")
                lines.extend(f"  {item}" for item in dict.fromkeys(items))  # each once, in order
        return "\n".join(lines)


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname in LOCAL_HOSTS


def watch(context: BrowserContext, problems: BrowserProblems) -> Callable[[], None]:
    """Record into ``problems`` what goes wrong in ``context``; returns the function that stops recording."""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            location = message.location
            where = f" ({location.get('url')}:{location.get('lineNumber')})" if location else ""
            problems.console_errors.append(message.text + where)

    def on_web_error(error: WebError) -> None:
        problems.page_errors.append(str(error.error))

    def on_response(response: Any) -> None:
        if is_local(response.url) and response.status >= 400:
            problems.failed_local.append(f"{response.status} {response.url}")

    def on_request(req: Any) -> None:
        # Every request, in order; one for another host is a problem (the browser has refused it already).
        problems.requested.append(req.url)
        if not is_local(req.url):
            problems.blocked.append(f"{req.method} {req.url}")

    handlers: dict[str, Callable[..., None]] = {
        "console": on_console, "weberror": on_web_error, "response": on_response, "request": on_request,
    }
    for event, handler in handlers.items():
        context.on(event, handler)

    def unwatch() -> None:
        for event, handler in handlers.items():
            try:
                context.remove_listener(event, handler)
            except Error:
                pass  # the context is already closed

    return unwatch


def fail_if_misbehaved(report: str, during: str) -> None:
    """Fail the test with the browser's problems (``BrowserProblems.report()``), if there were any."""
    if report:
        pytest.fail(f"the browser misbehaved {during}:\n{report}", pytrace=False)
