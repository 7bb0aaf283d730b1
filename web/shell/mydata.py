"""The home's "Your data" block: every saved game, finished game and preference of this browser
exported to one file, imported back (merged, reported, or refused whole) and deleted after a
question (alldata.py does the work; this module words it and keeps the page in step).

`MyData` is handed what it works with (the store, the finished games, the games of the home, the
game on screen's autosave, a download, the re-reading of the lists on screen, the page's words
spoken anew, the page made afresh) and the page it shows itself on (`page_protocol.Page`: the overlay,
the form, the options, one render); the browser comes in as `window` (no browser import here). The saved games' engine checks and
the export's steps give the browser a turn between games, so no task runs long.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, Callable, Optional, Sequence

from . import alldata, games, records, screens
from .dom import absent
from .i18n import Html, languages, page_words, t
from .page_protocol import Page
from .refusals import refusal_text
from .saves import new_id, now_iso

CHECKS_PER_TURN = 1       # saved games replayed between two turns of the browser (a long one: 100 ms)


def data_block_html() -> str:
    """The home's block: what is kept here, and its three buttons."""
    return (f'<section class="home-block data-block"><h2>{t("shell.data.title")}</h2>'
            f'<p class="muted">{t("shell.data.about")}</p><div class="buttons data-buttons">'
            f'<button type="button" data-act="data-export">{t("shell.data.export")}</button>'
            f'<label class="file-button"><span>{t("shell.data.import")}</span>'
            '<input type="file" id="import-data" accept=".json,application/json"></label>'
            f'<button type="button" data-act="data-delete">{t("shell.data.delete")}</button>'
            '</div></section>')


def refusal_html(exc: alldata.DataError) -> str:
    """The dialog of a refused import: why (in the page's words), that nothing changed, and a
    detail when there is one in words: the refusal of the entry that stopped it (a save's own
    reason), else the check's detail only if it is a name, not English (an error's kind)."""
    reason = t(exc.msg_id, exc.params) if exc.msg_id.startswith("shell.data.error.") else \
        t("shell.data.error.unknown")
    text = t("shell.data.refused", {"reason": Html(reason)})
    said = refusal_detail(exc)
    detail = (f'<p class="detail"><small>{t("shell.data.refused_detail", {"detail": said})}'
              "</small></p>" if said else "")
    return (f'<div class="dialog error data-refused" role="alertdialog" aria-modal="true" '
            f'aria-labelledby="dialog-title"><h2 id="dialog-title">{t("shell.data.import_refused_title")}</h2>'
            f'<p>{text}</p>{detail}<div class="buttons"><button type="button" class="primary" '
            f'data-act="close">{t("shell.toast.ok")}</button></div></div>')


def refusal_detail(exc: alldata.DataError) -> Any:
    """The refused import's detail as the page may show it: the worded refusal that raised it
    (a saved game's: tabletop.errors.Worded), or the detail itself when it is a bare name
    (shown as text), else None: a check's English sentence never reaches the page."""
    cause = exc.__cause__ or exc.__context__
    if getattr(cause, "msg_id", None):
        return refusal_text(cause)
    return exc.detail if _NAME.fullmatch(exc.detail or "") else None


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]{0,60}")


def report_lines(plan: alldata.Plan, dropped: int) -> list[str]:
    """What an import did, a sentence each (the counts that are not 0, and the added ones)."""
    lines = [t("shell.data.report.saves_added", {"n": plan.saves_added})]
    for key, n in (("saves_known", plan.saves_known), ("saves_copied", plan.saves_copied)):
        if n:
            lines.append(t(f"shell.data.report.{key}", {"n": n}))
    lines.append(t("shell.data.report.results_added", {"n": plan.results_added}))
    for key, n in (("results_known", plan.results_known), ("results_differ", plan.results_differ)):
        if n:
            lines.append(t(f"shell.data.report.{key}", {"n": n}))
    if dropped:
        lines.append(t("shell.data.report.dropped", {"n": dropped, "max": records.MAX_RESULTS}))
    if plan.settings_taken:
        lines.append(t("shell.data.report.settings_taken"))
    elif plan.settings_kept:
        lines.append(t("shell.data.report.settings_kept"))
    return lines


def report_html(plan: alldata.Plan, dropped: int) -> str:
    items = "".join(f"<li>{line}</li>" for line in report_lines(plan, dropped))
    conflicts = " has-conflicts" if plan.saves_copied or plan.results_differ else ""
    return (f'<div class="dialog data-report{conflicts}" role="dialog" aria-modal="true" '
            f'aria-labelledby="dialog-title" data-saves-added="{plan.saves_added}" '
            f'data-results-added="{plan.results_added}"><h2 id="dialog-title">{t("shell.data.imported_title")}</h2>'
            f'<ul class="report">{items}</ul><div class="buttons"><button type="button" class="primary" '
            f'data-act="close">{t("shell.toast.ok")}</button></div></div>')


