"""Small English text helpers for the extractive summarizer: stop-words, stems, pronoun rewriting.

Deliberately crude and table-driven: they must be fast (thousands of turns per second), deterministic
and explainable, not linguistically complete.
"""

from __future__ import annotations

import re
from functools import lru_cache

from chatcompact.core.preserve import wordset

STOPWORDS = wordset(
    """
    a about above after again against all almost also although always am an and another any anybody anyone
    anything anyway anyways are aren't around as at away back be because been before being below between both
    but by can can't cannot could couldn't did didn't do does doesn't doing don't done down during each either
    else enough even ever every everyone everything few for from further get gets getting go goes going gone
    got gotta gonna had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself
    him himself his how how's however i i'd i'll i'm i've if in into is isn't it it'd it'll it's its itself
    just keep kind know knew lately least less let let's like likely lot lots made make makes making many may
    maybe me mean means might mine more most much must mustn't my myself need needs neither never new next no
    nobody none nor not nothing now of off oh ok okay on once one ones only onto or other others otherwise
    ought our ours ourselves out over own please pretty probably quite rather re really right said same say
    says see seem seems seen shall she she'd she'll she's should shouldn't since so some somebody someone
    something sometimes somewhat soon still such sure take tell than thank thanks that that's the their theirs
    them themselves then there there's these they they'd they'll they're they've thing things think this those
    though through thus to today together too toward towards try trying two under until up upon us use used
    very want wanted wants was wasn't way we we'd we'll we're we've well went were weren't what what's whatever
    when where where's whether which while who who's whom whose why will with within without won't would
    wouldn't yeah yes yet you you'd you'll you're you've your yours yourself yourselves hi hey hello bye
    wow cool great awesome amazing nice good glad happy love lol haha hmm um uh sorry anything able ask asked
    sounds sound hear heard feel felt looks look looking cause stuff totally definitely actually especially
    user assistant per via etc also already lot much day days time times year years week weeks
    """
)

