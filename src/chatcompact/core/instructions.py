"""Standing instructions and preferences: what the user sets for the rest of the conversation. Pure.

"Always answer in German", "never use tabs", "from now on cite the file", "do not modify tests" are instructions;
"I'd rather keep answers short", "please use metric units", "I prefer pandas over polars for this", "metric please",
"keep it brief", "I can't use Docker at work", and the rule that follows from the user's situation
("I'm colorblind, so don't rely on red and green", "我吃素，所以菜谱里不要放肉") are preferences and constraints.
Both must hold in every context, long after the turn that said them was folded. :func:`detect` finds them in user
messages with per-language cue phrases (``data/lang/instructions.json``: en, de, it, zh); :func:`merge` adds them
to the state's ``instructions`` section (``subject`` "instruction" or "preference"), where no cap evicts them and
only a later statement on the same subject supersedes an earlier one ("actually, polars is fine now"; its sources
keep the earlier ids: provenance). Capture runs at every compaction (``core.worklog.carry``) and assembly also
scans the unsummarised tail, so it does not depend on which summarizer runs. An LLM summarizer may also point at
sentences the cues miss ("Timestamps in UTC make my life easier"; ``SummaryDelta.standing``): they count only when they
are whole sentences of the user's own words that :func:`pointable` accepts (``core.validate.screen_standing``).
And a learned reader (:mod:`chatcompact.core.reader`, bundled weights) proposes the sentences no rule reads in
wording the rules were not drawn from, behind the same guards (:func:`open_to_reader`).

Precision matters as much as recall. Only the user's own words to the assistant count
(:func:`~chatcompact.core.own_words.own_words`: never quoted, pasted or tool text; only user messages are
read, so an assistant's "I'd suggest pandas" is nothing), and of those not: a question ("do you prefer
pandas?", but "could you always ...?" is a request), a hypothetical ("what if I preferred polars?"), reported
speech ("my boss said to always ..."), a request for this turn only ("make this one shorter", "for this answer
use a table"), advice and exclamations ("don't worry", "always good to hear!"), a plan of the user's own ("I'll
visit more in the future"). A quoted rule lost is a rule the user can state again; a quoted rule obeyed is an
injection.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..types import Message, SummaryItem
from . import lang, reader
from .own_words import (
    PARAGRAPH_END,
    SENTENCE,
    blanked,
    cues,
    doubtful_words,
    found,
    glued_questions,
    has,
    may_hold,
    starts,
    straight,
    unwrapped,
    word_list,
)
from .own_words import own_words as own_words
from .pause import point

__all__ = [
    "INSTRUCTION",
    "MAX_INSTRUCTIONS",
    "PREFERENCE",
    "Reading",
    "about_one_thing",
    "capture",
    "classify",
    "cues",
    "detect",
    "is_instruction",
    "merge",
    "own_sentences",
    "own_words",
    "pointable",
    "read",
    "same_subject",
]

INSTRUCTION, PREFERENCE = "instruction", "preference"  # the items' ``subject``
MAX_INSTRUCTIONS = 100  # a safety bound against a flood; far above what people set (oldest beyond it go)
MAX_CHARS = 300
REASON_CHARS = 200  # the longest reason kept with a rule
REMARK_WORDS = 16  # a closing remark after a rule, at most this many words ("The docs are for a UK client.")
READ_CHARS = 20_000  # of a message: a paste is not a rule book
OBJECT_WORDS = 3  # a preference about "it", "her", "this" within its first words is about one thing
TOPIC_CHARS = 6  # "价格请用人民币": the topic before a please word, at most this many characters
MAX_FRAGMENT_WORDS = 4  # "metric units, please": a fragment this short, no verb, is a preference
MAX_LED_WORDS = 16  # after the user's setting and "so", a negative clause this long still sets a rule
FIRST_PERSON_CHARS = 30  # "..., they break our hooks": the speaker's reason names the speaker this soon
TOPIC_WORDS = 5  # "For anything touching the database, ...": a leading topic of at most this many words
MAX_VERBLESS_WORDS = 10  # "Times in UTC in all examples": a verbless norm's first clause, at most this many words
DISPENSE_CHARS = 5  # "不用每次都解释": after a Han 'dispense' phrase, the output verb within this many characters
_PUNCT = " ,;:-—–、，.!?。！？…"
_MD_LEAD = re.compile(r"^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+|#{1,6}\s+)+")
_MD_EMPHASIS = re.compile(r"\*\*|__")
# What any rule or preference holds: a phrase of these anywhere, or of these at a sentence's (or clause's) start.
# The quick test's kinds, one look-up for all: a cue anywhere, or one at the start of a line or clause.
_ANYWHERE = (
    *("anywhere", "temporal", "prefer", "prefer_word", "please", "noted"),
    *("excess", "annoyance", "overdo", "your_habit", "ruled_out", "useless", "when", "pinned"),  # complaints, ...
)
_AT_START = (
    *("start", "style_start", "style_general", "output", "directive_to_me", "assume", "cease", "lead_with"),
    *("answer_with", "self_condition", "uses"),
)
# A liking or a habit counts only of the assistant's output: one of the first with one of the second ("I love
# hiking", "call me when you land" are in many chat messages, the output words in few of them).
_ABOUT = ("like", "when_you")
# What a command opens with: a directive verb, one addressed to the speaker, a style cue.
_COMMANDS = ("directive", "directive_to_me", "style_start", "style_general")
_CUE_KINDS = (
    "start",
    "anywhere",
    "temporal",
    "override",
    "prefer",
    "prefer_word",
    "style_start",
    "style_general",
    "please",
)


# ---------------------------------------------------------------- what a sentence sets


# Han words that hold 请 but are no please word: 请求 (a request), 请问 (may I ask), 请假, 请教, 申请, 邀请.
_HAN_NOT_PLEASE = re.compile(r"请[求问假教客]|[申邀]请")


def classify(sentence: str) -> str | None:
    """:data:`INSTRUCTION`, :data:`PREFERENCE` or None for one sentence of the user's own words (its wording
    only: :func:`own_sentences` decides whether it is the user's own, and drops questions and reported speech).
    An aside in parentheses is read past when the sentence sets nothing with it ("Write math in LaTeX ($...$ and
    $$...$$) please")."""
    kind = _classify(sentence)
    if kind is None and "(" in sentence and (bare := _ASIDE.sub("", sentence)) != sentence and len(bare.split()) > 2:
        kind = _classify(bare)
    return kind


_HAN_DONE = re.compile(r"(?<![不得行好算对罢])了(?=[\u4e00-\u9fff])")  # "续了证书"; not "就行了", "用不了"
_ASIDE = re.compile(r"\s*[(（][^()（）]{1,120}[)）](?=\W*\w)")  # with words after it: not a closing remark


def _classify(sentence: str) -> str | None:
    s = _softened(_MD_EMPHASIS.sub("", _MD_LEAD.sub("", sentence)).strip())
    s = _HAN_NOT_PLEASE.sub(lambda m: " " * len(m.group()), s) if "请" in s else s  # "请求": a request, a noun
    s = _KIND_OF.sub(lambda m: " " * len(m.group()), s)  # "comparisons like this": of a kind, not this one
    s = _OTHER_WAY.sub("", s)  # "..., not the other way round": the order again, no other thing
    s = _untopiced(s)  # "For SQL, assume Postgres 14": the rule after its topic
    if starts("condition", s) and not _habit(_without_request(s)):
        main = _consequent(s)  # "If we use FileInput, we can't clear": only the main clause may set a rule
        condition = s[: len(s) - len(main)] if main else ""
        if main and (_scoped(condition) or has("doubt", condition)) and _directive_start(_without_request(main)):
            return INSTRUCTION  # "If your answers run past a page, just give me the full file", "If something's
            # ambiguous, ask me first": a habit
        s = main
    if len(s) < 4:
        return None
    kind = _by_cues(s)
    if kind is None and ((has("pinned", s) and _pinned(s)) or _uses_not(s)):
        return PREFERENCE  # "We're on React 17, we can't upgrade yet": a platform for now is one for this conversation
    if kind is not None or (_one_off(s) and not (has("standing", s) or has("temporal", s))):
        return kind  # "I'm free tomorrow, so give me a call": a request for then, whatever its clauses
    # a terse pick or a convention of the speaker's team: of a whole sentence, never a clause after a situation
    if _accommodation(s) or _terse(s) or _convention(s) or _complaint(s) or _banned(s) or _led(s) or _ordered(s):
        return PREFERENCE
    if _your_output_must(s):
        return INSTRUCTION
    if starts("self_condition", s) and not s.rstrip().endswith("!"):
        return PREFERENCE  # "I'm vegetarian but I eat eggs and dairy.": it holds for every answer
    if _when_habit(s):
        return INSTRUCTION
    if lang.detect(s) == "it" and _clitic_command(s):
        return PREFERENCE
    return INSTRUCTION if _han_habit(s) else None


# "for comparisons like this", "bei Fragen wie dieser", "per domande come questa": a kind of thing, not one of it
_KIND_OF = re.compile(
    r"(?<=\w)\s+(?:like|such as|wie|come)\s+(?:this|these|that|those|diese[rsnm]?|dieses|questa|questo|queste|questi)"
    r"(?:\s+ones?)?(?!\w)",
    re.I,
)
_OTHER_WAY = re.compile(r"[,;]?\s*(?:and\s+|but\s+)?not\s+the\s+other\s+way\s+a?round\b", re.I)
_HAN_PAST = ("过", "了")


def _han_habit(s: str) -> bool:
    """ "引用论文或者官方文档的时候麻烦附上链接", "涉及命令行的话给我 PowerShell 版本": a Han condition ('when':
    的时候, 时, 的话, 涉及; not 当时, 同时) and after it a please word or a directive to the speaker with a few
    characters after that, not of the past ("我小的时候请过家教": 请过) nor of now ('one_off')."""
    if not lang.has_han(s) or has("one_off", s):
        return False
    conds = [(a, b) for a, b in _of("when", s, "zh") if s[a:b] != "时" or s[a - 1 : a] not in _NOT_WHEN]
    if not conds:
        return False
    after = s[conds[0][1] :]
    asks = [b for kind in ("topic_please", "please", "directive_to_me") for _, b in _of(kind, after, "zh")]
    asks += [b for _, b in _of("output_verb", after[:6], "zh")]  # "给我代码的时候顺便加上注释"
    return any(not after[b:].startswith(_HAN_PAST) and len(after[b:].strip(_PUNCT)) >= 2 for b in asks)


_NOT_WHEN = frozenset("当那同及临平有准按暂届")  # 当时 "back then", 同时 "meanwhile", 及时 "in time": no condition


_LEAD_COLON = re.compile(r"[:：]\s*")
# A short head of a line or sentence that ends in a colon: where a lead-in may stand.
_LEAD_HEAD = re.compile(r"(?:^[ \t]*|[.!?][ \t]+)([^\n.!?:：]{2,40})[:：]", re.M)


def _lead_hinted(head: str) -> bool:
    """The quick test of :func:`_led`: a short head before a colon that opens with a 'lead_in'."""
    for m in _LEAD_HEAD.finditer(head):
        lead = m.group(1).lstrip()
        end = starts("lead_in", lead)
        if not end or "," in lead or any(_past(w.lower()) for w in lang.words(lead)):
            continue  # "For reference, `ls tests` printed:": a paste follows
        if end > 4 or _named(lead):  # a bare "for" leads only a named thing: "For the SQL ...:"
            return True
    return False


def _led(s: str) -> bool:
    """ "Ti chiedo una cortesia: niente emoji nelle risposte", "for the docs: sentence case headings, second
    person", "有个小要求：金额统一用人民币": after a 'lead_in' and a colon, a rule by the cues, a negative fragment,
    or a list of short fragments, the first naming the output or a technical thing with no article, determiner or
    pronoun first and no 'copula' ("Heads up: tests fail on Windows" tells what happens)."""
    end = starts("lead_in", s)
    colon = _LEAD_COLON.search(s, end, 40) if end else None  # "For the SQL you give me: ..."
    if colon is None or len(lang.words(s[: colon.start()])) > 6:
        return False
    rest = s[colon.end() :].strip()
    if len(rest) < 3 or has("one_off", rest):
        return False
    if classify(rest) is not None or (starts("negative_lead", rest) and not starts("not_negative", rest)):
        return True
    code = lang.detect(rest)
    clauses = _CLAUSE.split(rest.strip(_PUNCT))
    if lang.has_han(rest) or len(clauses) < 2 or any(len(lang.words(c)) > 4 for c in clauses):
        return False  # a list of norms, not "Heads up: tests fail on Windows"
    words = [w.lower() for w in lang.words(clauses[0])]
    stop = word_list("determiner", code) | word_list("article", code) | word_list("object_pronoun", code)
    verbless = not word_list("copula", code) & set(words)
    return bool(words) and words[0] not in stop and verbless and _named(clauses[0])


def _banned(s: str) -> bool:
    """ "RxJava answers won't fly in code review", "GPL dependencies are a no-go": a technical thing or the output
    ruled out ('ruled_out'), in a sentence of its own; not "That won't fly", nor what was ('copula_past')."""
    return _ruled_out(s) and _named(s) and not has("copula_past", s) and not has("one_off", s)


def _untopiced(s: str) -> str:
    """``s`` without a leading topic of a few words before a comma ('topic_lead': "For SQL, ...", "Tone-wise, ...",
    "Per le query, ..."), when what follows opens with a command or a cue; else ``s``."""
    end = starts("topic_lead", s)
    cut = _CLAUSE.search(s, end) if end or s.split(" ", 1)[0].lower().endswith("-wise,") else None
    if not cut or len(lang.words(s[: cut.start()])) > TOPIC_WORDS:
        return s
    rest = s[cut.end() :]
    if has("one_off", s[: cut.start()]):
        return s  # "For this answer only, skip the explanation": a request now
    return rest if _directive_start(_without_request(rest)) or starts("start", rest) else s


def _directive_start(text: str, kinds: tuple[str, ...] = (*_COMMANDS, "start")) -> bool:
    """Whether ``text`` opens with a directive or style verb ("give me", "assume", "keep it"), or a phrase of
    another of ``kinds``."""
    return any(starts(kind, text) for kind in kinds)


def _consequent(s: str) -> str:
    """The main clause of a sentence that opens with a 'condition' ("if", "falls", 如果): what follows the clause
    boundary that ends the condition ("If you write SQL, uppercase the keywords" -> "uppercase the keywords"), a
    clause that goes on with the condition ('condition_and': "and ...") and a 'condition_then' word skipped; ""
    when nothing does ("If we use a single filter()")."""
    rest = s
    for _ in range(4):
        cut = _CLAUSE.search(rest)
        if not cut:
            return ""
        rest = rest[cut.end() :]
        if _next_word(rest, 0) not in word_list("condition_and"):
            break
    return rest[starts("condition_then", rest) :].strip(_PUNCT)


def _softened(s: str) -> str:
    """``s`` without its 'softener' phrases ("if possible", "wenn es geht", 尽量): "Bitte keine Anglizismen, wenn es
    geht" is the fragment "Bitte keine Anglizismen", "回答尽量简短" is "回答简短"."""
    for a, b in reversed(found("softener", s)):
        s = s[:a].rstrip(" ,，") + (s[b:] if a else s[b:].lstrip(" ,，"))
    return s


def _by_cues(s: str) -> str | None:
    """:func:`classify` by the sentence's cue phrases as a whole."""
    core = _without_request(s)
    if core is not s and s.rstrip().endswith(("?", "？")):
        core = _ungerund(core)  # only what a request asks for: "Would you mind using British spelling throughout?"
    if _dispensed(core):
        return PREFERENCE
    if starts("not_rule", core) or starts("not_rule", s):
        return None  # "don't worry", "never give up": advice, not a rule for the assistant
    temporal = found("temporal", s)
    off = _one_off(s)
    if not (temporal or has("standing", s) or has("anywhere", s)) and off:
        return None  # "make this one shorter", "for this answer, use a table": this turn only
    offers = found("offer", s)  # "let me know whenever you need help": an offer, not a rule
    anywhere = [(a, b) for a, b in found("anywhere", s) if not any(x <= a and b <= y for x, y in offers)]
    if anywhere or _imperative(core) or _standing_directive(core) or _habit(core) or _ceased(core):
        return INSTRUCTION
    if _flag_when(core):
        return INSTRUCTION
    if (end := starts("answer_with", core)) and has("output", " ".join(lang.words(core[end:])[:4])):
        return INSTRUCTION  # "Answer with short bullet points"; not "Answer with yes or no"
    code = lang.detect(core)
    first = _CLAUSE.split(core, maxsplit=1)[0]
    if (starts("alert", core) and _anything_of_yours(core, code)) or (
        _written_by_you(first, code, noun=not _please(s)) and _bare_imperative(first, code)
    ):
        return INSTRUCTION  # "Mark anything you haven't verified", "please type-annotate ... the python you give me"
    if _in_your_output(first, code) and _bare_imperative(first, code):
        return INSTRUCTION  # "Please leave the emojis out of your replies": all the listener's answers
    rest = _without_request(_cut(core, found("temporal", core)))
    if temporal and not starts("statement_start", rest) and _time_to_come(s, temporal, rest):
        return INSTRUCTION  # "from now on, answer in one paragraph"; not "I'll visit more in the future"
    if _first_person_preference(s) or _style(core) or _fragment(s) or _rather_fragment(s) or _asked_change(s):
        return PREFERENCE
    if _led_with(core):
        return PREFERENCE
    if _liking(s) or _output_norm(core) or _noted(s) or _bare_norm(core) or _own_habit(core) or _assumed(core):
        return PREFERENCE
    if _scope_norm(core, code):
        return PREFERENCE
    if _verbless_norm(core):
        return PREFERENCE
    return None


_WHERE = ("above", "below")
_ORDINAL = re.compile(r"the (?:first|second|third|fourth|fifth|other|previous|latter|former)$", re.I)
_IDIOM = frozenset(("time", "times", "half", "hand", "day", "week"))  # "the first time", "the other half"


def _one_off(s: str) -> list[tuple[int, int]]:
    """The 'one_off' phrases of ``s``, but a 'place' word where the user is in a sentence of a preference or of
    more than one clause ("I can't run Python 2 here", "Qui siamo tutti su Vue, gli esempi in React ..."), and how
    the speaker is now in a clause about them (``_STATE_NOW``: "I can't read notation yet, tabs only")."""
    off = found("one_off", s)
    if off:  # "above each code block", "below every heading": where in each answer, not the text up there
        off = [(a, b) for a, b in off if not (s[a:b].lower() in _WHERE and _next_word(s, b) in word_list("general"))]
        # "the second (one)", "the third test" pick one thing; "the other half", "the first time it comes up" do not
        off = [(a, b) for a, b in off if not (_ORDINAL.match(s[a:b]) and _next_word(s, b) in _IDIOM)]
    if any(s[a:b].lower() in _STATE_NOW for a, b in off):  # "I can't have caffeine at the moment, so leave
        # coffee out of any drink suggestions", "Keep it brief; I just don't know Rust yet": how the speaker is now,
        # in a clause about them, holds for the conversation
        cuts = [0, *(m.end() for m in _CLAUSE.finditer(s)), len(s)]
        clause = {(a, b): s[max(c for c in cuts if c <= a) : min(c for c in cuts if c >= b)] for a, b in off}
        off = [(a, b) for a, b in off if not (s[a:b].lower() in _STATE_NOW and _situation(clause[(a, b)]))]
    if off and (has("prefer", s) or _CLAUSE.search(s)):
        return _unplaced(s, off)
    return off


_STATE_NOW = frozenset({"at the moment", "yet"})  # not "right now": "I'm busy right now, so just the fix"