class MyData:
    def __init__(self, page: Page, window: Any, *, store: Any, results: records.Results,
                 infos: Sequence[Any], autosave: Callable[[], None],
                 download: Callable[..., None], reread: Callable[[], bool],
                 speak: Callable[[str], None], afresh: Callable[..., None]) -> None:
        self.page = page
        self.window = window
        self.store = store                # storage.Store: the saved games and the settings
        self.results = results            # the finished games
        self.infos = list(infos)          # the games of the home (the form's)
        self.autosave = autosave          # the game on screen saved (Saves.autosave)
        self.download = download          # download(file name, text, toast=) (Saves.download)
        self.reread = reread              # the lists on screen read again (Saves.reread)
        self.speak = speak                # the page's words in a language (App.speak)
        self.afresh = afresh              # the page as a first visit finds it (App.afresh)
        self.busy = False             # an export or import under way: another waits for it

    # --- export ---------------------------------------------------------------------------
    async def export(self) -> None:
        page = self.page
        if self.busy:
            return
        self.busy = True
        try:
            page.overlay = None
            if page.table is not None and page.screen == "game":
                self.autosave()            # the game on screen as it stands
            stamp = now_iso()
            done: Optional[alldata.Export] = None
            for k, step in enumerate(alldata.export_steps(self.store, self.results, exported=stamp)):
                if step is not None:
                    done = step
                elif k % CHECKS_PER_TURN == CHECKS_PER_TURN - 1:
                    await asyncio.sleep(0)
            assert done is not None
            await asyncio.sleep(0)
            text = done.text()
            await asyncio.sleep(0)          # the download in a task of its own
            name = alldata.file_name(stamp)
            params = {"file": name, "saves": done.saves, "results": done.results,
                      "left": done.saves_left_out + done.results_left_out}
            toast = t("shell.data.exported_left_out" if params["left"] else "shell.data.exported",
                      params)
            self.download(name, text, toast=toast)
        finally:
            self.busy = False

    # --- import ---------------------------------------------------------------------------
    async def import_file(self, input_el: Any) -> None:
        files = input_el.files
        if absent(files) or files.length == 0 or self.busy:
            return
        file = files.item(0)
        self.busy = True
        try:
            if file.size > alldata.MAX_FILE_CHARS:      # never read whole into memory
                raise alldata.DataError("shell.data.error.too_large",
                                        {"mb": alldata.MAX_FILE_CHARS // 1_000_000})
            text = await file.text()
            backup = None
            for step in alldata.parse_steps(text):
                backup = step
                await asyncio.sleep(0)
            assert backup is not None
            for k, record in enumerate(backup.saves):
                alldata.check_entry(record, k)
                if k % CHECKS_PER_TURN == CHECKS_PER_TURN - 1:
                    await asyncio.sleep(0)
            plan = alldata.plan(backup, self.store, self.results, new_id, tuple(languages()))
            dropped = alldata.apply(plan, self.store, self.results)
        except alldata.DataError as exc:
            self.show(refusal_html(exc))
            return
        except Exception as exc:          # a bug or the browser: refused, said as it is
            self.show(refusal_html(alldata.DataError("shell.data.error.unknown",
                                                     detail=type(exc).__name__)))
            return
        finally:
            input_el.value = ""
            self.busy = False
        await asyncio.sleep(0)          # the screen drawn anew in a task of its own
        self.took_settings(plan)
        self.show(report_html(plan, dropped))

    def took_settings(self, plan: alldata.Plan) -> None:
        """The settings the import took from the file, in use at once (a language, the page
        spoken in it)."""
        page = self.page
        if not plan.settings_taken and not plan.writes:
            return
        page.prefs = self.store.prefs()
        page.form = games.restore_form(self.store.form(), self.infos)
        if plan.language and plan.language != page_words().lang:
            self.speak(plan.language)

    def show(self, dialog: str) -> None:
        """A dialog over the screen as it now is (the home's saved games, the statistics)."""
        page = self.page
        page.drop_info()                # a passing message of before (exported, deleted) is old
        self.reread()
        page.overlay = ("dialog", dialog)
        page.render()

    # --- delete ---------------------------------------------------------------------------
    def ask_delete(self, _value: str = "") -> None:
        kept = alldata.counts(self.store, self.results)
        text = t("shell.data.delete_text", kept)
        self.page.overlay_to(("dialog", screens.dialog_html(
            t("shell.data.delete_title"), text,
            [(t("shell.data.export_first"), "data-export", ""),
             (t("shell.data.delete_yes"), "data-delete-yes", ""),
             (t("shell.delete.keep"), "close", "")], cls="data-delete")))

    def delete_all(self, _value: str = "") -> None:
        """Every key of the page removed; the page as a first visit finds it (a fresh home in
        the language the browser asks for)."""
        self.page.overlay = None
        alldata.delete_everything(self.store.backend)
        self.afresh(("info", t("shell.data.deleted")))

