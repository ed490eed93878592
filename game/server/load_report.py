"""The load tool's figures and checks (``game.server.load``): what it prints, and whether it passed."""

from __future__ import annotations

import json
import time
from typing import Any

from game.server.load_checks import board_problems, replayed
from game.server.load_runs import Entry

REFUSED = (400, 403, 413, 415)


class Report:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.checks: list[tuple[bool, str]] = []
        self.runs: dict[str, Entry] = {}  # accepted run id -> what was sent
        self.refused: list[tuple[Entry, int]] = []
        self.t0 = time.time()  # the measured batch's submission began
        self.first_claim: float | None = None  # a verifier first claimed one of its jobs
        self._statuses: dict[str, str] = {}

    def check(self, ok: bool, text: str) -> None:
        self.checks.append((ok, text))
        print(f"  {'ok ' if ok else 'FAIL'} {text}", flush=True)

    def submitted(self, answered: list[tuple[Entry, int, Any]], seconds: float | None) -> None:
        accepted = 0
        for entry, status, answer in answered:
            if status == 202 and isinstance(answer, dict) and isinstance(answer.get("id"), str):
                self.runs[answer["id"]] = entry
                accepted += 1
            elif status in REFUSED and entry.kind != "genuine":
                self.refused.append((entry, status))
            else:
                self.check(False, f"{entry.kind} {entry.label!r} was answered {status}: {str(answer)[:200]}")
        genuine = [entry for entry, _, _ in answered if entry.kind == "genuine"]
        if seconds is not None:
            print(f"load: submitted {len(answered)} ({len(genuine)} genuine) from threads in {seconds:.2f} s: "
                  f"{accepted / seconds:.1f} accepted a second", flush=True)

    def accepted_ids(self) -> set[str]:
        return set(self.runs)

    def measured(self, found: dict[str, tuple[str, str | None, float | None]], readers: Any, url: str) -> None:
        settled = [(status, reason, when) for status, reason, when in found.values()
                   if status != "pending" and when is not None]
        verified = [row for row in settled if row[0] == "verified"]
        if settled:
            last = max(when for _, _, when in settled)
            span = max(last - self.t0, 1e-6)
            print(f"load: {len(verified)} verified and {len(settled) - len(verified)} rejected by {self.workers} "
                  f"worker(s) in {span:.1f} s from the start of submission: {len(verified) / span / self.workers:.2f} "
                  f"verified a second per worker ({len(settled) / span / self.workers:.2f} judged)", flush=True)
            if self.first_claim is not None:
                busy = max(last - self.first_claim, 1e-6)
                print(f"load: from the first claim ({self.first_claim - self.t0:.2f} s in), the verifiers' "
                      f"{busy:.1f} s: {len(verified) / busy / self.workers:.2f} verified a second per worker "
                      f"({len(settled) / busy / self.workers:.2f} judged; all {self.workers}: "
                      f"{len(verified) / busy:.2f} verified a second)", flush=True)
            else:
                print("load: the verifiers' first claim was not seen: no figure from it", flush=True)
        times = readers.times
        print(f"load: {len(times)} board reads under load (JSON and page): p50 {1000 * percentile(times, 0.5):.1f} ms, "
              f"p95 {1000 * percentile(times, 0.95):.1f} ms", flush=True)
        self.check(not readers.failures, f"every board read answered 200 ({len(readers.failures)} did not)")

    def faults(self, engine: Any, found: dict[str, tuple[str, str | None, float | None]],
               held: tuple[str, int] | None, pending: int) -> None:
        import sqlalchemy as sa

        from game.server.db import runs

        lost = [run for run in self.runs if run not in found]
        pending_now = [run for run in self.runs if run in found and found[run][0] == "pending"]
        self.check(not lost and not pending_now, f"nothing lost: all {len(self.runs)} accepted runs are in the "
                   f"database and settled ({len(lost)} missing, {len(pending_now)} still pending)")
        unexplained = [run for run in self.runs if found.get(run, ("", "x", 0))[0] == "rejected" and
                       not found[run][1]]
        self.check(not unexplained, f"every rejected run has a reason ({len(unexplained)} have none)")
        self.check(pending > 0, f"the server was restarted with {pending} job(s) queued")
        if held is None:
            self.check(False, "a verifier was caught mid-replay and killed")
            return
        with engine.connect() as connection:
            row = connection.execute(sa.select(runs.c.status, runs.c.attempts, runs.c.verifier)
                                     .where(runs.c.id == held[0])).one()
        other = row.verifier is not None and f":{held[1]}:" not in row.verifier
        self.check(row.status != "pending" and row.attempts >= 2 and other,
                   f"the job of the verifier killed mid-replay (pid {held[1]}) was finished by another after "
                   f"its lease ({row.status}, claimed {row.attempts} times, by {row.verifier})")

    def board(self, answer: Any) -> None:
        found_rows = answer.get("runs", []) if isinstance(answer, dict) else []
        verified: dict[str, tuple[str, dict[str, Any]]] = {}
        statuses = self._statuses
        for run, entry in self.runs.items():
            if statuses.get(run) == "verified":
                sent = json.loads(entry.body)
                result = replayed(sent["recording"])
                if result is None:
                    self.check(False, f"{entry.label}: verified, but a fresh replay does not end it")
                    continue
                verified[run] = (sent["name"], result)
        problems = board_problems(found_rows, verified)
        self.check(bool(verified) and not problems, f"the board's {len(found_rows)} rows equal fresh replays of the "
                   f"{len(verified)} verified runs" + (": " + "; ".join(problems[:5]) if problems else ""))

    def hostile_rejected(self, found: dict[str, tuple[str, str | None, float | None]]) -> None:
        self._statuses = {run: row[0] for run, row in found.items()}
        bad = [entry for run, entry in self.runs.items() if entry.kind != "genuine" and found.get(run, ("",))[0]
               != "rejected"]
        hostile = [entry for entry in self.runs.values() if entry.kind != "genuine"]
        for entry, status in self.refused:
            print(f"load:   {entry.kind} {entry.label}: refused, HTTP {status}")
        for run, entry in self.runs.items():
            if entry.kind != "genuine":
                print(f"load:   {entry.kind} {entry.label}: {found.get(run, ('?', None))[0]}: "
                      f"{(found.get(run, ('?', None))[1] or '')[:90]}")
        self.check(not bad, f"every damaged, forged or oversized submission was refused ({len(self.refused)}) or "
                   f"rejected ({len(hostile) - len(bad)}); accepted as verified or left pending: "
                   f"{[entry.label for entry in bad]}")
        genuine = [run for run, entry in self.runs.items() if entry.kind == "genuine"]
        verified = [run for run in genuine if found.get(run, ("",))[0] == "verified"]
        print(f"load: {len(verified)} of {len(genuine)} genuine runs verified (the others: "
              f"{sorted({found[run][1] or '' for run in genuine if run not in verified and run in found})})")

    def finish(self) -> int:
        failed = [text for ok, text in self.checks if not ok]
        print(f"load: {len(self.checks) - len(failed)} checks passed, {len(failed)} failed", flush=True)
        return 1 if failed else 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")