# Past forms and participles that suffix stripping cannot map back to their verb.
_IRREGULAR = {
    "sent": "send", "made": "make", "done": "do", "did": "do", "paid": "pay", "bought": "buy", "found": "find",
    "told": "tell", "gave": "give", "given": "give", "wrote": "write", "written": "write", "got": "get",
    "gotten": "get", "took": "take", "taken": "take", "went": "go", "gone": "go", "came": "come",
    "saw": "see", "seen": "see", "left": "leave", "kept": "keep", "lost": "lose", "spent": "spend",
    "built": "build", "brought": "bring", "caught": "catch", "taught": "teach", "thought": "think",
    "sold": "sell", "held": "hold", "met": "meet", "ran": "run", "began": "begin", "begun": "begin",
    "chose": "choose", "chosen": "choose", "broke": "break", "broken": "break", "shipped": "ship",
    "issued": "issue", "fixed": "fix", "emailed": "email", "e-mailed": "email", "mailed": "mail",
    "refunded": "refund", "cancelled": "cancel", "canceled": "cancel", "replaced": "replace",
}  # fmt: skip


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A crude, cached stem: irregular table, then one suffix, then doubled-consonant and final-e folding."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    w = word
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif (w.endswith("es") and len(w) > 4 and w[-3] in "sxz") or w.endswith(("ches", "shes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        w = w[:-1]
    elif w.endswith("ing") and len(w) > 5:
        w = w[:-3]
    elif w.endswith("ed") and len(w) > 4:
        w = w[:-2]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
        w = w[:-1]  # shipp -> ship
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]  # arrive/arrived -> arriv
    return w


_WORD = re.compile(r"[a-z][a-z'-]*[a-z]|\d{2,}")


def content_words(text: str) -> list[str]:
    """Lower-cased words of 3+ letters (and numbers of 2+ digits) that are not stop-words, in order."""
    return [w for w in _WORD.findall(text.lower().replace("\u2019", "'")) if w not in STOPWORDS and len(w) > 2]


@lru_cache(maxsize=8192)
def content_stems(text: str) -> frozenset[str]:
    """Stems of :func:`content_words`: what the keyword-overlap rules compare (cached: sentences recur)."""
    return frozenset(stem(w) for w in content_words(text))


def overlap_enough(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> bool:
    """The keyword-overlap rule: ``b`` shares at least min(2, len(a)) content stems with ``a``."""
    return bool(a) and len(a & b) >= min(2, len(a))


def clip(text: str, limit: int) -> str:
    """``text`` on one line, cut at a word boundary to at most ``limit`` characters (ellipsis marks a cut)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip(" ,;:") + "…"


# ------------------------------------------------------------------ third-person rewriting

_MODALS = wordset(
    "can can't cannot could couldn't will won't would wouldn't should shouldn't must might may shall didn't "
    "had did was also just still never always really usually often sometimes recently finally first only once "
    "then too both all even"
)
_PAST_IRREGULAR = frozenset(_IRREGULAR) | wordset("had was were felt heard knew read said won grew ate")
_THIRD = {"have": "has", "do": "does", "go": "goes", "be": "is", "don't": "doesn't", "haven't": "hasn't"}
_LEAD = re.compile(
    r"^(?P<pron>I'm|I am|I've|I have|I'd|I'll|I was|I|[Mm]y)\b\s*(?P<adv>(?:[a-z]+ly|also|still|just|really|"
    r"never|always|often|usually|sometimes|even)\s+)?(?P<verb>[a-z][a-z']*)?"
)
_LATER = re.compile(r"\b(?:I'm|I am|I was|I've|I'd|I'll|I|[Mm]y|me|mine|myself)\b")
_LATER_MAP = {
    "I'm": "they're", "I am": "they are", "I was": "they were", "I've": "they've", "I'd": "they'd",
    "I'll": "they'll", "I": "they", "my": "their", "My": "Their", "me": "them", "mine": "theirs",
    "myself": "themselves",
}  # fmt: skip
_YOU = re.compile(r"\b(?:[Yy]ou(?:'re|'ll|'ve)?|[Yy]our|yours|yourself)\b")
_YOU_MAP = {"you're": "the user is", "you'll": "the user will", "you've": "the user has", "your": "the user's"}


def inflect(verb: str) -> str:
    """Third-person singular of a present-tense verb; past forms and modals are returned unchanged."""
    if verb in _THIRD:
        return _THIRD[verb]
    if verb in _MODALS or verb in _PAST_IRREGULAR or verb.endswith(("ed", "'t")):
        return verb
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 2 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def third_person(clause: str, who: str) -> str:
    """Rewrite a first-person clause about ``who``: "I'm Dupont" -> "User is Dupont", "my order" -> "User's order".

    Only the leading pronoun names the speaker; later ones become they/their, which reads correctly
    without conjugating anything else.
    """
    clause = clause.strip().replace("\u2019", "'")
    m = _LEAD.match(clause)
    if not m:
        return clause
    pron, adv, verb = m.group("pron"), m.group("adv") or "", m.group("verb") or ""
    lead = {"I'm": "is", "I am": "is", "I've": "has", "I have": "has", "I'd": "would", "I'll": "will", "I was": "was"}
    if pron in lead:
        head = f"{who} {lead[pron]} {adv}{verb}"
    elif pron == "I":
        head = f"{who} {adv}{inflect(verb) if verb else ''}"
    else:
        head = f"{who}'s {adv}{verb}"
    rest = _LATER.sub(lambda x: _LATER_MAP.get(x.group(), x.group()), clause[m.end() :]).lstrip()
    if not rest or rest[0] in ",;:.!?":
        return (head.rstrip() + rest).strip()
    return f"{head.rstrip()} {rest}".strip()


def they_view(text: str) -> str:
    """A user clause with its first-person pronouns made neutral: "my place" -> "their place"."""
    return _LATER.sub(lambda x: _LATER_MAP.get(x.group(), x.group()), text)


def speaker_view(text: str) -> str:
    """An assistant clause as a third party reads it: "you"/"your" become the user."""

    def swap(m: re.Match[str]) -> str:
        word = m.group()
        low = word.lower()
        return _YOU_MAP.get(low, "the user" if low in ("you", "yourself") else "the user's")

    return _YOU.sub(swap, text)
