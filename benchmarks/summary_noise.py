"""Noise in the extractive summary (issue 21 §5): topics that are no content phrase, user facts about nothing.

    python benchmarks/summary_noise.py [--baseline SRC] [--locomo N] [--data PATH] [--quick]

Chats: the bundled demo support chat (``chatcompact demo``) replayed at budgets 2000 and 1200 (two ways of cutting
its spans), the four language dev chats (en, de, it, zh; ``chatcompact.evaluation.languages``) at budget 1200, and
with ``--data`` (default ``../shared/data``) the first ``--locomo`` LoCoMo dev conversations at budget 2000.
Extractive summarizer, compaction inline, no embedder. Every summary version is read, not only the last, since a
noisy item may be evicted later by the caps.

Figures per chat: the distinct topics seen and how many of them are noise; the distinct user facts seen and how
many are noise; the items listed as both added and dropped in one version's report (target 0 everywhere).

The judge is this file's, written apart from the summarizer's word lists (``data/lang/*.json``): a topic is noise
when one of its words is a function word, a common verb form, an adverb, a time word or an interjection of
``NOT_CONTENT``; a user fact is noise when it matches ``NOISE_FACT`` (a feeling, an
emoji, a thought, a tentative plan, an act on "it"/"the stuff", a choice about "her"/"it" now). Those lists were
written from the kinds the issue names and then completed with the items both the old and the new summarizer
produced on these chats, so they measure these chats, not language at large. ``--baseline SRC`` runs the same
script with ``PYTHONPATH=SRC`` (e.g. the main branch's ``src``) in a subprocess and prints both side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any


def _set(words: str) -> set[str]:
    return set(words.split())


NOT_CONTENT = {
    "en": _set(
        """
        a an the this that these those it its i you he she we they me my your our their here there then now
        last next first second other some any all each every many much more most few less same such own just
        only also very really quite too so still even again already always never often soon later today
        tomorrow yesterday tonight morning evening afternoon night week weekend month year time day days moment
        minute hour ago yet though however anyway actually maybe perhaps probably basically literally
        is are was were be been being am have has had do does did done get gets got make makes made go goes
        went come comes came take takes took give gives gave say says said tell told think thought know knew
        see saw look looks looked want wants wanted need needs needed feel feels felt seem seems try tries
        tried find found keep kept let put send sent check checked help call called start started work works
        worked happen happened search searched change changed use used wait waited sounds sound hope thanks
        thank please sorry okay yes yeah hey hello wow great good nice fine sure lovely awesome amazing cool
        bad big small little new old best better whole thing things stuff lot bit kind sort way idea
        """
    ),
    "de": _set(
        """
        der die das ein eine einen dem den des und oder aber auch noch schon nur sehr mal dann jetzt heute
        morgen gestern abend nachmittag vormittag woche wochenende monat jahr zeit tag moment uhr stunde
        ist sind war waren bin hat haben hatte wird werden kann können muss soll will möchte gibt geht kommt
        macht sagt danke bitte hallo okay genau super prima leider übrigens endlich zuerst sache ding idee
        frage antwort problem art weise teil mal spaß glück
        """
    ),
    "it": _set(
        """
        il lo la i gli le un una uno del della dei delle e o ma anche ancora già solo molto poi ora adesso
        oggi domani ieri sera mattina pomeriggio settimana mese anno tempo giorno momento ora ore
        è sono era hanno ha ho fa fare richiede vuole vorrei posso può deve viene va dice grazie prego ciao
        okay certo bene male proprio davvero sempre mai mano cosa cose idea domanda risposta problema modo
        parte vostre vostro vostra nostro nostra mio mia tuo tua suo sua
        """
    ),
    "zh": _set(
        """
        提供 下雨 营业 糟糕 感觉 开始 处理 收到 发送 告诉 看看 觉得 可能 已经 真的 谢谢 不错 麻烦 好像
        今天 明天 昨天 下午 上午 晚上 早上 周末 时候 一下 一点 这个 那个 什么 怎么 可以 没有 知道
        """
    ),
}
HAN_VERB_LED = re.compile(r"^[到去寄带帮找拿放给][\u4e00-\u9fff]{2,}$")  # "寄到上海", "放洗碗机": a verb phrase
NOISE_FACT = re.compile(
    r"(?i)[\U0001F300-\U0001FAFF\u2600-\u27BF]|\b(?:head is full|nervous|excited|stressed|tired|confused|"
    r"relieved|worried|thought|think|guess|might|maybe|found the \w+ stuff|fixed it|checked (?:it|\w+ times)|"
    r"would rather (?:write|send|call|do|ask) (?:to )?(?:her|him|it|them|this)|still (?:have|need) to)\b"
)
TARGET = "0 noisy topics, 0 noisy user facts, 0 items both added and dropped"


def noisy_topic(topic: str, code: str) -> bool:
    if re.search(r"[\u4e00-\u9fff]", topic):
        return topic in NOT_CONTENT["zh"] or bool(HAN_VERB_LED.match(topic))
    words = topic.lower().split()
    bad = NOT_CONTENT.get(code, set()) | NOT_CONTENT["en"]
    return any(w in bad for w in words)


def _chats(args: argparse.Namespace) -> list[tuple[str, str, int, list[dict[str, Any]]]]:
    import importlib.resources

    from chatcompact.transcripts import demo_transcript, locomo_transcript

    demo = _plain(demo_transcript().messages)
    out = [("demo@2000", "en", 2000, demo), ("demo@1200", "en", 1200, demo)]
    dev = json.loads((importlib.resources.files("chatcompact") / "data/languages_dev.json").read_text("utf-8"))
    for code, data in dev["languages"].items():
        out.append((f"lang-{code}", code, 1200, list(data["turns"])))
    path = Path(args.data) / "locomo_dev.json"
    if args.locomo and path.exists():
        for sample in json.loads(path.read_text("utf-8"))[: args.locomo]:
            msgs = _plain(locomo_transcript(sample).messages)
            out.append((f"locomo-{sample['sample_id']}", "en", 2000, msgs))
    return out


def _plain(messages: Any) -> list[dict[str, Any]]:
    return [m if isinstance(m, dict) else {"role": m.role, "content": m.content} for m in messages]


def measure_chat(code: str, budget: int, turns: list[dict[str, Any]]) -> dict[str, Any]:
    from chatcompact import Memory
    from chatcompact.config import Policy

    mem = Memory.open("memory://", policy=Policy(budget=budget), background=False, embedder=None)
    try:
        thread = mem.thread("noise", system="You are a helpful support assistant.")
        for turn in turns:
            thread.add(turn)
        topics: dict[str, None] = {}
        facts: dict[str, None] = {}
        both = 0
        for v in thread.compactions():
            topics.update((i.text, None) for i in v.state.topics)
            facts.update((i.text, None) for i in v.state.user_facts)
            both += len(set(v.report.added) & set(v.report.dropped))
        return {
            "topics": list(topics),
            "noisy_topics": [t for t in topics if noisy_topic(t, code)],
            "facts": list(facts),
            "noisy_facts": [f for f in facts if NOISE_FACT.search(f)],
            "added_and_dropped": both,
            "final_topics": [i.text for i in thread.summary().topics],
        }
    finally:
        mem.close()


def run(args: argparse.Namespace) -> dict[str, Any]:
    return {name: measure_chat(code, budget, turns) for name, code, budget, turns in _chats(args)}


def _baseline(args: argparse.Namespace) -> dict[str, Any] | None:
    if not args.baseline:
        return None
    cmd = [sys.executable, __file__, "--json", "--locomo", str(args.locomo), "--data", args.data]
    env = {**os.environ, "PYTHONPATH": args.baseline}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _cell(r: dict[str, Any]) -> str:
    t, f = r["topics"], r["facts"]
    nt, nf = len(r["noisy_topics"]), len(r["noisy_facts"])
    return f"topics {nt}/{len(t)} noisy, facts {nf}/{len(f)} noisy, both {r['added_and_dropped']}"


def report(now: dict[str, Any], before: dict[str, Any] | None) -> None:
    print(f"load average {os.getloadavg()[0]:.2f}; target: {TARGET}")
    totals = {"now": [0, 0, 0, 0, 0], "before": [0, 0, 0, 0, 0]}
    for name, r in now.items():
        print(f"{name:<18} now:    {_cell(r)}")
        side = [("now", r)]
        if before is not None and name in before:
            print(f"{'':<18} before: {_cell(before[name])}")
            side.append(("before", before[name]))
        for label, x in side:
            t = totals[label]
            for i, v in enumerate((len(x["noisy_topics"]), len(x["topics"]), len(x["noisy_facts"]), len(x["facts"]))):
                t[i] += v
            t[4] += x["added_and_dropped"]
        for label, x in side:
            if x["noisy_topics"] or x["noisy_facts"]:
                print(f"{'':<18}   {label} noise: {x['noisy_topics'][:8]} {[f[:60] for f in x['noisy_facts'][:4]]}")
        print(f"{'':<18}   final topics now: {r['final_topics']}")
    for label, (nt, t, nf, f, both) in totals.items():
        if t or f:
            pt, pf = 100 * nt / max(t, 1), 100 * nf / max(f, 1)
            share = f"noisy topics {nt}/{t} = {pt:.1f}%, noisy user facts {nf}/{f} = {pf:.1f}%"
            print(f"TOTAL {label:<7} {share}, both {both}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default="", help="a PYTHONPATH (src folder) to measure beside this one")
    parser.add_argument("--locomo", type=int, default=3, help="LoCoMo dev conversations to read (0: none)")
    parser.add_argument("--data", default=str(Path(__file__).resolve().parents[1].parent / "shared" / "data"))
    parser.add_argument("--quick", action="store_true", help="one LoCoMo conversation")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick:
        args.locomo = min(args.locomo, 1)
    now = run(args)
    if args.json:
        print(json.dumps(now))
        return
    report(now, _baseline(args))


if __name__ == "__main__":
    main()