def _unplaced(s: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` of ``s`` but the 'place' words among them (where the user is: "here"; what the whole conversation
    is about: "this project", "This code base")."""
    places = found("place", s)
    return [(a, b) for a, b in spans if not any(x <= a and b <= y for x, y in places)]


def _flag_when(core: str) -> bool:
    """ "Flag it when something is a breaking change", "Could you flag it when a pandas API behaves differently",
    "Warn me whenever ...": an 'alert' verb, an object pronoun (or the speaker), then a condition ('when_lead',
    'condition'): what to do each time it holds; not "Tell me when you're done" (a notice, once)."""
    end = starts("alert", core)
    if not end:
        return False
    code = lang.detect(core)
    words = [w.lower() for w in lang.words(core[end:])[:3]]
    objects = word_list("object_pronoun", code) | word_list("first_person", code)
    while words and words[0] in objects:
        words = words[1:]
    return bool(words) and (words[0] in word_list("when_lead", code) or words[0] in word_list("condition", code))


def _ungerund(core: str) -> str:
    """ "[Would you mind] using British spelling throughout" -> "use British spelling throughout": a gerund that opens
    what a request asks for, as the command it stands for when that is a style or directive verb."""
    first = _next_word(core, 0)
    if not first.endswith("ing"):
        return core
    at = core.lower().find(first)
    for verb in (first[:-3], f"{first[:-3]}e"):
        head = f"{verb}{core[at + len(first) :]}"
        if starts("style_start", head) or starts("directive", head):
            return head
    return core


def _dispensed(core: str) -> bool:
    """ "You don't need to explain basic syntax", "Don't bother summarizing at the end", "不用每次都解释": the
    assistant let off a habit: a 'dispense' phrase that opens the sentence or a clause, an 'output_verb' (its
    infinitive or gerund too: 'output_infinitive', "explaining") within the next three words or an infinitive that
    closes the clause ("Du musst mir nicht jeden Schritt erklären"), nothing specific right after the verb ("no
    need to rewrite it", "don't bother writing the report": one thing; "you don't have to win every time", "no
    need to sweat it": not the assistant's output)."""
    code = lang.detect(core)
    for a, b in found("dispense", core):
        if core[:a].strip() and core[:a].rstrip()[-1] not in _PUNCT:
            continue
        rest = core[b:]
        if lang.has_han(rest):  # "不用解释基础语法": the verb within the next few characters
            if any(v in rest[:DISPENSE_CHARS] for v in word_list("output_verb", "zh")):
                return True
            continue
        words = [w.lower() for w in lang.words(rest)[:4]]
        verbs = word_list("output_verb", code) | word_list("output_infinitive", code)
        named = found("output", rest[: len(" ".join(lang.words(rest)[:4])) + 4])
        if named and not _specific(code).intersection(w.lower() for w in lang.words(rest[: named[0][0]])):
            return True  # "don't bother with docstrings on every little helper"
        for i, w in enumerate(words[:3]):  # "non serve che mi spieghi"
            stem = w[:-3] if w.endswith("ing") else w
            if w in verbs or stem in verbs or f"{stem}e" in verbs:
                return not _specific(code).intersection(words[i + 1 : i + 2])
        clause = lang.words(_CLAUSE.split(rest.strip(_PUNCT), maxsplit=1)[0])  # German: the infinitive last
        if clause and clause[-1].lower() in word_list("output_infinitive", code):
            return not _specific(code).intersection(words[:1])
    return False


def _ceased(core: str) -> bool:
    """ "Could you quit apologizing at the start of every message?", "Please stop recommending ORMs", "Puoi smettere
    di mettere emoji nelle risposte?", "Kannst du aufhören, jede Antwort mit einer Zusammenfassung zu beenden?": a
    'cease' phrase, then a habit of the assistant's: the gerund of an 'output_verb' (not "stop worrying", "quit
    smoking"), or an output verb or word within the next words; not "stop it", "stop that" (one thing, now)."""
    end = starts("cease", core)
    if not end:
        return False
    rest = core[end:].lstrip(_PUNCT)
    code = lang.detect(core)
    words = [w.lower() for w in lang.words(rest)[:6]]
    if words[:1] and words[0] in word_list("article", code) and has("padding", " ".join(words[1:3])):
        return True  # "Leave out the pleasantries", "Stop the intros": what answers are padded with
    if not words or words[0] in _specific(code) or starts("not_rule", core):
        return False
    verbs = word_list("output_verb", code) | word_list("output_infinitive", code)
    stem = words[0][:-3] if words[0].endswith("ing") else ""
    if stem and (stem in verbs or f"{stem}e" in verbs or (stem[-1:] == stem[-2:-1] and stem[:-1] in verbs)):
        return True  # "quit apologizing", "stop recommending", "stop wrapping"; not "stop worrying", "quit smoking"
    return bool(verbs.intersection(words[1:])) or has("output", " ".join(words))


def _assumed(core: str) -> bool:
    """ "Assume I'm using the latest stable Node", "Geh davon aus, dass wir Python 3.8 haben": the speaker's
    situation to take as given (an 'assume' phrase, then a 'speaker' word or the speaker's own thing); not "assume
    the input is sorted" (one problem's premise)."""
    end = starts("assume", core)
    if not end:
        return False
    rest = core[end:].lstrip(_PUNCT)
    code = lang.detect(core)
    return any(a == 0 for a, _ in _of("speaker", rest, code)) or _own_thing(rest, code)


def _verbless_norm(core: str) -> bool:
    """ "Times in UTC in all examples, our servers know nothing about local time", "No emojis in commit messages,
    our hooks reject them", "snake_case for everything - that's our API convention": a first clause of a few words
    with no verb a word list knows (nothing a subject, a command or a statement opens with, no copula) that names
    the output or a 'scope' ("in all examples", "for everything", "only") beside a 'relation' ("in", "as", "for",
    "over"), then the speaker's reason for it (a clause with a 'first_person' word); no exclamation, nobody in the
    first clause ("pizza for all of us"). Without the reason, a verbless clause is as often narration whose verb no
    list knows ("Tests pass locally but fail in Docker", "All 164 tests in passed")."""
    parts = _CLAUSE.split(core.strip(), maxsplit=1)
    code = lang.detect(core)
    main = parts[0].strip(_PUNCT)
    reason = len(parts) > 1 and _speaks_of_self("first_person", parts[1], code)
    short = (  # "Short answers.", "Shorter answers, fewer caveats.": a few words that name the output
        len(lang.words(main)) <= MAX_FRAGMENT_WORDS and starts("fragment_adjective", main) and has("output", main)
    )
    if not (
        reason or _anything_of_yours(main, code) or short or _all_over(core, main, code)
    ) or core.lstrip().startswith("…"):
        return False  # "Dates in ISO 8601 format in anything you generate", "Short answers." need no reason
    words = [w.lower() for w in lang.words(main)]
    if not 2 <= len(words) <= MAX_VERBLESS_WORDS or lang.has_han(main) or core.rstrip().endswith("!"):
        return False
    kinds = ("first_person", "speaker", "determiner", "object_pronoun", "addressee", "other_subject", "not_imperative")
    opener = set().union(*(word_list(k, code) for k in (*kinds, "statement_start", "article", "relation")))
    if words[0] in opener and not starts("negative_lead", main):  # "No emojis in commit messages, ..."
        return False
    if words[1].endswith("ing") and not lang.content_words(words[0]):
        return False  # "While browsing the code in admin/options.py, I came across ...": what the speaker did
    if starts("not_negative", main) or any(starts(k, main) for k in ("start", "directive", "style_start", "request")):
        return False
    people = word_list("people", code) | word_list("first_person", code) | word_list("addressee", code)
    scope, you = word_list("scope", code), word_list("addressee", code)
    verbs = word_list("output_verb", code)
    named = [  # "anything you generate", "the DAGs you write": the assistant's output, no person
        w
        for i, w in enumerate(words)
        if i and not (w in you and (words[i - 1] in scope or (words[i + 1 : i + 2] and words[i + 1] in verbs)))
    ]
    if people.intersection(named) or word_list("copula", code).intersection(words) or has("one_off", main):
        return False
    if any(_past(w) for w in words[1:]):
        return False  # "All 164 tests in the suite passed, so ...": narration
    related = short or starts("negative_lead", main) or word_list("relation", code).intersection(words[1:])
    related = related or words[-1] in word_list("restrictive", code)  # "stable toolchain only, no nightly ..."
    return _scoped(main) and bool(related)  # "Niente spiegazioni lunghe, mi bastano il codice"


def _all_over(core: str, main: str, code: str) -> bool:
    """Whether a verbless first clause that opens with the output and a 'relation' right after it says where it
    holds for all ("Numbered steps for anything procedural", "Variable names in snake_case, even in the JS"): a
    'relation' before a 'scope' or 'general' word in it, or an 'even' word before a 'relation' in the sentence; not
    "Tests pass for everything" (a verb no list knows after the output)."""
    out = found("output", main)
    if not out or out[0][0] > 12:
        return False
    relation, every = word_list("relation", code), word_list("scope", code) | word_list("general", code)
    head = [w.lower() for w in lang.words(main[max(b for a, b in out if a == out[0][0]) :])]
    if not head or head[0] not in relation:
        return False
    words = [w.lower() for w in lang.words(core)]
    even = word_list("even", code)
    return any(w in relation and head[i + 1 : i + 2] and head[i + 1] in every for i, w in enumerate(head)) or any(
        w in even and words[i + 1 : i + 2] and words[i + 1] in relation for i, w in enumerate(words)
    )


def _bare_norm(s: str) -> bool:
    """A short negative fragment, no please word, about the assistant's output in general: "No exclamation marks in
    your answers", "Keine Emojis in deinen Antworten", "No real customer data in prompts or examples"; not "no
    worries", not "no changes needed in `runserver.py`" (one thing, now), nor "No errors in the logs" (an article)."""
    code = lang.detect(s)
    main = _CLAUSE.split(s, maxsplit=1)[0]  # "..., it reads as shouting to me": the norm is the first clause
    if lang.has_han(main) or not starts("negative_lead", main) or starts("not_negative", main):
        return False
    words = [w.lower() for w in lang.words(main)]
    yours = word_list("listener_own", code)
    if len(words) > 8 or has("one_off", main) or any(_past(w) for w in words):
        return False
    if any(w in yours and has("output", " ".join(words[i + 1 : i + 4])) for i, w in enumerate(words)):
        return True
    # "No real customer data in prompts or examples": a relation and the output in general, no article, after it;
    # "Niente librerie con licenza GPL": the output in general right after the negative, then a relation
    relation = word_list("relation", code)
    if any(a == 0 for a, _ in found("output", " ".join(words[1:3]))) and relation.intersection(words[2:5]):
        return True
    return any(
        w in relation and any(a == 0 for a, _ in found("output", " ".join(words[i + 1 : i + 3])))
        for i, w in enumerate(words[1:], 1)
    )


def _time_to_come(s: str, temporal: list[tuple[int, int]], rest: str) -> bool:
    """Whether a 'temporal' cue makes ``s`` a rule: any but a 'temporal_weak' one ("in the future") does; that one
    only with the sentence addressed to the assistant, a command or a please word ("In the future, use tabs"; not
    "`Expires` can be in the future", "2075 is 50 years in the future")."""
    if any(s[a:b].lower() not in word_list("temporal_weak") for a, b in temporal):
        return True
    addressed = _next_word(rest, 0) in word_list("addressee")  # "in the future, you should ..."
    return addressed or has("please", s) or _directive_start(rest, (*_COMMANDS, "start", "request"))


# ---------------------------------------------------------------- rules by what they are about: the output


def _specific(code: str) -> frozenset[str]:
    """Words that make what follows one thing ("the", "this", "your"), not the assistant's output in general."""
    stop = word_list("determiner", code) | word_list("article", code) | word_list("object_pronoun", code)
    return (stop | word_list("specific", code)) - word_list("plural_article", code)


def _general_output(rest: str, code: str) -> bool:
    """Whether ``rest`` speaks, within its first words, of the assistant's output in general: an 'output' word
    ("variable names", 代码注释) with nothing specific before it ("your answers", "the tests": one thing)."""
    hits = found("output", rest[:80])
    if not hits:
        return False
    before = rest[: hits[0][0]]
    if lang.has_han(before) or (not before.strip() and lang.has_han(rest)):
        lead = before.lstrip(_PUNCT)
        return len(lead) <= 12 and not lead.startswith(tuple(_specific("zh")))
    words = [w.lower() for w in lang.words(before)]
    return len(words) <= 3 and not _specific(code).intersection(words)


def _habit_clause(text: str, code: str, any_object: bool = False) -> tuple[int, int] | None:
    """The span of a clause that makes what goes with it a habit: 'when_you' and an 'output_verb' ("when you show
    shell commands", "wenn du dich entschuldigst", "解释的时候"), nothing specific after the verb ("when you write
    the report": one thing; "when you're done": not the assistant's output); ``any_object``: an article there is
    general too ("when you show the output")."""
    for a, b in found("when_you", text):
        if lang.has_han(text[a:b]):  # the verb comes first: "解释的时候"
            start = max(text.rfind(c, 0, a) for c in "，,。") + 1
            if any(v in text[start:a] for v in word_list("output_verb", "zh")):
                return start, b
            continue
        end = _CLAUSE_END.search(text, b)
        clause = text[b : end.start() if end else len(text)]
        words = [w.lower() for w in lang.words(clause)]
        verbs = [i for i, w in enumerate(words) if w in word_list("output_verb", code)]
        stop = _specific(code) - (word_list("article", code) if any_object else frozenset())
        if verbs and not stop.intersection(words[verbs[0] + 1 : verbs[0] + 2]):
            return a, b + len(clause)
        if _output_in(clause, code):
            return a, b + len(clause)
    return None


def _output_in(clause: str, code: str) -> bool:
    """Whether a habit clause names the assistant's output in general whatever its verb ("when you start answers
    with filler", "wenn du Antworten mit Floskeln beginnst", "when you end your replies"): an 'output' word with no
    determiner, article or pronoun right before it ("when you get the code ready": one thing)."""
    stop = word_list("determiner", code) | word_list("article", code) | word_list("object_pronoun", code)
    for a, _ in found("output", clause):
        before = lang.words(clause[:a])
        if not before or before[-1].lower() not in stop:
            return True
    return False


_CLAUSE_END = re.compile(r"[,;:.!?，；：。！？]")


def _habit(core: str) -> bool:
    """ "When you show shell commands, assume bash on Ubuntu", "Just give me the diff when you change something",
    "Show me the complexity of each solution you propose": a directive for whenever the assistant does something (a
    :func:`_habit_clause`, or a 'general' word with the 'addressee' right after its noun)."""
    code = lang.detect(core)
    span = _habit_clause(core, code)
    lead = found("standing", core[:20])
    cut = _CLAUSE.search(core) if lead and lead[0][0] == 0 else None
    if span:
        main = f"{core[: span[0]]} {core[span[1] :]}"
    elif _each_of_yours(core, code):
        main = core
    elif cut:  # "Any time there are secrets in an example, use placeholders": a standing clause, then the rule
        main = core[cut.end() :]
    else:
        return False
    main = _without_request(main.strip(_PUNCT))
    return _directive_start(main, _COMMANDS)


# A name in code: dotted, called, indexed or snake_case ("cursor.fetchone()", "os.path", "max_len").
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*(?:[.(\[]|_\w)")


def _bare_imperative(clause: str, code: str) -> bool:
    """Whether ``clause`` opens as a command does, a verb first ("bold the key points", "wrap code at 80 columns"),
    as far as words tell without a grammar: not a subject ("I", "it", "the build", "my tests", "Java examples"
    would need a verb after it), not a statement's opening, not a gerund, no question."""
    words = [w.lower() for w in lang.words(clause)]
    if len(words) < 2 or lang.has_han(clause) or clause.rstrip().endswith("?") or words[0].endswith("ing"):
        return False
    if _IDENTIFIER.match(clause.lstrip()):
        return False  # "so cursor.fetchone()[0] afterwards fails": a name in code is a subject, not a verb
    kinds = ("first_person", "speaker", "determiner", "article", "object_pronoun", "addressee", "specific")
    subject = set().union(*(word_list(k, code) for k in (*kinds, "other_subject", "statement_start", "not_imperative")))
    if words[0] in subject or words[0].split("'")[0] in subject or starts("statement_start", clause):
        return False  # "you've got this", "we're on it": a subject and its verb
    copulas = word_list("copula", code)
    at = next((i for i, w in enumerate(words[:5]) if w in copulas), None)  # words[0]: after a code span
    if at is None:  # "bold the key points", "zuerst günstige Optionen", "esercizi brevi"
        if _plural_subject(words, code):
            return False  # "so files keep flipping back and forth": a subject and its verb, no command
        return words[1] not in subject - word_list("determiner", code) - word_list("article", code)
    # a statement ("all the classes are mostly full", "`x` should fail"), unless it weighs something for the
    # speaker: "lightweight tools are better", "statistics terms are fine", "musl-compatible wheels matter"
    return has("evaluative", " ".join(words[at:]))


def _in_your_output(clause: str, code: str) -> bool:
    """Whether a command's ``clause`` names the listener's output in general as where it holds: a 'listener_own'
    word, at most one word, then an 'output' word in the plural ("out of your replies", "in your snippets", "nelle
    tue risposte"); not one answer ("to your answer", "in your code": the last one as often as all of them)."""
    words = [w.lower() for w in lang.words(clause)]
    yours, output = word_list("listener_own", code), word_list("output", code)
    for i, w in enumerate(words):
        if w in yours:
            for noun in words[i + 1 : i + 3]:
                if noun in output and (code != "en" or noun.endswith("s")) and noun not in _ONE:
                    return True
    return False


_ONE = frozenset(("code", "codice", "test"))  # output words that name one answer's as often as all


@lru_cache(maxsize=8)
def _then(kinds: tuple[str, ...], gap: int) -> re.Pattern[str]:
    """A phrase of ``kinds`` of a spaced language after at most ``gap`` words, matched where an anchor word ends."""
    phrases = frozenset().union(*(word_list(kind) for kind in kinds))
    words = "|".join(sorted((re.escape(w) for w in phrases if not lang.has_han(w)), key=len)[::-1])
    return re.compile(rf"\s+(?:\S+\s+){{0,{gap}}}(?:{words})\b", re.I)


def _after(head: str, anchor: str, kinds: tuple[str, ...], gap: int, opening: bool = False) -> bool:
    """Whether a phrase of ``anchor`` (``opening``: one that opens a line, a sentence or a clause after a colon or
    comma) is followed by one of ``kinds`` within ``gap`` words: the quick tests of :func:`_in_your_output` ("your
    replies"), :func:`_written_by_you` ("you write"), :func:`_scope_norm` ("Anything we ...") and
    :func:`_output_norm` after a 'general' word ("All answers ..."). Anchors are looked up as words (fast), the
    rest is matched where each ends."""
    then = _then(kinds, gap)
    for a, b in found(anchor, head):
        if opening and head[:a].rstrip(" \t")[-1:] not in ("", "\n", ".", "!", "?", ":", ","):
            continue
        if then.match(head, b):
            return True
    return False


def _plural_subject(words: list[str], code: str) -> bool:
    """Whether English ``words`` open as narration of what keeps happening: a plural noun (a first word in -s, not
    -ss, -us, -is), a verb and a gerund ("files keep flipping back", "builds keep failing"); a command does not
    read so ("always add a test", "docs in English")."""
    first = words[0]
    if code != "en" or len(words) < 3 or len(first) <= 3 or not first.endswith("s"):
        return False
    return not first.endswith(("ss", "us", "is", "ys")) and words[2].endswith("ing") and len(words[2]) > 5


def _each_of_yours(core: str, code: str) -> bool:
    """ "each solution you propose", "every answer you give", "jede Lösung, die du vorschlägst": a 'general' word
    with the 'addressee' within the next four words. (Chinese puts the addressee first, "你写的所有代码": not read.)"""
    if lang.has_han(core):
        return False
    words = [w.lower() for w in lang.words(core)]
    general, you = word_list("general", code), word_list("addressee", code)
    return any(w in general and you.intersection(words[i + 1 : i + 5]) for i, w in enumerate(words))


def _standing_directive(core: str) -> bool:
    """ "Scrivimi sempre i nomi in inglese", "Antworte mir immer auf Deutsch": a directive verb, then a 'standing'
    word ("always"); or, with a general object after the verb (no determiner, article or pronoun: "mention
    trade-offs", not "show me that"), a 'standing' or 'contrast' phrase later on ("Mention trade-offs whenever
    there are several options", "Give me runnable examples rather than pseudocode"; not inside an offer: "tell me
    whenever you need help")."""
    end = starts("directive_to_me", core) or starts("directive", core)
    if not end:
        return False
    words = [w.lower() for w in lang.words(core[end:])[:2]]
    if words[:1] and words[0] in word_list("first_person"):
        words = words[1:]
    if not words or words[0] in word_list("standing"):
        return bool(words)
    code = lang.detect(core)
    standing = [(a, b) for a, b in found("standing", core) if a >= end]
    stop = (_specific(code) | word_list("not_object", code)) - word_list("plural_article", code)
    if standing:  # "Go with the standard library's logging module throughout": the article is general then
        stop -= word_list("article", code)
    if lang.has_han(core) or words[0] in stop or words[0].endswith("ing") or _listeners_own(core[end:]):
        return False  # "Put the eye-drop into your right eye ... each time": advice to a person
    offers = found("offer", core)
    marks = standing + [(a, b) for a, b in found("contrast", core) if a >= end]
    cuts = [m.end() for m in _CLAUSE.finditer(core, end)]
    return any(not any(x <= a and b <= y for x, y in offers) and not _of_the_speaker(core, cuts, a) for a, b in marks)


def _of_the_speaker(core: str, cuts: list[int], at: int) -> bool:
    """Whether position ``at`` of ``core`` is in a later clause that opens with the speaker (``cuts``: where its
    clauses start): "Explain what inflation is, I've never really understood it" tells of the speaker."""
    start = max((c for c in cuts if c <= at), default=-1)
    return start >= 0 and bool(_first_person_words().match(core, start))


def _own_habit(core: str) -> bool:
    """ "I learn faster when you show the output", "It helps me a lot when you show the commands", "Ich komme
    besser mit, wenn du Beispiele gibst": the speaker weighs a habit of the assistant's (a :func:`_habit_clause`,
    whatever its object) in a main clause before it that opens with a 'speaker' word or holds a 'norm_for_me', and
    speaks of no time to come ('future': "I'll be glad when you give me the results")."""
    code = lang.detect(core)
    spans = [a for a, b in found("when_you", core) if not lang.has_han(core[a:b])]
    if not spans or not _habit_clause(core, code, any_object=True):
        return False
    main = core[: spans[0]].strip(_PUNCT)
    if not main or has("future", main):
        return False
    return any(a == 0 for a, _ in _of("speaker", main, code)) or has("norm_for_me", main)


def _liking(s: str) -> bool:
    """ "I don't like one-letter variable names", "我不喜欢太长的代码注释", "Ich mag es nicht, wenn du dich
    entschuldigst": the speaker's liking ('like') of the assistant's output in general (:func:`_general_output`;
    not "I love your answers") or of what it does (:func:`_habit_clause`). "I love hiking" is a fact about the
    user, not a preference for the assistant."""
    code = lang.detect(s)
    likes = found("like", s)
    if any(_general_output(s[end:], code) or _habit_clause(s[end:], code) for _, end in likes):
        return True
    wishes = likes or found("wish", s)
    if wishes and _anything_of_yours(s[wishes[0][1] :], code):
        return True  # "I never want to see `SELECT *` in anything you hand me", "I want type hints on every ..."
    weighs = likes or found("norm_for_me", s)  # "Per me vanno meglio esempi completi che frammenti"
    if weighs and has("comparative", s) and (_technical(s) or has("output", s)) and not found("listener_own", s):
        return True  # "I find pathlib more readable than os.path", "Tabellen finde ich übersichtlicher als Fließtext"
    for _, end in likes:  # "Not a fan of class-based React components", "I love pytest" (not "your Python code")
        near = " ".join(lang.words(_CLAUSE.split(s[end:], maxsplit=1)[0])[:4])
        if near and _technical(near) and not found("listener_own", near) and not about_one_thing(s[end:], code):
            return True
    return any(_each_of_all(s[end:], code) for _, end in found("wish", s))


def _anything_of_yours(rest: str, code: str) -> bool:
    """A 'scope' or 'general' word with the 'addressee' right after it ("anything you hand me"), or after a noun of
    two words at most and before an 'output_verb' ("whatever code you hand me", "every function signature you
    write"; not "every photo you took")."""
    words = [w.lower() for w in lang.words(rest)]
    scope, you = word_list("scope", code) | word_list("general", code), word_list("addressee", code)
    doing = word_list("output_verb", code)
    for i, w in enumerate(words):
        if w in scope:
            at = next((j for j in range(i + 1, min(i + 4, len(words))) if words[j] in you), None)
            if at is not None and (at == i + 1 or (words[at + 1 : at + 2] and words[at + 1] in doing)):
                return True
    return False


def _thing_must(clause: str, code: str) -> bool:
    """Whether ``clause`` says what a thing must be: a noun of at most three words (a 'plural_article' may open it:
    "le ricette"; no person, no pronoun, no one thing: "the report", "this") and a modal 'norm' right after it
    ("recipes must be gluten-free", "reading level should stay around B1", "le ricette devono essere senza
    glutine")."""
    norm = _modal_norm(clause)
    if norm is None or lang.has_han(clause):
        return False
    words = [w.lower() for w in lang.words(clause[:norm])]
    words = words[1:] if words[:1] and words[0] in word_list("plural_article", code) else words
    people = word_list("people", code) | word_list("first_person", code) | word_list("addressee", code)
    stop = people | _specific(code) | word_list("object_pronoun", code) | word_list("statement_start", code)
    return 1 <= len(words) <= 3 and not stop.intersection(words) and not any(_past(w) for w in words)


def _your_output_must(s: str) -> bool:
    """ "The package versions in your suggestions have to match Debian 10", "Die Paketversionen in deinen
    Vorschlägen müssen also dazu passen": what goes in the listener's output in general (:func:`_in_your_output`,
    before a modal 'norm'), whatever its length; nothing that happened, no question."""
    norm = _modal_norm(s)
    if norm is None or s.rstrip().endswith(("?", "？")) or any(_past(w.lower()) for w in lang.words(s)):
        return False
    return _in_your_output(s[:norm], lang.detect(s))


_MODAL_NORMS = ("must", "should", "has to", "have to", "needs to", "need to", "muss", "müssen", "deve", "devono")


def _modal_norm(text: str) -> int | None:
    """Where the first modal 'norm' of ``text`` starts ("must", "has to", "devono"), or None."""
    return next((a for a, _ in found("norm", text) if text[a:].lower().startswith(_MODAL_NORMS)), None)


def _scope_norm(core: str, code: str) -> bool:
    """ "Anything you write has to be POSIX sh", "Whatever UI code you suggest needs to pass WCAG 2.1 AA", "Anything
    we pull in has to be MIT-licensed": a sentence that opens with a 'scope' word, what the assistant writes
    (:func:`_anything_of_yours`) or what the speaker's side takes in (a 'first_person' word within three words),
    and a modal 'norm' after it ("must", "has to"); not "Everything I tried has to do with caching"."""
    words = [w.lower() for w in lang.words(core)]
    if not words or words[0] not in word_list("scope", code) - word_list("restrictive", code):
        return False
    ours = word_list("first_person", code).intersection(words[1:4])
    if not (_anything_of_yours(core, code) or ours):
        return False
    norm = _modal_norm(core)
    return norm is not None and not core[norm:].lower().startswith(("has to do", "have to do", "had to"))


def _each_of_all(rest: str, code: str) -> bool:
    """ "[I'd like] all timestamps in UTC", "[I'd like] every answer to start with the conclusion": a wish about
    all of a kind ('general', then a noun), not about one thing ("[I'd like] the code", "every minute of it") or
    people ("every one of you", "all of them", "any help you can give")."""
    words = [w.lower() for w in lang.words(rest)[:4]]
    if len(words) < 2 or lang.has_han(rest) or words[0] not in word_list("general", code):
        return False
    people = _specific(code) | word_list("first_person", code) | word_list("addressee", code)
    return not people.intersection(words[1:]) and bool(lang.content_words(words[1], filler=True))


def _output_norm(core: str) -> bool:
    """ "Tests go in a separate file for me", "Variable names should be in English", "代码里的变量名用英文": the
    assistant's output in general as the subject (an 'output' word first, a 'general' word and one more word may
    come before it: "Any schedule suggestions should ...") and a 'norm' after it ("should", "for me", "please",
    用英文), nothing of now ("tests should pass now": the state of one thing)."""
    hits = found("output", core[:40])
    if not hits or has("now", core):
        return False
    a = hits[0][0]
    b = max(end for start, end in hits if start == a)  # "code comments", not "code"
    code = lang.detect(core)
    if lang.has_han(core[:b]):
        if a > 0:
            return False
    else:
        before = [w.lower() for w in lang.words(core[:a])]
        before = before[1:] if before[:1] and before[0] in word_list("general", code) else before  # "any schedule"
        if len(before) > 1 or _specific(code).intersection(before):
            return False
    rest = core[b:]
    return has("norm", rest) or has("useless", rest) or _weighed(rest, code) or _preferred_over(rest, code)


def _preferred_over(rest: str, code: str) -> bool:
    """Whether ``rest``, right after an output word, weighs it against another ("[Bullet points] over paragraphs",
    "[Tabs] instead of spaces"; not "[Tests] over the weekend": one time)."""
    end = next((b for a, b in found("over", rest) if not rest[:a].strip()), 0)
    nxt = _next_word(rest, end) if end else ""
    stop = _specific(code) - word_list("plural_article", code)
    return bool(nxt) and nxt not in stop and not nxt.isdigit()


def _weighed(rest: str, code: str) -> bool:
    """Whether ``rest``, after an output word, weighs it: a 'copula' of now first (no 'copula_past'), then a
    'comparative' within three words ("[Short answers] are better", "[Code comments] are clearer in English"; not
    "[Tests] were better before", "[Comments] are fine": one thing judged now)."""
    words = [w.lower() for w in lang.words(rest)[:4]]
    if not words or words[0] not in word_list("copula", code) or words[0] in word_list("copula_past", code):
        return False
    return has("comparative", " ".join(words[1:]))


def _noted(s: str) -> bool:
    """ "Our codebase is still on Python 3.7, keep that in mind", "Non ho accesso a internet, tienine conto": a fact
    of the speaker's situation that the user asks the assistant to keep ('noted')."""
    spans = [(a, b) for a, b in found("noted", s) if not s[:a].strip() or s[:a].rstrip()[-1] in _PUNCT]
    if not spans:
        return False  # "I'll keep that in mind": the speaker's, not a request; the phrase opens a clause
    rest = _cut(s, spans)
    code = lang.detect(s)
    said = [w.lower() for w in lang.words(rest)]
    if any(_past(w) for w in said) or word_list("copula_past", code).intersection(said):
        return False  # "FYI, the build failed": what happened, not how things stand
    own = _speaks_of_self("first_person", rest, code) or _speaks_of_self("speaker", rest, code)
    return (own or _setting(rest, code)) and bool(lang.content_words(rest, filler=True))  # "The app targets ..."


def _kept_to(s: str) -> bool:
    """ "Keep recipes to two servings", "Keep my reading list to audiobooks", "Keep exercise moderate": "keep"
    opening the sentence, what is kept (at most three words: no one, no pronoun, no one thing of this turn), then
    a limit ("to", "under", "below", "within") or a degree ("moderate", "light"); in English. Read in a short turn
    only (:func:`short_turn`): in a long message it is most often a limit for the task at hand ("keep the diff to
    a minimum")."""
    m = _KEEP_TO.match(s.strip())
    if not m or lang.detect(s) != "en":
        return False
    kept = [w.lower() for w in m.group(1).split()]
    stop = word_list("people", "en") | word_list("object_pronoun", "en") | word_list("first_person", "en")
    return not stop.intersection(kept) and not has("one_off", s)


def _bare_style(s: str) -> bool:
    """ "Prices in yen.", "Datum als TT.MM.JJJJ.", "Prezzi in euro, IVA inclusa.", "APA 7th edition for citations.":
    the first clause of a verbless sentence of a short turn (:func:`short_turn`): the output (an 'output' word in at
    most three words), "in" or "as" and the form it takes, or the form, "for" and the output; no determiner, no
    person, nothing past or of now, at most four words of the form. "Metric please" needs no rule of this: its
    please word makes it one (:func:`_fragment`). Or a setting named bare (:func:`_bare_setting`: "Celsius.")."""
    return _bare_form(s) or _bare_setting(s)


def _bare_form(s: str) -> bool:
    """The output, "in" / "as" and the form it takes, or the form, "for" and the output (:func:`_bare_style`)."""
    tokens = _CLAUSE.split(s.strip().rstrip(".!"), maxsplit=1)[0].split()
    if not _ANY_BARE_WORD.intersection(w.lower() for w in tokens[1:4]):
        return False  # most sentences: no "in" / "as" / "for" among their first words (before detecting a language)
    code = lang.detect(s)
    if code not in _BARE_WORDS:
        return False
    at = next((i for i, w in enumerate(tokens[1:4], 1) if w.lower() in _BARE_WORDS[code]), 0)
    if not at or not 1 <= len(tokens) - at - 1 <= 4 or not tokens[0][:1].isalpha():
        return False
    before, after = " ".join(tokens[:at]), " ".join(tokens[at + 1 :])
    if not has("output", after if tokens[at].lower() in _FOR_WORDS else before):
        return False
    words = {w.lower() for w in lang.words(" ".join(tokens))}
    stop = _specific(code) | word_list("people", code) | word_list("first_person", code)
    if stop.intersection(words) or has("one_off", s):
        return False
    return not any(_past(w) or w.endswith("ing") for w in words)  # "Tests in CI failed", "Prices in Tokyo rising"


_FOR_WORDS = frozenset({"for", "per", "für"})
_BARE_WORDS = {"en": {"in", "as", "for"}, "de": {"in", "als", "für"}, "it": {"in", "come", "per"}}
_ANY_BARE_WORD = frozenset().union(*_BARE_WORDS.values())


# "keep", optionally after "please", what is kept (the speaker's or in general), then a limit or a degree.
_KEEP_TO = re.compile(
    r"(?:please\s+)?keep\s+(?:(?:my|the|all|any)\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
    r"(?:(?:to|under|below|within)\s+\S|(?:moderate|light|low|minimal|cheap|simple|gentle|mild)\b)",
    re.I,
)
_KEEP_HEAD = re.compile(r"(?:^|[.!?]\s+)(?:please\s+)?keep\s+", re.I | re.M)
_MODAL_HEAD = re.compile(r"(?:^|[.!?]\s+)(?:can|could|would|may)\s+(?:\w+\s+){1,3}(?:be|get|stay)\s", re.I | re.M)
_MODAL_Q = re.compile(r"^(?:can|could|would|may)\s+(?:the\s+|your\s+)?", re.I)


def _asked_change(s: str) -> bool:
    """ "Can answers be shorter?", "Could your replies be in German?": a question that the output in general be
    otherwise (a modal, an 'output' word, "be", then a comparative, a 'fragment_adjective' or a 'relation'; not "Can
    the tests be run in parallel?", "Could the answer be wrong?")."""
    m = _MODAL_Q.match(s)
    if not m or not s.rstrip().endswith("?"):
        return False
    out = found("output", s[m.end() : m.end() + 30])
    if not out or out[0][0] != 0:
        return False
    end = max(b for a, b in out if a == 0)  # "code examples", not "code"
    words = [w.lower() for w in lang.words(s[m.end() + end :])[:2]]
    if len(words) < 2 or words[0] not in ("be", "get", "stay"):
        return False
    how = word_list("relation", "en") | word_list("fragment_adjective", "en") | {"more", "less"}
    return words[1] in how or (words[1].endswith("er") and len(words[1]) > 4)  # "be shorter", "be in German"


def _rather_fragment(s: str) -> bool:
    """ "Lieber konkrete Beispiele mit echten Daten als abstrakte Erklärungen", "Meglio esempi completi che frammenti":
    a sentence that opens with a 'prefer_word' and names the output, weighed against something ('over', 'als', 'che',
    'than')."""
    end = starts("rather_start", s)
    return bool(end) and has("output", s[end:]) and bool(_RATHER_THAN.search(s, end))


_RATHER_THAN = re.compile(r"\b(?:als|than|che|di|over|statt|anziché|invece)\b", re.I)


def _first_person_preference(s: str) -> bool:
    """ "I'd rather ...", "we can't use ...", "mir ist lieber ...": the speaker's own preference or constraint, not
    a choice about one thing now ("I'd rather send it myself", "I'd rather write to her first"), nor someone
    else's ("我同事更喜欢Java": my colleague prefers Java)."""
    cues = found("prefer", s) or (found("prefer_word", s) if _speaks_of_self("first_person", s) else [])
    if not cues:
        return False
    rest = s[cues[0][1] :]
    clause = rest[: m.start()] if (m := _CLAUSE.search(rest)) else rest
    said = s[: cues[0][0]] + clause
    if not lang.content_words(said.strip(_PUNCT), filler=True) and not lang.has_han(s):
        return False  # "I'd rather not, it's fine": an answer about what was asked
    if _USE.search(s, *cues[0]) and has("excess", clause) and not has("output", clause):
        return False  # "We use the office printer way too much": a complaint about a habit, no convention
    return not about_one_thing(rest, lang.detect(s))


_USE = re.compile(r"\b(?:use|uses|using)\b", re.I)  # a cue of what the speaker uses ("we use", "our team uses")


def _speaks_of_self(kind: str, text: str, code: str | None = None) -> bool:
    """Whether a ``kind`` word ("first_person", "speaker"; of language ``code`` and English, or of any) occurs in
    ``text`` outside a 'third_party' phrase ("我朋友": "my friend", where 我 is not the subject)."""
    others = found("third_party", text)
    return bool(_of(kind, blanked(text, others) if others else text, code))


def _situation(clause: str, code: str | None = None) -> bool:
    """Whether ``clause`` speaks of the speaker's situation: a 'speaker' word ("I'm", "we") or the speaker's own
    thing (:func:`_own_thing`)."""
    return _speaks_of_self("speaker", clause, code) or _own_thing(clause, code or lang.detect(clause))


def _of_others(clause: str, code: str | None = None) -> bool:
    """Whether ``clause`` speaks of other people: an 'other_subject' at its start ("my friend", "he") or a 'people'
    word (of language ``code`` and English, or of any)."""
    words = {w.lower() for w in lang.words(clause)}
    return bool(starts("other_subject", clause.strip(_PUNCT)) or words & word_list("people", code))


def _setting(clause: str, code: str) -> bool:
    """Whether ``clause``, before ", so", states what holds where the user works, not a person's situation nor what
    happened ("This machine has no internet access, so ...", "TypeScript strict mode is on in this repo, so ...";
    not "my friend is vegetarian, so ...", "he's sick, so ...", "the shop was closed, so ..."): no 'other_subject'
    at its start, no 'people' or 'third_party' word, no 'copula_past', no 'one_off' word."""
    if _of_others(clause, code):
        return False
    words = {w.lower() for w in lang.words(clause)}
    off = _unplaced(clause, found("one_off", clause))
    return not (found("third_party", clause) or words & word_list("copula_past", code) or off)  # "X here is 0.13"


def _own_thing(clause: str, code: str) -> bool:
    """Whether ``clause`` opens with the speaker's own thing ("our deployment target", "il nostro server"), not a
    person ("my friend", "my manager": someone else's situation)."""
    end = starts("possessive", clause)
    if not end:
        return False
    if lang.has_han(clause[end : end + 1]):  # "我们的产品", not "我的朋友"
        return not clause[end:].lstrip().startswith(tuple(word_list("people", "zh")))
    words = [w.lower() for w in lang.words(clause[end:])[:2]]
    return bool(words) and not word_list("people", code).intersection(words)


def _of(kind: str, text: str, code: str | None) -> list[tuple[int, int]]:
    """Where ``kind``'s phrases of language ``code`` (and English) occur in ``text``; of every language without
    ``code``. (German "also" is "so", not the English "also".)"""
    spans = [(a, b) for a, b in found(kind, text) if not (text[a:b] == "别" and a and text[a - 1] in _BIE_WORDS)]
    if code is None or not spans:
        return spans
    mine = word_list(kind, code)
    return [(a, b) for a, b in spans if text[a:b].lower() in mine]


_BIE_WORDS = "特区分告级类性识鉴差个辨派"  # "特别", "区别", "分别": words with 别 in them, no "don't"


# A clause boundary inside a sentence: a comma (a Han one too) or a dash between words.
_CLAUSE = re.compile(r"\s*[,，、;；]\s*|\s+[-–—]\s+")


def _accommodation(s: str) -> bool:
    """ "I'm colorblind, so don't rely on red and green", "Ich bin Anfänger, erkläre Fachbegriffe bitte",
    "Lavoriamo con Java 11, niente di più recente", "我吃素，所以菜谱里不要放肉": a first clause about the speaker
    (a 'speaker' word: "I'm", "we", "sono", 我), then, after a comma or a 'consequence' word ("so", "also",
    "quindi", 所以), a clause that sets a rule for the assistant (:func:`_rule_clause`). Someone else's situation
    ("my friend is vegetarian, so no meat at the party", "我朋友吃素") is none."""
    asked = s.rstrip().endswith(("?", "？"))  # "But may I see your license, PLS?": a question is no situation,
    code = lang.detect(s)  # unless what follows it asks for a rule: "I'm on Kotlin, so could you keep ... in Kotlin?"
    linking = set(_of("consequence", s, code))
    cuts = sorted({*(m.span() for m in _CLAUSE.finditer(s)), *linking})
    for start, end in cuts:
        if start == 0 or (asked and not _asks_for(s[end:], code, (start, end) in linking)):
            continue
        linked = (start, end) in linking
        if _situation(s[:start], code) and _rule_clause(s[end:], code, linked=linked):
            return True
        led = linked or bool(_consequence_start(s[end:], code))  # "This box has no GPU, so CPU-only wheels"
        if led and _setting(s[:start], code) and _rule_clause(s[end:], code, linked=linked, strict=True):
            return True
    # "价格请用人民币", "代码请加注释": a short topic, then a please word and the rule for it
    return any(  # the topic may be a technical name: "SQL 请按 MySQL 5.7 的语法写"
        ((0 < a <= TOPIC_CHARS and lang.has_han(s[:a])) or (a <= 2 * TOPIC_CHARS and _technical(s[:a])))
        and _rule_clause(s[a:], code)
        for a, _ in _of("topic_please", s, code)
    )


def _asks_for(clause: str, code: str, linked: bool) -> bool:
    """Whether ``clause``, after a 'consequence' word (before it: ``linked``, or opening it), asks the listener for
    something about the output or a technical thing ("so could you keep the snippets in Kotlin?"; not ", PLS?",
    "so can you help me?")."""
    c = clause.strip(_PUNCT)
    end = _consequence_start(c, code)
    asked = c[end:].lstrip(_PUNCT)
    named = has("output", asked) or _technical(asked)  # what it asks about: "... keep the snippets in Kotlin?"
    return bool(linked or end) and bool(_ASK_FOR.match(asked)) and named  # not "so can you help me?"


_ASK_FOR = re.compile(
    r"(?:could|can|would|will)\s+you\b|(?:kannst|könntest)\s+du\b|(?:puoi|potresti)\b|能不能|能否", re.I
)


def _rule_clause(clause: str, code: str, linked: bool = False, strict: bool = False) -> bool:
    """The clause after :func:`_accommodation`'s first one sets a standing rule: one by its cue phrases
    ("don't rely on ..."), a short negative fragment ("no cloud services", "keine Windows-Befehle"; not "no
    worries"), or, when a 'consequence' or please word links it to the first (``linked``, or its own lead-in:
    "so", "also bitte", "quindi"; else only a 'directive_to_me': "spiegami ..."), a 'directive' verb with a
    general object ("explain any jargon", "use Homebrew for installs"; not "give me a call", "leave it"), or a
    verb and a general word ("mirror any drawing instructions"). A bare comma links nothing: "We roast
    marshmallows, tell stories around the campfire" goes on telling. ``strict`` (after a setting that is not the
    speaker's own, :func:`_setting`): only a rule by its cues, a negative clause that names the output ("so no `any`
    in the examples") or what is ruled out ("so anything that pip-installs at runtime is out")."""
    c = clause.strip(_PUNCT)
    led = bool(_consequence_start(c, code))  # ", so ...": a consequence word right after the clause boundary
    pleased = False
    while end := _consequence_start(c, code) or starts("request", c):
        pleased = pleased or _please(c[:end])
        linked = linked or bool(_consequence_start(c, code) or pleased)
        if end >= len(c):
            break
        c = c[end:].lstrip(_PUNCT)  # "so please ...", ", also bitte ...", "，所以请..."
    if lang.has_han(c):  # "菜谱里不要放肉", "时间请用北京时间": a short topic ("in recipes") before the rule
        leads = sorted(_of("negative_lead", c, code) + _of("topic_please", c, code))
        c = next((c[a:] for a, _ in leads if 0 < a <= TOPIC_CHARS), c)
    if len(c) < 3 or has("one_off", c) or has("offer", c) or starts("not_rule", c) or starts("not_negative", c):
        return False
    if _by_cues(c) is not None:
        return True
    if strict:
        named = (
            starts("negative_lead", c) and (has("output", c) or _technical(c)) and len(lang.words(c)) <= MAX_LED_WORDS
        )
        yours = _anything_of_yours(c, code) and (_bare_imperative(c, code) or has("norm", c))
        yours = yours or (_bare_imperative(c, code) and _written_by_you(c, code))  # "so include them in the code you
        # write"
        return bool(named) or yours or _ruled_out(c)  # "so comment ... in anything you write", "so any report you
        # draft needs to ..."
    if lang.has_han(c) and (end := starts("request", c)) and _please(c[:end]) and len(c[end:].strip(_PUNCT)) >= 3:
        return True  # "练习请短一点" (after its topic): a request that follows from the speaker's situation
    if end := starts("negative_lead", c):  # after "so", a longer one: "so nothing that needs 3.10+ like match"
        if has("comparative", c) and _RATHER_THAN.search(c):
            return False  # "no club better than Liverpool!": an exclamation, nothing ruled out
        most = MAX_LED_WORDS if led else MAX_FRAGMENT_WORDS + 2
        return len(lang.words(c)) <= most and bool(lang.content_words(c[end:], filler=True))
    if led and (_ruled_out(c) or (_anything_of_yours(c, code) and has("norm", c))):
        return True  # "so anything that pip-installs at runtime is out", "so whatever you suggest has to ..."
    if led and _thing_must(c, code):
        return True  # "Sono celiaca, quindi le ricette devono essere senza glutine"
    words = [w.lower() for w in lang.words(c)]
    general = len(words) >= 3 and words[1] in word_list("general", code)
    if linked and general and lang.content_words(words[0], filler=True):
        return True  # "mirror any drawing instructions": a verb, then a general object
    named = any(ch.isupper() for ch in c.split()[0]) if c.split() else False  # a noun or a name: "macOS-Befehle"
    if linked and pleased and named and len(words) <= MAX_FRAGMENT_WORDS and words[0] not in _specific(code):
        return bool(lang.content_words(c, filler=True))  # "..., also bitte macOS-Befehle", not "..., please rest"
    end = starts("directive_to_me", c) or (starts("directive", c) if linked or _please(c) else 0)
    if not end:
        return led and _bare_imperative(c, code)  # "I tend to skim, so bold the key points"
    rest = c[end:].lstrip(_PUNCT)
    if lang.has_han(rest):
        if rest[:1] == rest[1:2] or "一下" in rest[1:3]:
            return False  # "帮我想想怎么说", "帮我回一下": a verb doubled, or "for a moment": something to do now
        now = word_list("determiner", "zh") | word_list("not_object", "zh")
        return not rest.startswith(tuple(now)) and len(rest) >= 2
    words = [w.lower() for w in lang.words(rest)]
    if words[:1] and words[0] in word_list("first_person", code):
        words = words[1:]  # "give me ...", "erkläre mir ..."
    if words[:1] and words[0] in word_list("object_pronoun", code) and (has("manner_ref", rest) or has("over", rest)):
        return True  # "..., so write it that way", "..., so use that instead of print"
    if words[:1] and words[0] in word_list("object_pronoun", code) and _scoped(rest) and not has("one_off", rest):
        return True  # "..., so include them in the controller code you write"
    stop = word_list("determiner", code) | word_list("article", code) | word_list("object_pronoun", code)
    stop -= word_list("plural_article", code)  # "spiegami i termini tecnici": technical terms in general
    stop |= word_list("not_object", code)  # "give me five minutes": a request now
    if words[:1] and words[0] in stop and has("manner_phrase", rest):
        return True  # "..., so explain the why behind things in plain words"
    return (
        bool(words)
        and words[0] not in stop
        and not words[0].isdigit()
        and bool(lang.content_words(" ".join(words), filler=True))
    )


def _ruled_out(clause: str) -> bool:
    """Whether ``clause`` rules what it names out ('ruled_out': "... is out", "... won't fly", "... are off the table
    for this whole project", "... kommt nicht in Frage"), what it names being no person and nothing of now."""
    spans = found("ruled_out", clause)
    if not spans or has("now", clause):
        return False
    return not (starts("other_subject", clause) or _next_word(clause, 0) in word_list("first_person"))


# A word after a comma or dash; a word that begins a sentence (a line too).
_AFTER_COMMA = re.compile(r"(?:[,，、;；]|\s[-–—])\s*([^\W\d_]+)")
_SENTENCE_HEAD = re.compile(r"(?:^|[.!?]\s+)([^\W\d_]+)", re.MULTILINE)


def _clause_hinted(text: str) -> bool:
    """Whether :func:`_accommodation` may find a rule in ``text``: a 'consequence', 'directive' or 'negative_lead'
    word after a comma or dash with a 'speaker' word before it in its sentence ("I'm ..., so don't", "Sono ...,
    spiegami ...", "Ich ..., keine ..."), the same with a Han 'consequence' or 'negative_lead' word (我…所以…), or
    a 'negative_lead' word at a sentence's start when a thanks word closes one ("Niente emoji, grazie"), or a
    'consequence' word after a comma with a 'negative_lead' word after it or a 'ruled_out' phrase in the text (what
    :func:`_setting` may lead to: "This machine is offline, so anything that pip-installs is out"), or a
    'first_person' word after a comma with the output or a 'scope' before it (:func:`_verbless_norm`). The quick
    test before a message's sentences are read for one ("so" and "no" alone are in most chat messages, and a
    pasted log has commas): word look-ups, no alternation of phrases tried at every position."""
    after, lead, han = _clause_words()
    if any(w in text for w in word_list("topic_please", "zh")):
        return True  # a Han request: read (few messages)
    for w in han:
        at = text.find(w)
        if at > 0 and _speaks_of_self("speaker", _sentence_before(text, at)):
            return True
    ruled_out = None  # looked up once, at the first consequence word
    for m in _AFTER_COMMA.finditer(text):
        word = m.group(1).lower()
        if word in after and _situation(_sentence_before(text, m.start())):
            return True
        if word in word_list("consequence"):
            if _next_word(text, m.end()) in lead:
                return True  # a setting, then "so no ...": "This repo is strict, so no `any` in the examples"
            if ruled_out is None:
                ruled_out = has("ruled_out", text)
            if ruled_out or has("output", text[m.end() : m.end() + 40]):
                return True  # "..., so anything that pip-installs is out", "..., so install instructions have to"
        if _first_person_at(text, m.start()) and _scoped(_sentence_before(text, m.start())):
            return True  # a verbless norm, then the speaker's reason: "Times in UTC in all examples, our servers ..."
    if _so_words().search(text):
        return True  # "we're HIPAA-bound so no real patient data in examples": no comma before the consequence
    return has("thanks", text) and any(m.group(1).lower() in lead for m in _SENTENCE_HEAD.finditer(text))


@lru_cache(maxsize=1)
def _so_words() -> re.Pattern[str]:
    """A one-word 'consequence' word of the spaced languages ("so", "also", "quindi") between words, then the first
    word of a 'negative_lead' ("so no", "quindi niente")."""
    words = sorted(w for w in word_list("consequence") if " " not in w and not lang.has_han(w))
    leads = sorted({w.split()[0] for w in word_list("negative_lead") if not lang.has_han(w)})
    alt = "|".join(map(re.escape, words))
    return re.compile(rf"\w\s+(?:{alt})\s+(?:{'|'.join(map(re.escape, leads))})\b", re.IGNORECASE)


def _first_person_at(text: str, at: int) -> bool:
    """Whether a 'first_person' word is among the few words after the comma at ``at`` ("..., they break our hooks")."""
    return bool(_first_person_words().search(text, at, at + FIRST_PERSON_CHARS))


@lru_cache(maxsize=1)
def _first_person_words() -> re.Pattern[str]:
    words = sorted((w for w in word_list("first_person") if not lang.has_han(w)), key=len, reverse=True)
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, words))})\b", re.IGNORECASE)


def _written_by_you(clause: str, code: str, noun: bool = False) -> bool:
    """Whether ``clause`` names what the assistant writes: the 'addressee' before an 'output_verb' ("the controller
    code you write", "the DAGs you generate"); ``noun``: with a noun before them (not "call me when you write the
    report")."""
    words = [w.lower() for w in lang.words(clause)]
    you, verbs = word_list("addressee", code), word_list("output_verb", code)
    return any(
        w in you and words[i + 1 : i + 2] and words[i + 1] in verbs and (not noun or lang.content_words(words[i - 1]))
        for i, w in enumerate(words)
    )


def _scoped(clause: str) -> bool:
    """Whether ``clause`` names the output or a 'scope' (the quick test of :func:`_verbless_norm`), or what the
    assistant writes ("the DAGs you write": the 'addressee' before an 'output_verb')."""
    words = [w.lower() for w in lang.words(clause)]
    return bool(has("output", clause) or word_list("scope").intersection(words)) or _written_by_you(clause, "")


_SENTENCE_END = re.compile(r"[.!?](?!\S)|[。！？\n]")  # not a mark inside a token: "Python 3.8"


def _sentence_before(text: str, at: int) -> str:
    """The part of ``at``'s sentence before it (at most 200 characters)."""
    window = text[max(0, at - 200) : at]
    ends = [m.end() for m in _SENTENCE_END.finditer(window)]
    return window[ends[-1] :] if ends else window


@lru_cache(maxsize=1)
def _clause_words() -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    """The first words of the 'consequence', 'directive' and 'negative_lead' phrases (Latin), of the 'negative_lead'
    ones, and the Han 'consequence' and 'negative_lead' phrases."""

    def firsts(kinds: tuple[str, ...]) -> frozenset[str]:
        return frozenset(p.split()[0] for k in kinds for p in word_list(k) if not lang.has_han(p))

    han = tuple(p for k in ("consequence", "negative_lead") for p in word_list(k) if lang.has_han(p))
    return firsts(("consequence", "directive", "negative_lead")), firsts(("negative_lead",)), han


def _please(text: str) -> bool:
    """A please word in ``text`` (Chinese 请 and 麻烦 too: 'topic_please')."""
    return has("please", text) or has("topic_please", text)


def _consequence_start(text: str, code: str) -> int:
    """The end of a 'consequence' word of language ``code`` (or English) that ``text`` starts with, or 0."""
    m = _consequence_at(code).match(text)
    return m.end() if m else 0


@lru_cache(maxsize=8)
def _consequence_at(code: str) -> re.Pattern[str]:
    words = sorted(word_list("consequence", code), key=len, reverse=True)
    alts = [re.escape(w) + ("" if lang.has_han(w) else r"(?!\w)") for w in words]
    return re.compile(rf"^\s*(?:{'|'.join(alts)})", re.IGNORECASE)


def same_subject(new: str, old: str) -> bool:
    """Whether ``new`` speaks about what ``old`` does, as :func:`merge` decides it (then ``new`` supersedes it)."""
    return _Subjects().same(new, old, has("override", rule_part(new)))


# One of the choices just offered, by its label: "option 3", "go with variant B", "l'opzione 2", "方案二".
_PICK = re.compile(
    r"\s*(?:(?:go with|use|take|pick|nehme|prendo|scelgo|选)\s+)?(?:(?:the|die|den|la|il|l')\s*)?"
    r"(?:option|variant|choice|variante|opzione|scelta|方案|选项)\s*(?:\d+|[A-Za-z]|[一二三四五])\b",
    re.I,
)


def about_one_thing(after: str, code: str) -> bool:
    """Whether what follows a preference cue is about one thing now: one of the choices offered, by its label
    ("[I prefer] option 3"), an ``object_pronoun`` within its first words ("[I'd rather] send it myself", "write to
    her first"), but "[I'd rather] it when ..." is general, and a 'place' phrase names where the user is ("[I don't
    have admin] rights on this laptop"). Read to the clause's end when the clause holds two words at least
    ("[lieber] als Fließtext, das ..."; not "[I'd rather] not, it's fine")."""
    if _PICK.match(after):
        return True  # "[I prefer] option 3", "[preferisco] la variante B": a pick among what was offered
    cut = _CLAUSE.search(after)  # "[lieber] als Fließtext, das überfliege ich": its object is in its clause
    if cut and len(lang.words(after[: cut.start()])) >= 2:
        after = after[: cut.start()]
    after = blanked(after, found("place", after))
    if lang.has_han(after):
        return after.lstrip(_PUNCT).startswith(tuple(word_list("object_pronoun", "zh")))
    words = [w.lower() for w in lang.words(after)]
    near = words[: OBJECT_WORDS + 1]
    near = near[1:] if near[:1] and near[0] in word_list("negation", code) else near[:OBJECT_WORDS]
    relation = word_list("relation", code)
    context = {  # "[works better for me] in these design discussions": where, not what
        w for i, w in enumerate(words[:OBJECT_WORDS]) if i and words[i - 1] in relation and words[i + 1 : i + 2]
    }
    pronouns = word_list("object_pronoun", code) - context
    return bool(pronouns.intersection(near)) and near[:2] != ["it", "when"]


def is_instruction(sentence: str) -> bool:
    """True if ``sentence`` reads as a standing instruction or preference (see :func:`classify`)."""
    return classify(sentence) is not None


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` without ``spans``, trimmed of the punctuation they leave behind."""
    return blanked(text, spans).strip(_PUNCT) if spans else text


def _next_word(text: str, at: int) -> str:
    words = lang.words(text[at:].lstrip(_PUNCT)[:40])
    return words[0].lower() if words else ""


# A limit after "never", "nie", "mai": a number after the comparison ("more than three options", "mehr als drei
# Optionen"), not "never again" ("nie mehr", "mai più") nor "more than I can handle".
_LIMIT = re.compile(
    r"^\W*(?:more|less|fewer|mehr|weniger|più|meno)\s+(?:than|als|di|che)\s+(?:\d|(?:a|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|a few|a couple|ein|eine|einem|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|un|una|uno|"
    r"due|tre|quattro|cinque|sei|sette|otto|nove|dieci)\b)",
    re.I,
)


def _imperative(core: str) -> bool:
    """ "Always ...", "never ...", "do not ..." (a start cue), but not a statement with its subject left out:
    "always been interested", "never saw this coming", "never used it"."""
    end = starts("start", core)
    if not end or _listeners_own(core[end:]):
        return False
    if len(core[:end].split()) > 1:
        return True  # "never use", "please keep": the verb is in the cue
    nxt = _next_word(core, end)
    if nxt in word_list("not_after_start") and not _LIMIT.match(core[end:]):
        return False
    if nxt.endswith("ing") and len(nxt) > 5 and nxt not in word_list("not_gerund"):
        return False  # "always running around", "never staying long": a statement with its subject left out
    return not _past(nxt)


def _past(word: str) -> bool:
    """Whether ``word`` reads as a past form by its 'past_suffix' ("passed", "failed"; not one of 'not_past')."""
    suffixes = word_list("past_suffix")
    return any(word.endswith(x) and len(word) > len(x) + 2 for x in suffixes) and word not in word_list("not_past")


def _listeners_own(rest: str) -> bool:
    """Whether ``rest`` speaks of the listener's own things that are not an assistant's output: advice to a
    person ("don't waste your money", "make sure you have your ID card"), not a rule for the assistant ("never use
    the passive voice in your replies")."""
    code = lang.detect(rest)
    return any(not has("output", " ".join(lang.words(rest[b:])[:3])) for _, b in _of("listener_own", rest, code))


def _led_with(core: str) -> bool:
    """ "Lead with the conclusion and the cost or risk", "Inizia con il codice": where an answer starts or ends
    ('lead_with') and a 'part' of an answer within the next words; not "Lead with the dog"."""
    end = starts("lead_with", core)
    return bool(end) and bool(found("part", " ".join(lang.words(core[end:])[:4])))


def _style(core: str) -> bool:
    """ "Keep it brief", "use metric units", "stick to Python 3.8", "be concise": a style cue with a general
    object (not "use this one", "use a dict")."""
    end = starts("style_general", core)
    if end:  # "write all dates as ...", not "write a test" (but "keep it brief" is a style cue of its own)
        general = word_list("general", lang.detect(core))
        rest = core[end:].lstrip(_PUNCT)
        reciprocal = rest.lower().startswith(("each other", "one another"))  # "let's keep each other motivated"
        if (_next_word(core, end) in general and not reciprocal) or (
            lang.has_han(rest) and rest.startswith(tuple(general))
        ):
            return True
        if _output_how(rest, lang.detect(core)):
            return True  # "write commit messages in the imperative mood", "show numbers with thousands separators"
        kept = found("output", rest)  # "keep functions under 30 lines": what to keep so is the output in general
        lead = lang.words(rest[: kept[0][0]]) if kept else []  # "keep the examples minimal": an article, too
        lead = lead[1:] if lead and lead[0].lower() in word_list("article", lang.detect(core)) else lead
        whole = len(lead) <= 1 and not _specific(lang.detect(core)).intersection(w.lower() for w in lead)
        # one word may name what the output is about: "keep library suggestions to permissive licenses"
        if starts("maintain", core) and kept and whole and lang.words(rest[kept[0][1] :]):
            return True
    end = starts("style_start", core)
    if not end:
        return False
    rest = core[end:].strip(_PUNCT)
    code = lang.detect(core)
    if core[:end].strip().lower() in word_list("hand_over", code) and (starts("count", rest) or rest[:1].isdigit()):
        return False  # "Gib mir fünf Ideen für einen Regentag", "写个正则": so many things now, no manner of answering
    if lang.has_han(rest) and _HAN_DONE.search(_CLAUSE.split(rest, maxsplit=1)[0]):
        return False  # "用certbot续了证书，...": a verb, 了 and its object: what was done
    if lang.has_han(rest) and not lang.content_words(rest, filler=True):
        rest = ""  # "回答简短一点": "a little" adds nothing
    if not rest:  # the cue says it all ("be concise", "halte dich kurz", "简洁点"), but "use." says nothing
        cue = core[:end].strip()
        return len(cue.split()) >= 2 or (lang.has_han(cue) and len(cue) >= 3)
    if _next_word(rest, 0) in word_list("not_after_style", code):
        return False  # "format is JSON", "use case: ...", "less than 5%": a statement, not a style
    if lang.has_han(rest) and rest.startswith(tuple(word_list("not_after_style", "zh"))):
        return False  # "用的是选项式 API": what is used, "用过": what was
    if _next_word(rest, 0) in word_list("determiner", code):  # "use a formal tone with me": a manner is general
        return bool(word_list("manner", code).intersection(w.lower() for w in lang.words(rest)[1:4]))
    return bool(lang.content_words(rest, filler=True))


def _output_how(rest: str, code: str) -> bool:
    """After a style verb: the output in general (an 'output' word, at most one word before it, no article), then
    how ('relation' right after it) of something that is no one thing ("[write] commit messages in the imperative
    mood", "[show] numbers with thousands separators"; not "[write] tests for the parser", "[write] tests for this
    function")."""
    out = found("output", rest[:40])
    if not out:
        return False
    a = out[0][0]
    b = max(e for x, e in out if x == a)
    before = [w.lower() for w in lang.words(rest[:a])]
    stop = word_list("determiner", code) | word_list("article", code) | word_list("object_pronoun", code)
    if len(before) > 1 or stop.intersection(before) or has("one_off", rest):
        return False
    after = [w.lower() for w in lang.words(rest[b:])[:5]]
    if len(after) < 2 or after[0] not in word_list("relation", code) or word_list("determiner", code) & set(after):
        return False  # "[add] tests with pytest for this"
    if after[1] in stop | word_list("first_person", code):  # "in the imperative mood", not "in the file"
        return bool(word_list("manner", code).intersection(after[2:]))
    return True


def _fragment(s: str) -> bool:
    """ "Metric please", "no emojis please", "bitte keine Emojis", "公制就好", "bitte metrische Einheiten
    verwenden": a few words and a please word, not "yes please", "the code please", "please hurry"."""
    if s.rstrip().endswith(("?", "？")):
        return False  # "... insurance policy, PLS?": a question, not a fragment
    marks = found("please", s) or _trailing_standing(s)
    if not marks and not has("thanks", s):
        return False
    code = lang.detect(s)
    marks = marks or _thanks(s, code)
    if not marks:
        return False
    after = _CLAUSE.search(s, marks[0][1])  # "Risposte brevi, per favore, le leggo dal telefono": a reason after
    if after and s[after.end() :].strip(_PUNCT) and not found("please", s[after.end() :]):
        s = s[: after.start()]
        marks = [(a, b) for a, b in marks if b <= len(s)]
    rest = _cut(s, marks)
    words = [w.lower() for w in lang.words(rest)]
    if words and words[-1] in word_list("style_end", code):
        words = words[:-1]  # "bitte metrische Einheiten verwenden": the verb at the end makes it a request to keep
    elif marks[0][0] == 0 and (not words or words[0] not in word_list("fragment_lead", code)):
        return False  # "please hurry", "please continue": a request for this turn
    longer = 4 if starts("negative_lead", rest) else 0  # "no external dependencies beyond the standard library"
    if not longer and word_list("relation", code).intersection(words[1:]) and (has("output", rest) or _technical(rest)):
        longer = 3  # "Le risposte nel formato elenco puntato, per favore", "async/await over .then() chains, please"
    if not words or len(words) > MAX_FRAGMENT_WORDS + longer or len(rest) > 40 + 10 * longer:
        return False
    stop = (word_list("determiner", code) | word_list("article", code)) - word_list("plural_article", code)
    if words[0] in stop or any(
        w in word_list("not_fragment", code) and not _joins_styles(words, i, code) for i, w in enumerate(words)
    ):
        return False
    if lang.has_han(rest):
        return not any(rest.startswith(d) for d in stop) and bool(lang.content_words(rest, filler=True))
    about = word_list("fragment_lead", code) | word_list("fragment_about", code)
    free = any(w.endswith("-free") for w in rest.lower().split())  # "Spoiler-free please!", "Gluten-free, please."
    if not (
        starts("negative_lead", rest) or about.intersection(words) or has("output", rest) or _technical(rest) or free
    ):
        return False  # "Two yuan, please.", "Your name, please.", "Sit down, please.": an answer or a request now
    return bool(lang.content_words(" ".join(words), filler=True))


# A technical name: inner capitals ("jQuery", "TypeScript", "UIKit"), or letters with a digit or a programming sign
# ("Python3", "C++", "Node.js"). Not capitals alone: narration stresses words so ("the VALUE, not the TYPE").
_TECH_NAME = re.compile(r"\w*[a-z][A-Z]\w*|[A-Z]{2,}[a-z]\w*|(?=\w*[A-Za-z])\w*\d\w*|\w+(?:\+\+|#|\.js)")
_TERSE_CLAUSE = re.compile(r"\s*[,;，；]\s*")
# A name (and its version), then what it is not, with no comma between: "pnpm not npm", "Yarn 1 not berry".
_BARE_NOT = re.compile(r"([^\s,;]+(?:[ \t]\d[\w.]*)?)[ \t]+((?:not|nicht|non)[ \t]+[^,;]+)", re.I)
_BARE_WHERE = re.compile(r"\S+\s+\S+(?=\s+(\w+)\s)")  # "not java" and the word after it: "for any android ..."
_TERSE_TAIL = re.compile(r"\s+(?:btw|fyi|pls|plz|please|thx|thanks|bitte|grazie)\W*$", re.I)  # "pnpm not npm btw"
_TERSE_REASON = re.compile(r"\s[-–—]\s|:\s")


def _terse_head(s: str) -> str:
    """What a terse sentence sets, before a reason after a dash or colon and without a trailing "pls" or "thanks"."""
    return _TERSE_TAIL.sub("", _TERSE_REASON.split(s.strip(_PUNCT), maxsplit=1)[0])


def _joins_styles(words: list[str], i: int, code: str) -> bool:
    """Whether ``words[i]`` is an "and" between two words of how answers should be ("kurz und knapp bitte", "short
    and simple please"; not "fish and chips please")."""
    style = word_list("fragment_about", code) | word_list("fragment_adjective", code)
    return words[i] in _AND_WORDS and 0 < i < len(words) - 1 and words[i - 1] in style and words[i + 1] in style


_AND_WORDS = frozenset({"and", "und", "e"})


def _terse(s: str) -> bool:
    """ "Python only.", "No jQuery.", "Tabs, not spaces.", "Solo JavaScript vanilla, niente framework", "Nur Bash,
    kein Python - auf den Kisten ...": a verbless sentence (a reason may follow a dash or colon) of at most two
    short clauses; the first names a technical thing or the output (a 'tech' word, one that looks like it: "ORM",
    "jQuery", "Python3"; an 'output' word) and says to use only it ('restrictive': "only", "nur") or not (a
    'negative_lead' or 'negation' word first), or the second says what not to use instead. Not "Cash only", "No
    way", "Kein Problem", "Friday, not Monday" (a correction of one fact), "No README, so I made one". Where it says
    both what to keep to and what not ("bodyweight stuff only, no gym"), no technical thing need be named."""
    head = _terse_head(s)
    if len(head) > 240 or lang.has_han(head) or not _terse_words().intersection(lang.words(head.lower())):
        return False
    clauses = [_TERSE_TAIL.sub("", c) for c in _TERSE_CLAUSE.split(head.strip(_PUNCT)) if c]
    bare = _BARE_NOT.fullmatch(clauses[0]) if len(clauses) <= 2 else None
    clauses = [*bare.groups(), *clauses[1:]] if bare else clauses  # "pnpm not npm", "pnpm not npm btw, last time ..."
    code = lang.detect(s)
    if bare and (at := _BARE_WHERE.match(clauses[1])) and at.group(1).lower() in word_list("relation", code):
        clauses = [clauses[0], clauses[1][: at.end(0)], clauses[1][at.end(0) :]]  # "kotlin not java for any ..."
    if len(clauses) == 3 and (_next_word(clauses[2], 0) in word_list("relation", code) or _reason(clauses[2])):
        clauses = clauses[:2]  # "yarn, not npm, for install commands": where the pick holds; or why ("Yarn 1, not
        # berry, that's what the monorepo is pinned to")
    if not 1 <= len(clauses) <= 2 or len(", ".join(clauses)) > 80 or has("one_off", ", ".join(clauses)):
        return False
    marks = [_terse_mark(c, code) for c in clauses]
    if None in marks:
        return False
    if marks == ["restricted", "negated"]:
        return True  # "bodyweight stuff only, no gym": what to keep to and what not, both said
    if not _named(clauses[0][starts("negative_lead", clauses[0]) :]):
        return False
    return bool(marks[0]) or (len(clauses) == 2 and marks[1] == "negated")


# A date written as its format: "YYYY-MM-DD", "TT.MM.JJJJ", "gg/mm/aaaa" (English, German and Italian letters).
_DATE_FORMAT = re.compile(r"\b(?:[YJA]{2,4}|[DTG]{1,2}|M{1,2})(?:[-./](?:[YJA]{2,4}|[DTG]{1,2}|M{1,2})){2}\b", re.I)
_NUMBER_BEFORE = re.compile(r"(?:\d|[一二两三四五六七八九十百千万])[\s,.]*$")
_CONTRACTED = re.compile(r"\w'(?:s|re|m|ve|ll|d)\b", re.I)  # "it's", "we're": a verb in a contraction
SETTING_WORDS = 5  # "Monday as first day of the week": words besides the setting in its head, fewer than this
SETTING_CHARS = 12  # "时间按北京时间": a Han head, at most this many characters


def _bare_setting(s: str) -> bool:
    """ "Celsius.", "ISO dates, YYYY-MM-DD.", "Times in CET, I'm in Berlin.", "Halal only.", "Uhrzeiten im
    24-Stunden-Format.", "时间按北京时间。" (in a short turn: :func:`_bare_style`): a head (before a comma, dash or
    colon: a reason may follow) that names a setting of the output (a 'setting' word: a unit, a currency, a time
    zone, a date format, a spelling, a register, a naming case, a citation style, a diet) or writes a date format,
    with fewer than ``SETTING_WORDS`` words besides (``SETTING_CHARS`` Han characters in all), none a number, and
    after the setting nothing but how it applies ("snake_case for Python") or the output it is of. Not an amount
    ("5 ft 10, 80 kg", "大概两公斤"), a question, an exclamation ("Vegan brownies!"), a pasted config
    ("units=metric"), a one-off, someone else's, a thing the setting qualifies ("Kosher salt", "Euro trip next
    week"), one thing ("The APA paper"), nor a head with a verb, a pronoun or a past form ("It's dairy-free")."""
    text = s.strip()
    if text.endswith(("?", "？", "!", "！")):
        return False
    head = _terse_head(text)
    head = _TERSE_CLAUSE.split(head.strip(_PUNCT), maxsplit=1)[0]
    named = found("setting", head)
    dates = [m.span() for m in _DATE_FORMAT.finditer(head)]
    if not (named or dates) or "=" in head or _of_others(head) or has("one_off", text):
        return False
    if not dates and any(_NUMBER_BEFORE.search(head[:a]) for a, _ in named):
        return False  # an amount: "80 kg", "20 euros"
    if lang.has_han(head):
        return len(head) <= SETTING_CHARS and "了" not in head and not has("first_person", head)
    code = lang.detect(s)
    words = [w.lower() for w in lang.words(head)]
    verbs = word_list("copula", code) | word_list("first_person", code) | word_list("object_pronoun", code)
    if verbs.intersection(words) or any(map(_past, words)) or _CONTRACTED.search(head):
        return False
    if starts("statement_start", head) or words[0] in word_list("article", code) | word_list("determiner", code):
        return False
    after = lang.words(head[max(e for _, e in named + dates) :])[:1]
    how = word_list("relation", code) | word_list("restrictive", code)
    if after and after[0].lower() not in how and not has("output", after[0]):
        return False  # "Kosher salt", "Euro trip next week": what the setting qualifies, no output
    rest = _DATE_FORMAT.sub(" ", _cut(head, named))  # the words besides the setting's own
    return len(lang.words(rest)) < SETTING_WORDS and not any(ch.isdigit() for ch in rest)  # "Convert 5 miles to km"


def _terse_mark(clause: str, code: str) -> str | None:
    """How a clause of :func:`_terse` limits: "restricted", "negated", "" (a bare name: "Tabs"), None (no terse
    clause: more than three words, or a phrase such as "no worries")."""
    low = [w.lower() for w in lang.words(clause)]
    if not 1 <= len(low) <= 3 or starts("not_negative", clause):
        return None
    if starts("negative_lead", clause) or low[0] in word_list("negation", code):
        stop = word_list("determiner", code) | word_list("article", code)
        return "negated" if len(low) > 1 and low[1] not in stop else None  # "not the TYPE": one thing
    restrictive = word_list("restrictive", code)
    if low[0] in restrictive or low[-1] in restrictive:
        return "restricted" if len(low) > 1 else None
    return ""


def _named(clause: str) -> bool:
    """Whether ``clause`` names the output or a technical thing (see :func:`_terse`)."""
    return has("output", clause) or _technical(clause)


def _technical(clause: str) -> bool:
    """Whether ``clause`` names a technical thing: a 'tech' word or one that looks like it ("jQuery", "Python3")."""
    tech = word_list("tech")
    return any(w.lower() in tech or _TECH_NAME.fullmatch(w) for w in lang.words(clause))


# A sentence's head of at most eight words before its end, a dash or a colon: where a terse rule may be.
_SHORT_HEAD = re.compile(
    r"(?:^|(?<=[.!?])[ \t]+|\n)[ \t]*([^\s.!?–—:]+(?:[ \t,;]+[^\s.!?–—:]+){0,7})[ \t]*(?=[.!?–—:]|\n|$)", re.M
)


# "not" between words: where a sentence that is only a name and what it is not may be ("pnpm not npm btw.").
_NOT_AT = re.compile(r"[ \t](?:not|nicht|non)[ \t]", re.I)
_SENTENCE_MARK = re.compile(r"[.!?\n]")


def _bare_not_in(head: str) -> bool:
    """Whether ``head`` holds a short sentence that is only a name and what it is not (:data:`_BARE_NOT`): the
    quick test of that shape, read at each "not" only."""
    for m in _NOT_AT.finditer(head):
        start = max(head.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        if m.start() - start > 40:
            continue
        stop = _SENTENCE_MARK.search(head, m.end())
        sentence = head[start : stop.start() if stop else len(head)].strip().split(",")[0]  # a reason may follow
        if len(sentence.split()) <= 6 and _BARE_NOT.fullmatch(_TERSE_TAIL.sub("", sentence)) and _named(sentence):
            return True  # "pnpm not npm btw, ...", not "It's not working"
    return False


def _terse_hinted(head: str) -> bool:
    """The quick test of :func:`_terse`: a 'restrictive' word, or a negative one, in a short sentence's head ("only"
    and "no" are in many long sentences of narration)."""
    if _bare_not_in(head):
        return True  # "pnpm not npm btw, last time ...": the shape itself
    if not may_hold(head, ("restrictive",), ("negative_lead", "negation")):
        return False
    words = _terse_words()
    code = lang.detect(head)
    for m in _SHORT_HEAD.finditer(head):
        bare_not = _BARE_NOT.fullmatch(m.group(1).lower())
        clauses = _TERSE_CLAUSE.split(m.group(1).lower())
        marks = [_terse_mark(c, code) for c in clauses] if not bare_not and len(clauses) == 2 else []
        if marks == ["restricted", "negated"]:
            return True  # "bodyweight stuff only, no gym": what to keep to and what not
        for clause in bare_not.groups() if bare_not else clauses:
            w = clause.split()
            if w and (w[0] in words or w[-1] in words) and len(w) <= 3 and _named(m.group(1)):  # its own case
                return True  # what it limits is named: "No jQuery", not "No way", "Not yet"
    return False


@lru_cache(maxsize=1)
def _terse_words() -> frozenset[str]:
    """The 'restrictive', 'negative_lead' and 'negation' words of the spaced languages (their first words)."""
    kinds = ("restrictive", "negative_lead", "negation")
    return frozenset(w.split()[0] for k in kinds for w in word_list(k) if not lang.has_han(w))


def _convention(s: str) -> bool:
    """ "Our team writes tests with pytest, not unittest", "Il nostro team usa Vitest, non Jest", "我们这边不用
    ORM，直接写 SQL", "Da noi le API seguono lo snake_case": how the speaker's team works ('team': "our team",
    "bei uns", "da noi", 我们组), in its first clause, with a technical thing named (a 'tech' word or one that
    looks like it) and what is not used or is the norm (a negative or restrictive word, a 'ruled_out' phrase, a
    'norm'): a convention the answers follow. Not what happened ('copula_past'), nor a plan of now ('one_off'), nor
    what someone of the team likes ('third_party': 我们组长, our team lead)."""
    first = _CLAUSE.split(s, maxsplit=1)[0]
    first = blanked(first, found("third_party", first))  # "我们组长比较喜欢 Go": the team lead, not the team
    if not found("team", first) or has("one_off", s) or has("copula_past", s):
        return False
    if any(_past(w.lower()) for w in lang.words(first)):
        return False  # "Our team adopted the Google style guide and one section confuses me": what happened
    code = lang.detect(s)
    if not _named(s):
        return False
    words = {w.lower() for w in lang.words(s)}
    limits = _terse_words() | word_list("restrictive", code)
    return bool(words & limits) or has("ruled_out", s) or has("norm", s) or has("negative_lead", s)


def _team_hinted(head: str) -> bool:
    """The quick test of :func:`_convention`: a 'team' phrase and a technical name."""
    return may_hold(head, ("team",), ()) and (may_hold(head, ("tech",), ()) or bool(_TECH_NAME.search(head)))


# Parts of an answer in an order: "X first, then Y", "erst X, dann Y", "prima X e poi Y", "先X，再Y".
_FIRST = re.compile(r"\b(?:first|at the top|up ?front|zuerst|erst|prima)\b|先", re.I)
_THEN = re.compile(r"\b(?:then|after|afterwards|second|below|underneath|dann|danach|poi|dopo)\b|再|然后|之后", re.I)


_PLAN = re.compile(r"\b(?:let me|let's|let us|i'll|i will|we'll|we will|i'm going to|we're going to)\b", re.I)


def _order_hinted(head: str) -> bool:
    """The quick test of :func:`_ordered`: an order word, a later one, a part of an answer."""
    if not may_hold(head, ("part",), ()):
        return False
    first = _FIRST.search(head)
    return bool(first and _THEN.search(head, first.end()))


def _ordered(s: str) -> bool:
    """ "Command first, then the explanation underneath", "Mi piacerebbe che mettessi prima il codice e poi la
    spiegazione", "先给命令，再解释原因": two parts of an answer ('part') in an order, a part right beside the first
    order word (a few words or characters), another after it; not the speaker's own plan ("I'll run the
    code first, then check the result", "First, let me look at the code, then ...")."""
    first = _FIRST.search(s)
    if not first:
        return False
    then = _THEN.search(s, first.end())
    wished = found("wish", s) or found("like", s) or found("prefer", s)  # "I want a tl;dr at the top, then ..."
    if not then or (_speaks_of_self("speaker", s[: first.start()]) and not wished) or _PLAN.search(s):
        return False
    if any(_past(w.lower()) for w in lang.words(s[: then.start()])) or has("copula_past", s):
        return False  # "The code first failed, then the fix worked": what happened
    han = lang.has_han(s)
    near = s[max(0, first.start() - (6 if han else 30)) : first.end() + (8 if han else 25)]
    return bool(found("part", near)) and bool(found("part", s[first.end() :]))


# An Italian command with its object as a clitic: "scrivili", "commentalo", "fammele", "mettile".
_CLITIC = re.compile(
    r"\b(?:scrivi|commenta|metti|mostra|spiega|usa|tieni|mantieni|lascia|formatta|traduci|cita|aggiungi|ordina|fa|da)"
    r"(?:mme|me)?(?:lo|la|li|le)\b",
    re.I,
)


def _clitic_command(s: str) -> bool:
    """ "Il codice commentalo in inglese", "gli esempi scrivili in TS", "le date scrivile nel formato gg/mm/aaaa":
    the output in general first, then a command that takes it up as a clitic, a few words on."""
    out = found("output", s[:60])
    if not out:
        return False
    m = _CLITIC.search(s, out[0][1], out[0][1] + 40)
    return m is not None and len(lang.words(s[out[0][1] : m.start()])) <= 3


def _when_habit(s: str) -> bool:
    """ "When you show a diff, say which file it belongs to", "When I paste a stack trace, lead with the likely
    cause", "Quando citi un dato, metti la fonte": a condition that opens the sentence ('when_lead') on what the
    assistant writes ("you" and an 'output_verb' within its next words) or on what the user hands over (a
    'first_person' word and a 'trigger': "I paste", "I ask"), then a command. Not "When you get home, call me"
    (no output), nor what happened (a past form) or a plan for one time ('one_off')."""
    end = starts("when_lead", s)
    if not end or lang.has_han(s):
        return False
    cut = _CLAUSE.search(s, end)
    if not cut:
        return False
    cond, main = s[end : cut.start()], s[cut.end() :].strip(_PUNCT)
    code = lang.detect(s)
    words = [w.lower() for w in lang.words(cond)]
    if len(words) > 10 or has("one_off", s) or any(_past(w) for w in words) or has("copula_past", cond):
        return False
    you, verbs = word_list("addressee", code), word_list("output_verb", code)
    yours = any(w in you and verbs.intersection(words[i + 1 : i + 3]) for i, w in enumerate(words))
    yours = yours or (code == "it" and bool(verbs.intersection(words[:2])))  # "quando citi": the verb's person
    handed = _speaks_of_self("first_person", cond, code) and has("trigger", cond)
    if not (yours or handed):
        return False
    core = _without_request(main)
    return _directive_start(core) or _bare_imperative(core, code) or classify(main) is not None


def _your_habit(s: str) -> bool:
    """ "You tend to rewrite the whole function when ...", "你老是在结尾加一段总结": a habit of the assistant's
    ('your_habit': "you tend to", "you keep", 你老是) named with an 'output_verb' within the next words (Han: the next
    characters), in a sentence that says more of it than the habit alone, as a complaint does; not "You tend to
    forget things", "You keep asking good questions" (no output verb)."""
    spans = found("your_habit", s)
    if not spans or s.rstrip().endswith(("!", "！")):
        return False  # "You keep writing such nice answers!": praise
    code = lang.detect(s)
    rest = s[spans[0][1] :]
    if lang.has_han(s):
        return any(v in rest[:8] for v in word_list("output_verb", "zh"))
    words = [w.lower() for w in lang.words(rest)[:3]]
    verbs = word_list("output_verb", code)
    return any(w in verbs or (w.endswith("ing") and w[:-3] in verbs) for w in words)


_VERSION = re.compile(r"\b\d+(?:\.\d+)*\b")


def _pinned(s: str) -> bool:
    """ "We're stuck on Windows Server 2016", "We're on Postgres 12 in prod", "Siamo ancora su Java 8": the speaker's
    platform or version ('pinned'), a technical thing named with a version ("we're on" and "I'm on" need the
    version: not "I'm on a Mac. Does that matter?", "we're on our way"), opening the sentence (after a request word
    or a lead-in); not what was ('copula_past')."""
    core = _without_request(s)
    if (end := starts("lead_in", core)) and (colon := _LEAD_COLON.search(core, end, 40)):
        core = core[colon.end() :]  # "Heads up: we're on Postgres 12"
    spans = found("pinned", core)
    if not spans or spans[0][0] > 0 or has("copula_past", core):
        return False  # "No, we are on Python 3), it returns None": narration, not the opening of the sentence
    s = core
    rest = _CLAUSE.split(s[spans[0][1] :], maxsplit=1)[0]  # "for now", "yet" leave it so for this conversation
    versioned = bool(_VERSION.search(rest)) or bool(_TECH_NAME.search(rest))
    loose = s[spans[0][0] : spans[0][1]].lower().rstrip() in {"we're on", "we are on", "i'm on", "i am on"}
    contrast = bool(_TERSE_CLAUSE.search(rest) or found("negation", s[spans[0][1] :]))  # "I'm on Windows, not bash"
    return (_technical(rest) or lang.has_han(rest)) and (versioned or not loose or contrast)


def _uses_not(s: str) -> bool:
    """ "I use R, not Python.", "I'm using Godot 3.5, not 4", "Wir nutzen Vitest, nicht Jest": what the speaker
    uses ('uses', opening the sentence after a lead-in) and, right after it, what not, with a technical thing
    named; nothing more in that sentence (not "I'm using pandas, not polars, and it is slow")."""
    core = _without_request(s)
    if (end := starts("lead_in", core)) and (colon := _LEAD_COLON.search(core, end, 40)):
        core = core[colon.end() :]  # "Hey, quick thing: I'm using Godot 3.5, not 4"
    end = starts("uses", core)
    if not end:
        return False
    rest = _CLAUSE.split(core[end:], maxsplit=1)[0]
    return bool(_NOT_THAT.match(core, end + len(rest))) and _technical(core[end:])


# What it is not, and nothing more in that sentence: "..., not Python.", not "..., not polars, and it is slow".
_NOT_THAT = re.compile(
    r"\s*,?\s*(?:not|nicht|non|rather than|instead of|statt|invece di)(?:\s+[^\s,;.!?]+){1,3}\s*(?:[.!]|$)", re.I
)


def _complaint(s: str) -> bool:
    """ "Too many bullet points lately", "The long disclaimers are getting old", "You over-explain", "Spieghi
    troppo", "Mir sind die Emojis in deinen Antworten zu viel", "客套话有点多了": the speaker finds a habit of the
    assistant's too much. An 'excess' of the output ("too many" right before an 'output' word, or after one with
    only a 'copula' or an 'intensifier' between: "the intros are too long"), an 'annoyance' with the output near
    it ("... are getting old", "nerven"), the assistant overdoing it ('overdo': "you ramble", "divaghi"), or doing
    it too much ("you" with an 'output_verb' before the excess, or that verb's second person alone: "spieghi").
    Not "too much work lately", "You worry too much", "The tests take too long", nor what was ('one_off',
    'copula_past': "your last answer was too long")."""
    if _your_habit(s):
        return True
    for a, _ in found("useless", s):  # "the 'Let me explain step by step' intros aren't needed"
        clause = _CLAUSE.split(s[:a])[-1]
        if found("padding", clause) and len(lang.words(clause)) <= 8:
            return True
    excess, annoyed, overdone = found("excess", s), found("annoyance", s), found("overdo", s)
    if not (excess or annoyed or overdone) or has("one_off", s) or has("copula_past", s):
        return False
    code = lang.detect(s)
    if overdone and (lang.has_han(s) or not _of("overdo", s, "en") or _speaks_of_self("addressee", s, code)):
        return True  # "You over-explain", "Du schweifst oft ab", "你太啰嗦了": the listener's own verb
    if lang.has_han(s):
        a = (excess or annoyed)[0][0]
        return bool(found("output", s[max(0, a - 12) : a + 12]) or _of("listener_own", s, code))
    you = _speaks_of_self("addressee", s, code)
    second = (word_list("output_verb", "de") | word_list("output_verb", "it")) - word_list("output_verb", "en")
    for a, b in excess:
        before = [w.lower() for w in lang.words(s[max(0, a - 30) : a])][-3:]
        if (you and word_list("output_verb", code).intersection(before)) or second.intersection(before):
            return True  # "You explain too much", "Spieghi troppo", "Du erklärst zu viel"
        after = lang.words(s[b:].lower())[:3]
        if found("output", " ".join(after)):
            return True  # "too many bullet points", "troppi emoji"
        outputs = found("output", s[max(0, a - 60) : a])
        between = lang.words(s[max(0, a - 60) + outputs[-1][1] : a].lower()) if outputs else ["-"]
        if len(between) <= 3 and set(between) <= word_list("copula", code) | word_list("intensifier", code):
            return True  # "The intros are too long", "Mir sind die Emojis in deinen Antworten ehrlich gesagt zu viel"
    return any(found("output", s[max(0, a - 60) : b + 60]) for a, b in annoyed)


def _trailing_standing(s: str) -> list[tuple[int, int]]:
    """A 'standing' word that closes a fragment after a comma, as a please word would ("Dates in ISO format,
    always.")."""
    spans = found("standing", s)
    if not spans:
        return []
    a, b = spans[-1]
    return [(a, b)] if s[:a].rstrip().endswith((",", "，")) and not s[b:].strip(_PUNCT) else []


def _thanks(s: str, code: str) -> list[tuple[int, int]]:
    """A thanks word's spans when it closes a fragment as a please word would: one that begins with a
    'fragment_lead' or 'negative_lead' word ("no emojis, thanks", "niente emoji, grazie"), not "no worries, thanks"
    nor "great, thanks"."""
    marks = found("thanks", s)
    if not marks:
        return []
    rest = _cut(s, marks)
    if starts("not_negative", rest):
        return []
    lead = starts("negative_lead", rest) or _next_word(rest, 0) in word_list("fragment_lead", code)
    first = found("output", rest[:40])
    return marks if lead or (first and first[0][0] == 0) else []  # "Risposte brevi, grazie"


def _without_request(sentence: str) -> str:
    """``sentence`` without its polite lead-ins ("Also, could you ..." -> "..."); the same object if none."""
    core = sentence
    for _ in range(4):
        end = starts("request", core)
        if not end:
            break
        core = core[end:].lstrip(_PUNCT)
    return core


def _reported(sentence: str) -> bool:
    """Reported speech: a reporting phrase no self-report ("as I said") covers."""
    own = found("self_report", sentence)
    return any(not any(a <= start and end <= b for a, b in own) for start, end in found("reporting", sentence))


def pointable(written: str, spoken: str) -> bool:
    """Whether a summarizer may point at this sentence of :func:`own_sentences` as the user's standing preference
    (``SummaryDelta.standing``): all of it the user's own (nothing quoted, coded or pasted inside it but a word or
    two they mention: :func:`_mentions_only`), no question (the cues read "could you always ...?" as a request; a
    model's pick is not trusted so far), not about someone else ('other_subject': "my manager prefers ...", "he
    always ..."; but what follows from it for the listener: :func:`_someone_elses`), no reporting phrase at all
    ("as I said" included: what the user repeats, the cues read), three words at least ("Done." is no preference)."""
    same = " ".join(written.split()) == " ".join(spoken.split())
    if not (same or _mentions_only(written, spoken)) or written.rstrip().endswith(("?", "？")):
        return False
    if len(lang.words(spoken)) < 3 and not (lang.has_han(spoken) and len(spoken.strip()) >= 4):
        return False  # "Done.", "Sure thing": a standing preference says what, and how
    core = _without_request(spoken)
    return not (_someone_elses(core) or has("reporting", spoken) or found("third_party", spoken))


# A quoted word or two ("'morning' for me is 6pm", "no words like 'delve'"), not a quoted sentence.
_MENTION = re.compile(r"""(?<!\w)(['"“‘«「])([^'"“”‘’«»「」\n.!?:;。！？]{1,40})(['"”’»」])(?!\w)""")
MENTION_WORDS = 3


def _mentions_only(written: str, spoken: str) -> bool:
    """Whether all that is quoted inside ``written`` is words the user mentions, up to :data:`MENTION_WORDS` each
    ("I'm a nurse on nights, so 'morning' for me is around 6pm", "No AI-sounding words like 'delve'"): their own
    sentence still (a quoted sentence, "Our guide says 'never use the passive'", is not)."""
    quoted = _MENTION.findall(written)
    if not quoted or any(len(q[1].split()) > MENTION_WORDS for q in quoted):
        return False
    return " ".join(_MENTION.sub(" ", written).split()) == " ".join(spoken.split())


def _someone_elses(core: str) -> bool:
    """Whether ``core`` is about someone else ('other_subject': "my manager prefers Jira", "he always ..."), and
    not what follows from their situation for the listener ("My son's allergic to eggs, so anything baked needs an
    egg-free version": after a clause mark and a 'consequence' word, a clause not about them either; not "he likes
    it so much")."""
    if not starts("other_subject", core):
        return False
    code = lang.detect(core)
    cuts = {m.end() for m in _CLAUSE.finditer(core)}  # where a clause mark ends: ", so", " - so"
    for a, b in _of("consequence", core, code):
        if a in cuts and (rest := core[b:].lstrip(_PUNCT)):
            return bool(starts("other_subject", rest))
    return True


def own_sentences(text: str) -> list[tuple[str, str]]:
    """``(sentence as written, the same with quoted parts blanked)`` for each sentence of ``text`` that may set
    a rule: the user's own words, no hypothetical, no reported speech, no question but a request."""
    return [(written, spoken) for written, spoken, doubtful, _, _ in _sentences(text) if not doubtful]


_CHOICE = re.compile(r"[,，]\s*(?:or|oder|o|oppure|还是|或者)\s", re.I)


def _led_spans(own: str) -> list[tuple[int, int]]:
    """The spans of the sentences of ``own``, a short lead-in before a colon joined to the sentence it leads
    ('lead_in': "Pet peeve of mine: code blocks without a language tag", "Ti chiedo una cortesia: niente emoji",
    "有个小要求：金额统一用人民币"), and a clause before a semicolon to the speaker's reason after it ("Docstrings
    in Google style; our Sphinx setup uses napoleon")."""
    spans = [m.span() for m in SENTENCE.finditer(own)]
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(spans):
        start, end = spans[i]
        lead = own[start:end].strip()
        joined = i + 1 < len(spans) and (
            (own[end : end + 1] in ":：" and len(lead) <= 40 and starts("lead_in", lead))
            or (own[end : end + 1] in ";；" and _first_person_at(own, end + 1))  # "...; our Sphinx setup uses ..."
        )
        if joined:
            out.append((start, spans[i + 1][1]))
            i += 2
            continue
        out.append((start, end))
        i += 1
    return out


_TAGGED = re.compile(r"\s*[,，]\s*([^,，]{1,20}?)\s*[?？]+$")


def _untagged(spoken: str) -> str:
    """``spoken`` without a closing 'tag' that asks only for agreement ("..., ok?", "…，好吗？"), as a statement."""
    m = _TAGGED.search(spoken)
    if m is None or m.group(1).lower().strip(" .!") not in word_list("tag"):
        return spoken
    return spoken[: m.start()] + ("。" if lang.has_han(spoken[-1]) or spoken.endswith("？") else ".")


class _Beside(NamedTuple):
    """A sentence right after or right before another in its paragraph (:func:`_sentences`)."""

    written: str = ""
    spoken: str = ""
    tie: str = ""  # the semicolon or colon between the two when they are one sentence (:func:`_tie`)
    closes: bool = False  # after: it ends its paragraph


_Said = tuple[str, str, bool, _Beside, _Beside]  # a sentence of :func:`_sentences`


_NONE = _Beside()


def _beside_at(text: str, strict: str, span: tuple[int, int], tie: str, closes: bool = False) -> _Beside:
    """:class:`_Beside` of the sentence at ``span``: as written (``text``) and spoken (``strict``)."""
    a, b = span
    return _Beside(" ".join(text[a:b].split()), " ".join(strict[a:b].split()), tie, closes)


def _sentences(text: str) -> list[_Said]:
    """:func:`own_sentences`, and those a generic question after them makes doubtful (``True``): what may have
    been pasted before "What do you think?" can still state the user's own preference, but no rule. Last, the
    sentences right after and right before each in the same paragraph, as written and spoken (blanks for none: a
    reason may follow a rule, the speaker's setting come before it), with the clause mark between the two when one
    sentence goes on after it (:func:`_tie`; "" for none). A doubtful sentence's are read as it is (a rule the user
    owns before "Thoughts?" keeps its reason), and the question closing its paragraph does not go on after them.
    A generic question typed with no mark before it opens a sentence of its own (:func:`glued_questions`)."""
    text = glued_questions(text[:READ_CHARS])
    own, strict = (unwrapped(t) for t in doubtful_words(text))
    out = []
    spans = _led_spans(own)
    for i, (start, end) in enumerate(spans):
        spoken = " ".join(own[start:end].split())
        doubtful = not strict[start:end].strip()
        if len(spoken) < 4 or _reported(spoken):
            continue
        # "Should I always use tabs?" and "Would you recommend ...?" ask; "Could you always use tabs?" asks for a rule
        spoken = _untagged(spoken)  # "niente spiegazioni lunghe, ok?": a statement that asks to be agreed with
        asks = _without_request(spoken) is spoken and not starts("cease", spoken)  # "Why do you keep ...?" asks to stop
        asks = asks and not _asked_change(spoken)  # "Can answers be shorter?" asks for a lasting change
        asks = asks and not (spoken.endswith(("?", "？")) and _accommodation(spoken))  # "I'm on Kotlin, so could you"
        if spoken.endswith(("?", "？")) and (asks or starts("asks_opinion", spoken) or _CHOICE.search(spoken)):
            continue  # a question that weighs two ways ("..., or only for I/O?") asks for a judgment
        written = text[start:end]
        near = own if doubtful else strict  # its neighbours are read as it is (doubtful: they may be its reason)
        head = len(written) - len(written.lstrip())
        if written[head : head + 1] != own[start + head : start + head + 1]:
            spoken = f"… {spoken}"  # "`foo` always returns None": it does not start where its own words do
        after = spans[i + 1] if i + 1 < len(spans) else None
        joined = after is not None and not PARAGRAPH_END.search(text, end, after[0])
        following = _NONE
        if after is not None and joined:
            k = i + 2
            if k < len(spans) and doubtful and not strict[slice(*after)].strip() and strict[slice(*spans[k])].strip():
                k += 1  # the generic question closing a doubtful paragraph does not go on after it
            later = spans[k][0] if k < len(spans) else len(text)
            closes = later == len(text) or bool(PARAGRAPH_END.search(text, spans[k - 1][1], later))
            following = _beside_at(text, near, after, _tie(own, end, after[0]), closes)
        before = spans[i - 1] if i else None
        preceding = _NONE
        if before is not None and not PARAGRAPH_END.search(text, before[1], start):
            preceding = _beside_at(text, near, before, _tie(own, before[1], start))
        out.append((" ".join(written.split()), spoken, doubtful, following, preceding))
    return out


def _beside(sentence: str) -> bool:
    """What any sentence kept beside a rule must be (:func:`_reason`, :func:`_said_before`, :func:`_goes_on`): a
    statement of at most ``REASON_CHARS``, nothing for this turn ('one_off', "here" among it: "The table here is
    wrong."), no aside ('aside': "give me a sec to paste it"), no change of topic ('not_reason': "Anyway, ...", "I
    suspect ...")."""
    return _kept_beside(sentence) and not starts("not_reason", sentence)


def _kept_beside(sentence: str) -> bool:
    """A statement of at most ``REASON_CHARS``, nothing for this turn ('one_off'), no aside: what any sentence kept
    beside a rule is (:func:`_beside`, :func:`_tied`)."""
    if not sentence or sentence.endswith(("?", "？")) or len(sentence) > REASON_CHARS:
        return False
    return not (has("one_off", sentence) or has("aside", sentence))


def _reason(sentence: str) -> bool:
    """Whether ``sentence``, right after a rule in its paragraph, gives the speaker's reason for it ("Pandas, not
    polars. Our cluster image doesn't have polars."): a statement of a few words about the speaker ('first_person',
    'possessive', 'team') or where the speaker is ('place': "Getting anything approved at work takes weeks"), or one
    that opens with a 'reason' phrase ("It breaks our wiki export", "Otherwise CI fails"); kept beside a rule
    (:func:`_beside`), no rule of its own (an item itself), no other request."""
    if not _beside(sentence) or (len(lang.words(sentence)) < 3 and not lang.has_han(sentence)):
        return False
    if _AND.match(sentence) or (_command(sentence) and not _speaks_of_self("first_person", sentence)):
        return False  # "And suggest what a troubleshooting section should cover ...": something more, no reason
    if _speaks_of_self("first_person", sentence) or has("possessive", sentence) or has("team", sentence):
        return True
    return bool(starts("reason", sentence) or has("place", sentence))  # "Getting anything approved at work takes weeks"


def _own_reason(sentence: str) -> bool:
    """Whether ``sentence``, right after a rule before a generic question, is the speaker's own reason for it
    (:func:`_reason`, with a 'first_person' word: "Pandas, not polars. Our image doesn't have polars and I can't
    change it. Thoughts?"), not advice seen elsewhere ('backref'): the rule is the user's own, though the question
    makes it doubtful; one pasted for others goes on with more rules ("No PR over 400 lines. Two approvals before
    merge. Thoughts?"). A rule of its own is no reason ("Stick to 3.8. I'd rather keep pandas. Thoughts?"), nor is
    someone else's situation."""
    if not _reason(sentence) or not _speaks_of_self("first_person", sentence) or has("backref", sentence):
        return False
    if _of_others(sentence):
        return False  # "My neighbour got robbed last week.": someone else's situation, no reason for the speaker
    return classify(sentence) is None


def _command(sentence: str) -> bool:
    """Whether ``sentence`` is a bare command not spoken to the assistant by name (a verb first tells one only in
    English): something more to do, "Fix the bug in line 3.", no reason or remark."""
    if starts("reason", sentence) or lang.detect(sentence) != "en":  # "Otherwise the contract tests fail."
        return False
    if _ACRONYM.match(sentence.lstrip()):
        return False  # "JSON or TOML for config examples": a name first, no verb
    return _bare_imperative(sentence, "en") and not has("addressee", sentence)


_ACRONYM = re.compile(r"[A-Z]{2,6}\b")


def _said_before(sentence: str, short: bool = False) -> bool:
    """Whether ``sentence``, right before a rule in its paragraph, states the speaker's setting the rule follows
    from ("Our infra is Terraform on GCP. No click-through-the-console instructions."): a statement of a few words
    that opens with the speaker's own thing ('possessive'), a 'pinned' platform, or who the speaker is ("I'm a
    manager", "Sono celiaca"), or speaks of the speaker's 'team'; of how things stand (no past, no wish: "I want a
    panel that ..." is the task), kept beside a rule (:func:`_beside`), ended, no thanks ("Thanks, that works.").
    In a ``short`` message, also how the speaker is (:func:`_self_state`: "I'm blind and use a screen reader.",
    "Wheelchair user here."; "Im Frontend nutzen wir Vue 3.") or what holds where they work ("this project uses
    yarn berry with PnP, not npm.")."""
    words = [w.lower() for w in lang.words(sentence)]
    code = lang.detect(sentence)
    if short and _ends(sentence) and 2 <= len(words) <= 4 and words[-1] == "here" and code == "en":
        return True  # "Wheelchair user here.": who the speaker is, though "here" reads as this turn's
    if not _beside(sentence) or not _ends(sentence) or has("thanks", sentence):
        return False
    if len(words) < 3 and not lang.has_han(sentence):
        return False
    if (
        any(_past(w) for w in words)
        or word_list("copula_past").intersection(words)
        or any(h in sentence for h in _HAN_PAST)
    ):
        return False  # "I ran the tests and they passed.", "刚跑了一下测试": what happened
    if has("wish", sentence) or (has("like", sentence) and not short):
        return False  # "I want a panel that shows p95 latency": the task at hand; "I hate passive voice." is the
        # speaker's taste in a short message
    if starts("possessive", sentence) or _pinned(sentence) or has("team", sentence):
        return True  # "Our infra is Terraform on GCP.", "We target Node 18 LTS.", "Datenschutz ist bei uns heikel."
    who = _WHO_IS.match(straight(sentence))  # "I'm a manager, not an engineer.", "Sono celiaca.", "我是老师。"
    if who is not None and not _next_word(sentence, who.end()).endswith("ing"):  # not "We're planning the ..."
        return True
    if not short:
        return False
    if any(a == 0 for a, _ in found("place", sentence)) and not set(words) & _NOT_STATE_VERBS:
        return True  # "this project uses yarn berry with PnP, not npm."
    if code == "en":
        return _self_state(words)
    own = word_list("speaker", code) - word_list("speaker", "en")  # Italian "I dati ..." is no "I"
    return bool(own.intersection(words))  # "Im Frontend nutzen wir Vue 3 mit der Composition API."


def _self_state(words: list[str]) -> bool:
    """Whether a sentence of ``words`` (lower case) says how the speaker is, in English: "I'm blind and use a screen
    reader.", "I'm terrible with jargon.", "I use vim and no mouse.", "I can't have caffeine at the moment."; not
    what the speaker is doing now ("I'm writing a fantasy novel": the task), did, will do, wants, needs or thinks
    ("I'm not sure", "I think it's the cache"), nor what they have at hand ("I have a CSV with ...", "I'm on the new
    billing export"). A greeting first counts as none ("Hey, I'm blind ...")."""
    words = words[1:] if words[:1] and words[0] in _HELLO else words
    if words[:1] in (["i'm"], ["we're"]) or words[:2] in (["i", "am"], ["we", "are"]):
        rest = [w for w in words[1 if "'" in words[0] else 2 :] if w not in _STATE_ADVERBS]
        if rest[:1] in (["on"], ["in"], ["at"]) and rest[1:2] in (["the"], ["this"], ["that"]):
            return False  # "I'm on the new billing export": the task, not where the speaker is ("I'm on Windows")
        return bool(rest) and not (rest[0].endswith("ing") or rest[0] in _NOT_STATE or _past(rest[0]))
    if words[:1] not in (["i"], ["we"]):
        return False
    rest = [w for w in words[1:] if w not in _STATE_ADVERBS]
    if rest[:1] in (["can't"], ["cannot"], ["don't"], ["do"]) and len(rest) > 1:  # "I can't read notation yet"
        rest = rest[1:] if rest[1] not in _NOT_STATE_VERBS else rest[:1]
    if rest[:1] == ["have"]:
        return rest[1:2] == ["no"]  # "we have no admin rights"; not "I have a CSV ...", "I have problem with ..."
    return bool(rest) and not (rest[0].endswith(("ing", "'d", "'ll", "'ve")) or rest[0] in _NOT_STATE_VERBS)


_HELLO = frozenset({"hey", "hi", "hello", "oh", "ok", "okay", "well"})
_STATE_ADVERBS = frozenset({"really", "also", "still", "just", "only", "mostly", "usually", "basically", "pretty"})
_NOT_STATE = frozenset(  # after "I'm": no lasting state ("I'm sure", "I'm done", "I'm back", "I'm about to")
    {"sure", "done", "glad", "happy", "sorry", "afraid", "back", "about", "curious", "confused", "stuck", "ready"}
    | {"going", "finally", "here", "there", "so", "fine", "ok", "okay", "good", "great", "not"}
)
_NOT_STATE_VERBS = frozenset(  # after "I": a wish, a plan, a thought, what happened or may happen
    {"want", "need", "wanted", "needed", "think", "guess", "suspect", "wonder", "hope", "plan", "mean", "know"}
    | {"see", "saw", "tried", "got", "get", "found", "noticed", "did", "was", "were", "understand", "remember"}
    | {"figure", "feel", "believe", "will", "would", "should", "could", "might", "may", "must", "can", "shall"}
    | {"just", "am", "assume", "suppose", "reckon", "bet"}
)


_WHO_IS = re.compile(  # who the speaker is, not where ("I'm on the new billing export": the task)
    r"\s*(?:(?:i'm|i am|we're|we are)\s+(?:a|an|not)|ich bin|wir sind|sono|siamo|我是|我们是)(?!\w)", re.I
)


def _refers_back(spoken: str) -> bool:
    """Whether ``spoken`` asks the assistant to keep what was said before it and says little else ('noted': "Keep
    that in mind.", "Tienine conto negli esempi.", "请记住这一点。"): the sentence before it is what to keep."""
    end = next((b for a, b in found("noted", spoken) if not spoken[:a].strip()), 0)
    return bool(end) and len(lang.words(spoken[end:])) <= 3


# A rule pointing back at what was said before it, a demonstrative with at most one word after it before the end,
# a mark or a linking word: "Code has to work on that.", "Please match that when you edit my drafts.", "Money advice
# has to fit that reality, not ...", "Richte dich danach."
_POINTS_BACK = re.compile(
    r"\b(?:that|this|those|these)(?!\s+(?:is|are|was|were|will|would|should|can|could|has|have|had|may|might)\b)"
    r"(?:\s+[\w-]+)?(?=\s*(?:[.,;:!]|$)|\s+(?:when|whenever|if|in|for|on|with|"
    r"throughout|across|everywhere|too|as|please)\b)|\bda(?:nach|ran|mit|rauf|zu)\W{0,3}$",
    re.I,
)


def _points_back(spoken: str) -> bool:
    """Whether the rule ``spoken`` points back at the sentence before it (:data:`_POINTS_BACK`), not at where the
    chat is ('place': "in this project"), at this turn ('one_off'), or at its own first part ("Ilse uses she/they
    pronouns, so keep that consistent")."""
    places = found("place", spoken) + found("one_off", spoken)
    return any(
        not any(a <= m.start() < b for a, b in places) and not _SO_BEFORE.search(spoken, 0, m.start())
        for m in _POINTS_BACK.finditer(spoken)
    )


_SO_BEFORE = re.compile(r"\b(?:so|quindi|also|daher|because|since|weil|perché)\b", re.I)


def _goes_on(sentence: str) -> bool:
    """Whether ``sentence``, right after a rule in its paragraph, goes on with it: a short command about things in
    general ("And parametrize instead of copy-pasting test functions."; not "Fix the bug in line 3.", about one
    thing), a terse pick ("MIT/Apache/BSD only.") or a bare style or setting ("YYYY-MM-DD."), kept beside a rule
    (:func:`_beside`), nothing that happened."""
    if not _beside(sentence) or lang.has_han(sentence):
        return False
    s = _AND.sub("", sentence, count=1)
    words = [w.lower() for w in lang.words(s)]
    if not 2 <= len(words) <= 12 or any(_past(w) for w in words):
        return False
    if _terse(s) or _bare_style(s):
        return True  # "MIT/Apache/BSD only.", "ISO dates. YYYY-MM-DD."
    code = lang.detect(s)
    if code != "en" or not lang.words(s)[0][1:].islower():
        return False  # a verb first tells a command only in English; "iText fällt damit raus" names a thing
    one = _specific(code) | word_list("object_pronoun", code) | word_list("not_object", code)
    obj = words[2:3] if words[1] in word_list("first_person", code) else words[1:2]  # "give me commands that ..."
    return _bare_imperative(s, code) and bool(obj) and obj[0] not in one


_AND = re.compile(r"^\s*(?:and|also|plus|und|auch|e|anche)\b[\s,]*", re.I)


def _so_none(sentence: str) -> bool:
    """Whether ``sentence``, right after a rule, draws what it rules out ("The repo is stuck on Java 8. So no var,
    no records."): "so" (a 'consequence' word), then a 'negative_lead' list of at most ``REMARK_WORDS`` words,
    nothing that happened."""
    end = _consequence_start(sentence, lang.detect(sentence))
    if (
        not end
        or not starts("negative_lead", sentence[end:].lstrip(_PUNCT))
        or len(lang.words(sentence)) > REMARK_WORDS
    ):
        return False
    return not any(_past(w.lower()) for w in lang.words(sentence)) and _kept_beside(sentence)


# ---------------------------------------------------------------- subjects: what supersedes what


@lru_cache(maxsize=1)
def _cue_words() -> frozenset[str]:
    """The content words of every cue phrase (as their stems): what no subject is made of."""
    out: set[str] = set()
    for kind in _CUE_KINDS:
        for phrase in word_list(kind):
            out |= _terms(phrase, frozenset())
    return frozenset(out)


@lru_cache(maxsize=1)
def _generic_words() -> frozenset[str]:
    return frozenset(t for w in word_list("generic") for t in _terms(w, frozenset()))


def _terms(text: str, drop: frozenset[str]) -> set[str]:
    """Stems of the content words of ``text`` (Han: bigrams), but those in ``drop``."""
    code = lang.detect(text)
    out: set[str] = set()
    for w in lang.content_words(text, code, filler=True):
        out.update(lang.bigrams(w) if lang.has_han(w) else (lang.stem(w, code),))
    return out - drop


def _ends(sentence: str) -> bool:
    """Whether ``sentence`` closes with an end mark (a reason joined to one without it, across a line break, would
    read as part of it)."""
    return sentence.endswith((".", "!", "?", "。", "！", "？"))


_TIE = re.compile(r"\s*([;:；：])\s*")


def _tie(own: str, end: int, start: int) -> str:
    """The semicolon or colon between two spans of :func:`_led_spans` that are one sentence ("Never suggest
    force-pushing; branch protection rejects it", "Excel formulas in the German locale: semicolons as separators"),
    "" where a sentence ends between them."""
    m = _TIE.fullmatch(own, end, start)
    return m.group(1) if m else ""


def _remark(sentence: str, loose: bool = False) -> bool:
    """Whether ``sentence``, right after a rule and the last of its paragraph, closes the rule with a remark on it
    ("British spelling, please. The docs are for a UK client.", "Keine Emojis, bitte. Das wirkt in Doku-Texten
    unprofessionell."): an ended statement of two to ``REMARK_WORDS`` words, kept beside a rule (:func:`_beside`),
    no thanks, no command (:func:`_command`); ``loose`` (a turn short as a whole): ended or not, and one word is
    enough ("Vegan. Strictly.", "Formal register. Client-facing."). A longer one after a rule in a long message
    is most often the task ("... Ho letto che con Kotlin 2.0 serve il nuovo plugin, ma non capisco dove va
    dichiarato.")."""
    if not _beside(sentence) or not (loose or _ends(sentence)) or has("thanks", sentence) or _command(sentence):
        return False  # "Always use tabs. Fix the bug in line 3.": something more to do (:func:`_goes_on`)
    words = lang.words(sentence)
    return lang.has_han(sentence) or (1 if loose else 2) <= len(words) <= REMARK_WORDS


def _tied(clause: str) -> bool:
    """Whether ``clause``, the other part of one sentence with a rule across a semicolon or colon (:func:`_tie`),
    goes with the rule: a statement of at most ``REASON_CHARS``, more than a lead-in ("By the way:"), nothing for
    this turn ('one_off'), no aside."""
    lead = max(starts("not_reason", clause), starts("lead_in", clause))  # "By the way: ...", "Heads up: ..."
    if len(lang.words(clause[lead:])) < 2 and not lang.has_han(clause[lead:]):
        return False
    return _kept_beside(clause)


def rule_part(text: str) -> str:
    """An item's rule without what :func:`detect` kept around it: the speaker's reason or what goes on with it after
    it, the speaker's setting before it ("Pandas, not polars. Our cluster image doesn't have polars." -> "Pandas,
    not polars."): its first sentence read as a rule, with the one before it when it only points back to that
    ("... Keep that in mind."); else without its last sentence when that reads as a reason."""
    spans = _led_spans(text)
    if len(spans) < 2:
        return text
    for i, (start, end) in enumerate(spans):
        sentence = " ".join(text[start:end].split())
        if classify(sentence) is not None or (i and _refers_back(sentence)):
            return text[spans[i - 1][0] if i and _refers_back(sentence) else start : end].strip()
    start, end = spans[-1]
    last = " ".join(text[start:end].split())
    return text[:start].rstrip() if _reason(last) or _goes_on(last) else text


class _Subjects:
    """Subjects of the items one call compares, each worked out once (per call: nothing is cached across calls,
    so no conversation text outlives the call)."""

    def __init__(self) -> None:
        self._loose: dict[str, frozenset[str]] = {}

    def loose(self, text: str) -> frozenset[str]:
        """Content stems of the rule without cue words ("answer in German" -> {german}); a reason kept with it
        does not count (:func:`rule_part`)."""
        got = self._loose.get(text)
        if got is None:
            got = self._loose[text] = frozenset(_terms(rule_part(text), _cue_words()))
        return got

    def strict(self, text: str) -> frozenset[str]:
        """:meth:`loose` without generic words too ("short answers please" -> {short})."""
        return self.loose(text) - _generic_words()

    def same(self, new: str, old: str, overriding: bool) -> bool:
        """Whether ``new`` speaks about what ``old`` does. A revision ("actually, polars is fine now") needs one
        shared word in three; otherwise the subjects must be equal but for one word ("always use tabs" /
        "never use tabs for indentation") or share two words and half of the smaller."""
        if overriding:
            a, b = self.loose(new), self.loose(old)
            shared = len(a & b)
            return shared >= 1 and 3 * shared >= min(len(a), len(b))
        a, b = self.strict(new), self.strict(old)
        if not a or not b:
            return False
        small, large = sorted((a, b), key=len)
        if small <= large and len(large) - len(small) <= 1:
            return True
        shared = len(a & b)
        return shared >= 2 and 2 * shared >= len(small)


# ---------------------------------------------------------------- detection and merging


@dataclass(frozen=True)
class Reading:
    """What :func:`detect` reads of one user message whatever the items in force (so a driver may keep it per
    message, ``ViewCache.of``): whether a cue occurs outside its code (``cued``), whether an override cue does
    (``override``: a sentence may then revise an item), and each sentence worth a look with its kind by the
    sentence alone (None: none, unless it revises an item in force), the sentence kept after a rule (the speaker's
    reason, :func:`_reason`, or what goes on with it, :func:`_goes_on`; "" for none) and the one kept before it
    (the speaker's setting, :func:`_said_before`, or what "keep that in mind" points back to; "" for none)."""

    cued: bool
    override: bool
    sentences: tuple[tuple[str, str, bool, str | None, str, str], ...] = ()


def _paired(head: str) -> bool:
    """The quick test's pairs of kinds, each a rule only together (one look-up of all first: most messages hold
    none): a liking or a habit with an output word or verb or a scope word ("I don't like one-letter variable names",
    "... in anything you hand me"), an output word with a norm for the speaker or a comparative ("Long one-liners are
    hard for me", "Short answers are better"; an output word first passes the quick test on its own) or a negative
    lead and the listener's own ("No emojis in your code"), a wish with a general word ("I'd like all timestamps in
    UTC"), a directive or request at a sentence's start with a standing or contrast phrase ("Mention trade-offs
    whenever ...", "Would you mind using British spelling throughout?"), a 'fragment_adjective' at a sentence's start
    with an output word ("Short answers."), a dispense phrase ("You don't need to explain ..."). Technical prose is
    full of output words beside "should" or "no": those alone do not send a message to be read."""
    if not may_hold(head, (*_ABOUT, "output", "wish", "standing", "contrast", "dispense"), ()):  # one look-up
        return False
    output = may_hold(head, ("output",), ())
    negative = output and may_hold(head, (), ("negative_lead",))  # "No emojis in your answers", "... in examples"
    return (
        (may_hold(head, _ABOUT, ()) and (output or may_hold(head, ("output_verb", "scope"), ())))
        or (output and may_hold(head, ("norm_for_me", "comparative"), ()))
        or negative
        or (may_hold(head, ("wish",), ()) and may_hold(head, ("general",), ()))
        or (may_hold(head, _ABOUT, ()) and may_hold(head, ("tech",), ()))
        or (may_hold(head, ("standing", "contrast"), ()) and may_hold(head, (), ("directive", "request")))
        or (output and may_hold(head, (), ("fragment_adjective",)))
        or may_hold(head, ("dispense",), ())
    )


def _addressed(s: str) -> bool:
    """Whether ``s`` is spoken to the assistant: it names the listener ('addressee', 'listener_own'), asks for
    something for the speaker ('directive_to_me', 'to_listener': "me", a please word). A rule pasted for others to
    follow ("No PR over 400 lines.") says none of these. :func:`read` does not ask it of a prompt drafted for a bot,
    one that tells who "you" are ('persona': "You are a support bot. Always answer ... What do you think?")."""
    return any(has(kind, s) for kind in ("addressee", "listener_own", "directive_to_me", "to_listener"))


def open_to_reader(written: str, spoken: str) -> bool:
    """Whether the learned reader (:mod:`chatcompact.core.reader`) is asked about this sentence of
    :func:`_sentences`: where a summarizer's proposal would be let through (:func:`pointable`: the user's own words,
    no question, nobody else's) and it asks nothing for this turn alone ('one_off') and is no 'not_rule'
    ("don't worry")."""
    if not pointable(written, spoken) or _one_off(spoken):
        return False
    return not starts("not_rule", _without_request(spoken))


def reader_sentences(text: str) -> list[str]:
    """The sentences of a user message the learned reader is asked about (what ``benchmarks/train_reader.py``
    trains it on): not before a generic question, and :func:`open_to_reader`."""
    return [
        spoken
        for written, spoken, doubtful, _, _ in _sentences(text)
        if not doubtful and open_to_reader(written, spoken)
    ]


#: Sentences (as spoken) with their vectors by the embedder of the reader of words and vectors
#: (:func:`chatcompact.core.reader.vector_model`); a sentence without one is read by its words alone.
Heard = Mapping[str, Sequence[float]]


def reader_asks(messages: Iterable[Message]) -> list[str]:
    """The sentences (as spoken) of the short user ``messages`` (:func:`short_turn`) in which the rules and the words
    found nothing, whose vectors the learned reader of words and vectors could use (:func:`read` asks it only
    there): in a language it has a threshold for, where the rules' guards let it be asked (:func:`open_to_reader`),
    each once, and their statement read as one (:func:`_learned_together`). A long message's sentences are read by
    their words alone: there the vectors took two more of 78 kept-apart negatives and found none more
    (``benchmarks/instructions.py --embedder local``), and a long message costs the most to embed."""
    out: dict[str, None] = {}
    for m in messages:
        if m.role != "user" or not m.text or not short_turn(m.text):
            continue
        if not any(kind is not None for _, _, _, kind, _, _ in read(m).sentences):
            said = _sentences(m.text)
            for written, spoken, _, _, _ in said:
                if reader.threshold(spoken, False, True) is not None and open_to_reader(written, spoken):
                    out[spoken] = None
            stated = _statement(o[:3] for o in said)
            if stated and reader.threshold(stated[2], True, True) is not None:
                out[stated[2]] = None  # the statement read as one (:func:`_learned_together`)
    return list(out)


def _learned(
    written: str, spoken: str, doubtful: bool, drafted: bool = False, short: bool = False, heard: Heard | None = None
) -> bool:
    """Whether the learned reader proposes this sentence of :func:`_sentences` (its language first: cheapest). One
    before a generic question (``doubtful``: it may have been pasted) counts only where the speaker speaks of
    themselves ("I'm on Arch, terminal commands only. Makes sense?"), never in a prompt drafted for a bot
    (``drafted``: "You are a support bot. ... What do you think?") nor as advice seen elsewhere ('backref': "Always
    use UTC in the database, I've seen this advice everywhere. Makes sense?"). ``short``: by the model's threshold
    for a short turn (:func:`short_turn`), or a short paragraph apart (:func:`_apart`), in which nothing else was
    found. ``heard``: the sentence's vector, where it is there, is read too (:data:`Heard`)."""
    if doubtful and (drafted or not _speaks_of_self("first_person", spoken) or has("backref", spoken)):
        return False
    vector = heard.get(spoken) if heard else None
    if (threshold := reader.threshold(spoken, short, vector is not None)) is None:
        return False
    return open_to_reader(written, spoken) and reader.score(spoken, vector=vector) >= threshold


def _statement(said: Iterable[tuple[str, str, bool]]) -> tuple[str, str, str] | None:
    """Of the sentences of a short turn or paragraph apart (as written, as spoken, doubtful): those the reader may be
    asked about (:func:`open_to_reader`), if there are two or more: the first and last (as written) and all of them
    joined (as spoken); else None."""
    open_ = [(w, s) for w, s, d in said if not d and open_to_reader(w, s)]
    if len(open_) < 2:
        return None
    return open_[0][0], open_[-1][0], " ".join(s for _, s in open_)


def _learned_together(said: list[tuple[str, str, bool]], heard: Heard | None = None) -> tuple[str, str] | None:
    """Of a short turn or paragraph apart in which nothing was found, sentence by sentence: its statement read as one
    (:func:`_statement`), by the reader's short-turn threshold and at least ``TOGETHER`` (with its vector where it
    is ``heard``): "Dates as YYYY-MM-DD. The US format confuses half my team." says by its two sentences what
    neither says alone. The first and last of its sentences (as written): the item runs from one to the other; or
    None."""
    if (stated := _statement(said)) is None:
        return None
    vector = heard.get(stated[2]) if heard else None
    threshold = reader.threshold(stated[2], True, vector is not None)
    if threshold is None or reader.score(stated[2], vector=vector) < max(threshold, TOGETHER):
        return None
    return stated[0], stated[1]


def _through(out: list[_Read], at: dict[str, int], i: int, last: str) -> tuple[_Beside, ...]:
    """The sentences after ``out[i]`` up to ``last`` (as written), each after the one before it: the rest of a
    statement read as one (:func:`_learned_together`)."""
    run: list[_Beside] = []
    while out[i][0] != last and (j := at.get(out[i][4].written, -1)) > i:
        run.append(out[i][4])
        i = j
    return tuple(run)


TOGETHER = 0.95  # a statement read as one: above the sentence's short-turn threshold (0.91 in English)


def read(message: Message, proposed: frozenset[str] = frozenset(), heard: Heard | None = None) -> Reading:
    """:class:`Reading` of ``message`` (an empty one for a message that is not the user's). ``proposed``: sentences
    of it, as written, that a summarizer read as standing preferences (``SummaryDelta.standing``, screened by
    ``core.validate.screen_standing``); they count where the cues found nothing, but never as a request for this
    turn ("use a table this time") or advice ("don't worry"). ``heard``: sentence vectors for the learned reader
    (:func:`reader_asks`)."""
    if message.role != "user" or not message.text:
        return Reading(False, False)
    head = message.text[:READ_CHARS]
    cued = may_hold(head, _ANYWHERE, _AT_START) or _clause_hinted(head) or _paired(head) or _terse_hinted(head)
    cued = (
        cued or _team_hinted(head) or bool(_MODAL_HEAD.search(head) or _KEEP_HEAD.search(head)) or _order_hinted(head)
    )
    cued = cued or bool(_CLITIC.search(head) and may_hold(head, ("output",), ()))
    cued = cued or (may_hold(head, (), ("when_lead",)) and may_hold(head, ("when_you", "trigger"), ()))
    cued = cued or may_hold(head, (), ("alert",)) or _lead_hinted(head) or _after(head, "listener_own", ("output",), 1)
    cued = cued or _after(head, "addressee", ("output_verb",), 0) or _after(head, "general", ("output",), 1, True)
    cued = cued or _after(head, "scope", ("first_person", "addressee"), 2, True)
    cued = cued or (may_hold(head, ("doubt",), ()) and may_hold(head, (), ("condition",)))  # "If unsure, say so"
    override = may_hold(head, ("override",), ())
    sentences = _sentences(message.text)
    alone = short_turn(message.text, len(sentences))  # the whole turn is that short
    parts = _apart(message.text, sentences, alone)
    apart = frozenset().union(*parts)
    cued = cued or (alone and any(_bare_style(spoken) for _, spoken, _, _, _ in sentences))
    if (
        not cued
        and not override
        and not proposed
        and not any(
            _learned(w, s, d, False, w in apart) or (heard and _learned(w, s, d, False, alone, heard))
            for w, s, d, _, _ in sentences
        )
        and not any(
            _learned_together(said) or (heard and alone and _learned_together(said, heard))
            for said in ([(w, s, d) for w, s, d, _, _ in sentences if w in part] for part in parts)
        )
    ):
        return Reading(False, False)  # most messages: no cue outside their code, and nothing the reader proposes
    out: list[_Read] = []
    drafted = any(doubtful and starts("persona", spoken) for _, spoken, doubtful, _, _ in sentences)  # "You are a"
    for sentence, spoken, doubtful, following, preceding in sentences:
        if doubtful:  # the user's own preference, or a rule spoken to the assistant ("Keep your answers short.")
            first_person = _first_person_preference(spoken) or _liking(spoken) or _accommodation(spoken)  # own
            own = first_person or (not drafted and (_addressed(spoken) or _own_reason(following.spoken)))
            kind = classify(spoken) if own else None
            kind = PREFERENCE if first_person and kind else kind
        else:
            kind = classify(spoken) if cued or override else None
            if kind is None and sentence in proposed and not has("one_off", spoken):
                kind = None if starts("not_rule", _without_request(spoken)) else PREFERENCE
        if kind is None and not doubtful and _refers_back(spoken) and _said_before(preceding.spoken):
            kind = PREFERENCE  # "Our CI box has no internet. Keep that in mind.": what to keep came before
        if kind is None and _learned(sentence, spoken, doubtful, drafted):
            kind = PREFERENCE  # wording no rule was drawn from: the learned reader's, behind the same guards
        if kind is None and alone and not doubtful and _kept_to(spoken):
            kind = INSTRUCTION  # "Keep recipes to two servings": in a long message most often a limit for its task
        if kind is None and alone and not doubtful and _bare_style(spoken):  # in a long message most often a label
            # "Prices in yen.", unless a rule came before it in the turn (what goes on with a rule is kept with it)
            # or it is someone else's ("Boss: formal register.")
            theirs = preceding.tie and _of_others(preceding.spoken)
            kind = None if theirs or any(o[3] is not None for o in out) else PREFERENCE
        cued = cued or kind is not None
        out.append((sentence, spoken, doubtful, kind, following, preceding))
    # nothing found in a short turn, or in a short paragraph apart (:func:`_apart`): its point, by the reader's
    # threshold there (where something was, the sentences around it are its setting or reason); then, in a short
    # turn where the words propose nothing either, by the sentences' vectors where they are heard: only there, so
    # that no sentence the words' reading kept as a rule's setting or reason becomes an item of its own beside it
    # (the rule's statement split in two)
    together: dict[str, str] = {}  # a statement read as one (:func:`_learned_together`): its first -> last sentence
    for part in parts:  # the whole turn, or each paragraph apart in it
        for vectors in (None, heard) if alone and heard else (None,):
            if any(o[3] is not None for o in out if o[0] in part):
                break
            out = [
                (*o[:3], PREFERENCE if _learned(o[0], o[1], o[2], drafted, True, vectors) else None, *o[4:])
                if o[0] in part
                else o
                for o in out
            ]
            cued = cued or any(o[3] is not None for o in out)
        for vectors in (None, heard) if alone and heard else (None,):
            if any(o[3] is not None for o in out if o[0] in part) or drafted:
                break
            if span := _learned_together([o[:3] for o in out if o[0] in part], vectors):
                together[span[0]] = span[1]
                out = [(*o[:3], PREFERENCE, *o[4:]) if o[0] == span[0] else o for o in out]
                cued = True
    ruled = {sentence for sentence, _, _, kind, _, _ in out if kind is not None}
    at = {sentence: i for i, (sentence, *_) in enumerate(out)}
    short = [o[3] is not None and _short(out, at, i) for i, o in enumerate(out)]  # its paragraph is about the rule
    after = [
        _through(out, at, i, together[o[0]])
        if o[0] in together
        else _onward(out, at, ruled, i, short[i], alone)
        if o[3] is not None
        else ()
        for i, o in enumerate(out)
    ]
    given = {kept.written for run in after for kept in run}
    leads = [
        _setting_of(out, at, ruled | given, i, short[i], alone) if o[3] is not None else "" for i, o in enumerate(out)
    ]
    whys = []
    for o, run in zip(out, after, strict=True):
        why, last = "", o[0]
        for kept in run:
            why, last = f"{why}{lang.glue(last, kept.tie)}{kept.written}", kept.written
        whys.append(why)
    return Reading(cued, override, tuple((*o[:4], why, lead) for o, why, lead in zip(out, whys, leads, strict=True)))


def _apart(text: str, sentences: list[_Said], alone: bool) -> list[frozenset[str]]:
    """The sentences (as written) the learned reader reads as a short turn's, by part: all of a turn short as a
    whole (``alone``); else those of each paragraph of at most ``SHORT_SENTENCES`` sentences
    and ``SHORT_CHARS`` characters that opens or closes a longer message, set off by a blank line ("When you show a
    diff, say which file it belongs to, I keep losing track.\n\n<the bug, at length>"): a note written apart is
    most often its own point, as a short turn is. Only the reader's threshold goes with it: what the rules allow
    only in a short turn does not ("<the task>\n\nKeep the diff to a minimum." is a limit for that task), and it is
    read by its words alone (:func:`reader_asks`)."""
    if alone:
        return [frozenset(w for w, *_ in sentences)]
    paragraphs = [p for p in PARAGRAPH_END.split(text[:READ_CHARS]) if p.strip()]
    out: list[frozenset[str]] = []
    for paragraph in paragraphs[:: max(1, len(paragraphs) - 1)] if len(paragraphs) > 1 else ():
        mine = _sentences(paragraph) if len(paragraph) <= SHORT_CHARS else []
        if mine and short_turn(paragraph, len(mine)):
            out.append(frozenset(w for w, *_ in mine))
    return out


def short_turn(text: str, sentences: int | None = None) -> bool:
    """Whether a user turn is short as a whole: at most ``SHORT_CHARS`` characters and ``SHORT_SENTENCES``
    sentences (``sentences``: their number when the caller has them). What is said around a rule there is about
    it, and the learned reader has its own threshold there (a sentence of so short a turn is most often its
    point)."""
    if len(text) > SHORT_CHARS:
        return False
    return (len(_sentences(text)) if sentences is None else sentences) <= SHORT_SENTENCES


_Read = tuple[str, str, bool, str | None, _Beside, _Beside]
KEPT_AROUND = 3  # sentences kept after a rule, and (less one) before it, at most, in a short message
SHORT_CHARS = 600
SHORT_SENTENCES = 4  # a paragraph of so few statements is about its rule: what is kept around it may run on, and
# the speaker's state before it counts as its setting ("I'm blind and use a screen reader. Describe images in
# words."); in a longer one the sentences around a rule are most often the task ("We have maybe 15 tables ...")


def _short(out: list[_Read], at: dict[str, int], i: int) -> bool:
    """Whether the paragraph of ``out[i]`` (its sentences linked as each other's neighbours) holds at most
    ``SHORT_SENTENCES`` of them and ``SHORT_CHARS`` characters: a short turn, or a short paragraph of its own in a
    long message (a pasted log, a blank line, "I'm blind and use a screen reader. Describe charts in words.")."""
    seen = [i]
    for before in (True, False):  # the sentences before it, then those after it
        j = i
        while len(seen) <= SHORT_SENTENCES:
            near = out[j][5] if before else out[j][4]
            j = at.get(near.written, -1)
            if j < 0:
                break
            seen.append(j)
    return len(seen) <= SHORT_SENTENCES and sum(len(out[j][0]) + 1 for j in seen) <= SHORT_CHARS


def _onward(
    out: list[_Read], at: dict[str, int], ruled: set[str], i: int, short: bool, alone: bool = False
) -> tuple[_Beside, ...]:
    """The sentences kept after the rule ``out[i]``, each after the one before it: the speaker's reason ("Use
    logging, not print(). We ship this as a library."), what goes on with it ("Tests with pytest. And parametrize
    instead of copy-pasting."), the rest of its sentence ("...; they render badly there"), a remark closing its
    paragraph ("British spelling, please. It's for a UK client."); in a ``short`` message up to ``KEPT_AROUND``
    ("Tabs, not spaces. Four wide. My editor is set up that way."), else one; none a rule of its own. In a turn
    that short as a whole (``alone``), the closing remark need not end with a mark ("serious answers only, no
    jokes. had a rough week")."""
    run: list[_Beside] = []
    sentence, following = out[i][0], out[i][4]
    while following.written and following.written not in ruled and len(run) < (KEPT_AROUND if short else 1):
        if run and any(_past(w.lower()) for w in lang.words(following.spoken)):
            break  # "... I bumped bigquery to ^3.17 for the new storage write API.": what happened, after the reason
        ended = _ends(sentence)
        if not (
            (ended and (_reason(following.spoken) or _goes_on(following.spoken)))
            or (following.tie and _tied(following.spoken))
            or (ended and following.closes and _remark(following.spoken, alone))
            or (ended and _so_none(following.spoken))
        ):
            break
        run.append(following)
        j = at.get(following.written)
        if j is None:
            break
        sentence, following = out[j][0], out[j][4]
    return tuple(run)


def _setting_of(out: list[_Read], at: dict[str, int], taken: set[str], i: int, short: bool, alone: bool = False) -> str:
    """What is kept before the rule ``out[i]``, as written and joined to it: the speaker's setting it follows from
    ("Our infra is Terraform on GCP. No console click-throughs.", "Hey, I'm blind. I use a screen reader. Describe
    charts in words."; :func:`_said_before`), what "keep that in mind" points back to, the first part of
    its sentence ("Excel for me: semicolons as separators"); in a ``short`` message up to ``KEPT_AROUND`` less one,
    the speaker's state among them (:func:`_self_state`), else one; none taken already. In a turn that short as a
    whole (``alone``), what a rule points back at ("... Code has to work on that."; :func:`_points_back`)."""
    run: list[_Beside] = []
    spoken, preceding = out[i][1], out[i][5]
    while preceding.written and preceding.written not in taken and len(run) < (KEPT_AROUND - 1 if short else 1):
        if not (
            (not run and _refers_back(spoken))
            or (not run and alone and _points_back(spoken) and _beside(preceding.spoken))
            or _said_before(preceding.spoken, short)
            or (preceding.tie and _tied(preceding.spoken))
        ):
            break
        run.insert(0, preceding)
        j = at.get(preceding.written)
        if j is None:
            break
        spoken, preceding = out[j][1], out[j][5]
    return "".join(f"{kept.written}{lang.glue(kept.written, kept.tie)}" for kept in run)


def detect(
    message: Message,
    existing: Sequence[SummaryItem] = (),
    reading: Reading | None = None,
    subjects: _Subjects | None = None,
) -> list[SummaryItem]:
    """The standing instructions and preferences in one user message, one item per sentence, citing it.

    A sentence that revises an item of ``existing`` ("actually, use spaces instead", "polars is fine now")
    counts too, as an instruction. ``reading``: :func:`read` of the message, when the caller kept it.
    """
    r = read(message) if reading is None else reading
    if not r.cued and not (existing and r.override):
        return []
    subjects = _Subjects() if subjects is None else subjects
    out = []
    for sentence, spoken, doubtful, kind, why, lead in r.sentences:
        if kind is None and not doubtful and _revises(spoken, existing, subjects):
            kind = INSTRUCTION
        if kind is not None:
            text = f"{sentence}{why}" if why and len(sentence) + len(why) < MAX_CHARS else sentence
            text = f"{lead}{text}" if lead and len(lead) + len(text) < MAX_CHARS else text
            text = text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 1] + "…"
            out.append(SummaryItem(text=text, sources=(message.seq or 0,), subject=kind, weight=10.0))
    return out


def _revises(sentence: str, existing: Sequence[SummaryItem], subjects: _Subjects) -> bool:
    """A sentence with an override cue ("instead", "no longer", "is fine now") about the subject of an item in force."""
    if not existing or not has("override", sentence):
        return False
    return any(subjects.same(sentence, old.text, overriding=True) for old in existing)


def merge(
    existing: Sequence[SummaryItem], new: Iterable[SummaryItem], subjects: _Subjects | None = None
) -> tuple[SummaryItem, ...]:
    """``existing`` plus ``new`` (in order): repeats refresh, a newer one on the same subject supersedes."""
    items = list(existing)
    subjects = _Subjects() if subjects is None else subjects
    for item in new:
        key = " ".join(item.text.lower().split())
        overriding = has("override", rule_part(item.text))
        kept: list[SummaryItem] = []
        earlier: list[int] = []
        for old in items:
            if " ".join(old.text.lower().split()) == key or subjects.same(item.text, old.text, overriding):
                earlier.extend(old.sources)
            else:
                kept.append(old)
        sources = tuple(dict.fromkeys((*item.sources, *earlier)))[:12]
        items = [*kept, item.model_copy(update={"sources": sources})]
    return tuple(items[-MAX_INSTRUCTIONS:])


def capture(
    existing: Sequence[SummaryItem],
    messages: Iterable[Message],
    reading: Callable[[Message], Reading] = read,
) -> tuple[SummaryItem, ...]:
    """``existing`` instructions updated with those the user ``messages`` set, oldest first. ``reading``: how a
    message's :class:`Reading` is had (a driver passes one that keeps it per message). The subjects of the items
    are worked out once for the whole call, not once per message merged."""
    items = tuple(existing)
    subjects = _Subjects()
    for m in messages:
        point()
        found_here = detect(m, items, reading(m), subjects)
        if found_here:
            items = merge(items, found_here, subjects)
    return items
