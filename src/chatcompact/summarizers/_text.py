"""Small text helpers for the extractive summarizer: content words, stems, key phrases, pronoun rewriting.

Words, stop words and stems follow each text's language (:mod:`chatcompact.core.lang`); the pronoun
rewriting is English (other languages keep their wording, attributed).

Deliberately crude and table-driven: they must be fast (thousands of turns per second), deterministic
and explainable, not linguistically complete.
"""

from __future__ import annotations

import bisect
import json
import math
import re
from collections.abc import Sequence, Set
from functools import lru_cache

from chatcompact.core import lang
from chatcompact.core.memo import memo
from chatcompact.core.preserve import IdentifierSpan, identifier_spans, wordset

from ._patterns import (
    DECISION_CUT,
    FILLER_VERBS,
    LEAD_SUBJECT,
    TIMEZONE,
    TRAILING_FILLER,
    VAGUE_WORDS,
)

#: English stop words and chat filler: the English data file's "stop" and "filler" lists (``core.lang``).
STOPWORDS = lang.stop_words("en", filler=True)

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
    """A crude, cached English stem: irregular table, then one suffix, then doubled-consonant and final-e folding."""
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


def content_words(text: str) -> list[str]:
    """Lower-cased content words of 3+ letters (numbers of 3+ digits), not stop words or chat filler of the
    text's language, in order; Han text gives its chunks (:func:`chatcompact.core.lang.content_words`).
    Words that mix letters and digits ("8R00412391022", "v2") are identifiers, not content words."""
    return [w for w in lang.content_words(text, filler=True, min_len=3) if _plain(w)]


def _plain(word: str) -> bool:
    return word.isdigit() or not any(map(str.isdigit, word))


def stem_in(word: str, code: str) -> str:
    """``word``'s stem in language ``code``: the crude English :func:`stem`, else Snowball (Han: the chunk)."""
    return stem(word) if code == "en" else lang.stem(word, code)


def content_stems(text: str) -> frozenset[str]:
    """Stems of :func:`content_words`: what the keyword-overlap rules compare (memoised in the operation's scope,
    :mod:`chatcompact.core.memo`: sentences recur)."""
    return memo("text.content_stems", text, lambda: _content_stems(text))


def _content_stems(text: str) -> frozenset[str]:
    code = lang.detect(text)
    out: set[str] = set()
    han = lang.has_han(text)  # (no word of a text without Han has any)
    for w in lang.content_words(text, code, filler=True, min_len=3, unique=True):  # a set: each word once
        if han and lang.has_han(w):
            out.update(lang.bigrams(w))  # "北京门店" meets "北京门店周一" by their bigrams
        elif _plain(w):
            out.add(stem_in(w, code))
    return frozenset(out)


def overlap_enough(a: Set[str], b: Set[str]) -> bool:
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


# ------------------------------------------------------------------ markdown

_MD_EMPHASIS = re.compile(r"\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`")  # "__x__" may be a dunder name
_MD_LEAD = re.compile(r"^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+|#{1,6}\s+|>\s*)+")


def demark(text: str) -> str:
    """``text`` without markdown emphasis, code ticks or a leading list/heading/quote marker."""
    if "*" in text or "`" in text:
        text = _MD_EMPHASIS.sub("", text)
    return _MD_LEAD.sub("", text).strip()


# ------------------------------------------------------------------ context phrases (identifiers)

# Where a phrase around an identifier stops: clause punctuation (a comma or dot only before a space,
# so "2,316.40" and "www.x.fr" stay whole), brackets, dashes, arrows.
_CLAUSE_BREAK = re.compile(r"[;!?()\[\]{}\n|—–→<>，。；！？：、]|[,.:](?=\s|$)|\s-\s")
_EDGE_PUNCT = " \t\"'“”‘’*`:;,.!?-—–→•#>，。；！？：、"
_CONNECTORS = wordset(
    "and or but so the a an to of with for at in on is are was were be it its this that here there via like "
    "as by from into then which who also just"
)


_LEAD_CONNECTORS = wordset("and or but so then which also just")


def _trim_words(words: list[str], lead: frozenset[str]) -> list[str]:
    while words and words[-1].lower().strip(_EDGE_PUNCT) in _CONNECTORS | {""}:
        words = words[:-1]
    while words and words[0].lower().strip(_EDGE_PUNCT) in lead | {""}:
        words = words[1:]
    return words


def phrase_after(segment: str, max_words: int = 8) -> str:
    """The words that follow an identifier, up to the end of their clause: "order 88231 — arrived broken"."""
    segment = demark(segment.lstrip(_EDGE_PUNCT + ")]}")).lstrip(_EDGE_PUNCT)
    cut = _CLAUSE_BREAK.search(segment)
    words = (segment[: cut.start()] if cut else segment).split()[:max_words]
    return " ".join(_trim_words(words, _LEAD_CONNECTORS)).strip(_EDGE_PUNCT)


def phrase_before(segment: str, max_words: int = 6) -> str:
    """The words that lead in to an identifier, from the start of their clause: "My address is" -> "My address"."""
    parts = _CLAUSE_BREAK.split(demark(segment.rstrip(_EDGE_PUNCT + "([{")))
    words = parts[-1].split()[-max_words:] if parts else []
    return " ".join(_trim_words(words, _CONNECTORS)).strip(_EDGE_PUNCT)


def letter_words(text: str) -> list[str]:
    """:func:`content_words` that have letters (a phrase made only of numbers says nothing)."""
    return [w for w in content_words(text) if not w.isdigit()]


# ------------------------------------------------------------------ third-person rewriting

_MODALS = wordset(
    "can can't cannot could couldn't will won't would wouldn't should shouldn't must might may shall didn't "
    "had did was also just still never always really usually often sometimes recently finally first only once "
    "then too both all even"
)
# Simple pasts, and verbs whose past is their present ("I put up the banner yesterday"): kept as said.
_PAST_IRREGULAR = frozenset(_IRREGULAR) | wordset(
    """
        had was were felt heard knew read said won grew ate forgot forgotten put set let cut hit hurt shut cost
        quit spread upset bet cast understood stood became drove flew fell fought forgave hung hid lay led lent
        lit meant rode rang rose shook shot sang sank sat slept slid spoke stole stuck struck swam swore threw
        tore woke wore wound withdrew dealt dug drew drank fed fled froze sought bent bound bled bred fit
        """
)
#: Past forms and participles a suffix does not give away ("ran", "thought", "made").
PAST_FORMS = _PAST_IRREGULAR

# Present-tense verbs that end in "-ed" like a past form.
_PRESENT_ED = wordset("need feed bleed breed speed proceed succeed exceed heed seed weed shed wed embed shred")
_ADVERBS = wordset(
    "also still just really never always often usually sometimes even much already actually honestly "
    "definitely probably only mostly certainly totally literally genuinely simply truly generally normally"
)
_NOT_ADVERB = wordset("apply reply rely supply comply imply multiply fly ally rally tally bully")
_THIRD = {
    "have": "has", "do": "does", "go": "goes", "be": "is", "am": "is", "are": "is", "were": "was",
    "don't": "doesn't", "haven't": "hasn't", "aren't": "isn't", "weren't": "wasn't",
}  # fmt: skip
_PRONOUN_LEAD = re.compile(r"^(?P<pron>I'm|I am|I've|I have|I'd|I'll|I was|I|[Mm]y)\b")
_LEAD_VERB = {"I'm": "is", "I am": "is", "I've": "has", "I have": "has", "I'd": "would", "I'll": "will", "I was": "was"}
_NEXT_WORD = re.compile(r"\s*([A-Za-z][a-z'-]*)")
_LATER = re.compile(r"\b(?:I'm|I am|I was|I've|I'd|I'll|I|[Mm]y|me|mine|myself)\b")
_LATER_MAP = {
    "I'm": "they're", "I am": "they are", "I was": "they were", "I've": "they've", "I'd": "they'd",
    "I'll": "they'll", "I": "they", "my": "their", "My": "Their", "me": "them", "mine": "theirs",
    "myself": "themselves",
}  # fmt: skip
# "... but haven't heard back": the subject "I" is left out, the verb still needs the third person.
_ELIDED = re.compile(r"\b(?P<conj>and|but) (?P<verb>haven't|don't|have|am)\b")
_YOU = re.compile(r"\b(?:[Yy]ou(?:'re|'ll|'ve)?|[Yy]our|yours|yourself)\b")
_YOU_MAP = {"you're": "the user is", "you'll": "the user will", "you've": "the user has", "your": "the user's"}
# "you" as the subject of a subordinate clause: "when you need it" -> "when the user needs it".
_YOU_SUBJECT = re.compile(
    r"(?:^|\b(?P<pre>when|if|that|so|and|but|once|as|because|unless|until|before|after|while|since|whenever)\s+)"
    r"[Yy]ou\s+(?P<verb>[a-z][a-z']*)\b"
)
_NOT_VERB = wordset("the a an all both two guys folks too there yourself one know")


def is_adverb(word: str) -> bool:
    """A word that may stand between a subject and its verb ("I much prefer", "I completely forgot")."""
    return word in _ADVERBS or (word.endswith("ly") and len(word) > 4 and word not in _NOT_ADVERB)


def inflect(verb: str) -> str:
    """Third-person singular of a present-tense verb; past forms and modals are returned unchanged."""
    if verb in _THIRD:
        return _THIRD[verb]
    if verb in _MODALS or verb in _PAST_IRREGULAR or verb.endswith("'t"):
        return verb
    if verb.endswith("ed") and verb not in _PRESENT_ED:
        return verb
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 2 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _verb_phrase(clause: str, pos: int) -> tuple[list[str], int]:
    """After "I": up to two adverbs, then the verb in the third person ("much prefer" -> "much prefers")."""
    words: list[str] = []
    while (m := _NEXT_WORD.match(clause, pos)) is not None:
        word = m.group(1)
        pos = m.end()
        if is_adverb(word) and len(words) < 2:
            words.append(word)
            continue
        words.append(inflect(word) if word.islower() else word)
        break
    return words, pos


def third_person(clause: str, who: str) -> str:
    """Rewrite a first-person clause about ``who``: "I'm Dupont" -> "User is Dupont", "my order" -> "User's order".

    Only the verb right after the leading "I" is conjugated (past forms and modals stay as said);
    later pronouns become they/their, which reads correctly without conjugating anything else.
    """
    clause = clause.strip().replace("\u2019", "'")
    m = _PRONOUN_LEAD.match(clause)
    if not m:
        return clause
    pron, pos = m.group("pron"), m.end()
    if pron in _LEAD_VERB:
        head = f"{who} {_LEAD_VERB[pron]}"
    elif pron == "I":
        words, pos = _verb_phrase(clause, pos)
        head = " ".join((who, *words))
    else:
        head = f"{who}'s"
    rest = _ELIDED.sub(lambda x: f"{x.group('conj')} {inflect(x.group('verb'))}", clause[pos:])
    rest = they_view(rest).lstrip()
    if not rest or rest[0] in ",;:.!?":
        return (head + rest).strip()
    return f"{head} {rest}".strip()


def they_view(text: str) -> str:
    """A user clause with its first-person pronouns made neutral: "my place" -> "their place"."""
    return _LATER.sub(lambda x: _LATER_MAP.get(x.group(), x.group()), text)


def speaker_view(text: str) -> str:
    """An assistant clause as a third party reads it: "you"/"your" become the user, "my" their."""

    def subject(m: re.Match[str]) -> str:
        verb = m.group("verb")
        if verb in _NOT_VERB:
            return m.group()
        pre = f"{m.group('pre')} " if m.group("pre") else ""
        return f"{pre}the user {inflect(verb)}"

    def swap(m: re.Match[str]) -> str:
        low = m.group().lower()
        return _YOU_MAP.get(low, "the user" if low in ("you", "yourself") else "the user's")

    return they_view(_YOU.sub(swap, _YOU_SUBJECT.sub(subject, text)))


# ------------------------------------------------------------------ items of the extractive summarizer


def tidy(text: str) -> str:
    """An item's text without trailing filler ("... by the way") or a closing full stop."""
    return TRAILING_FILLER.sub("", text).rstrip(" ,;:.")


def decision_what(text: str) -> str:
    """What was decided, alone: "we refund 120 EUR, I'll note it" -> "refund 120 EUR"."""
    text = LEAD_SUBJECT.sub("", text.strip())
    cut = DECISION_CUT.search(text)
    return TRAILING_FILLER.sub("", text[: cut.start()] if cut else text).strip(" ,;:.")


def meaningful(what: str, need: int = 2) -> bool:
    """A decision needs a content object: two content words that are not filler verbs or vague nouns."""
    return sum(1 for w in letter_words(what) if w not in FILLER_VERBS and w not in VAGUE_WORDS) >= need


def value_subject(value: str) -> str | None:
    """The subject an attribute's value implies: "my address is a@b.fr" is the e-mail, not the address."""
    if TIMEZONE.search(value):
        return "user:timezone"
    kinds = {sp.kind for sp in identifier_spans(value)}
    return "user:email" if "email" in kinds else "user:phone" if "phone" in kinds else None


def flatten_json(text: str) -> str | None:
    """A JSON tool result as "key: value" lines, so identifiers keep their field name as context."""
    stripped = text.strip()
    if stripped[:1] not in ("{", "["):
        return None
    try:
        value = json.loads(stripped)
    except (ValueError, RecursionError):
        return None
    lines: list[str] = []

    def walk(node: object, path: str, depth: int, title: str) -> None:
        if len(lines) >= 200 or depth > 6:
            return
        if isinstance(node, dict):
            # A sibling title or name says what an id or URL of the same object is about.
            label = next((v for k in _TITLE_KEYS if isinstance(v := node.get(k), str) and len(v) <= 80), "")
            for k, v in node.items():
                walk(v, f"{path} {str(k).replace('_', ' ')}".strip(), depth + 1, "" if k in _TITLE_KEYS else label)
        elif isinstance(node, list):
            for v in node:
                walk(v, path, depth + 1, title)
        elif node is not None:
            line = f"{path}: {node}" if path else str(node)
            lines.append(f"{line} — {title}" if title else line)

    walk(value, "", 0, "")
    return "\n".join(lines)


_TITLE_KEYS = ("title", "name", "subject")
# Words (any script; a Han run is cut into its chunks below) or any other single character, which ends a run.
_TOKEN = re.compile(rf"[{lang.HAN}]+|[^\W\d_]+(?:['-][^\W\d_]+)*|\S")


@lru_cache(maxsize=16)
def _not_topic(code: str) -> frozenset[str]:
    """Words of ``code`` (and English, which chat mixes in) that are no topic: stop words, filler, the lexicon's
    "not_topic" (time words, generic nouns, adjectives) and "verb" words."""
    out = lang.stop_words(code, filler=True) | STOPWORDS
    for c in {code, lang.DEFAULT}:
        out |= lang.language(c).words("not_topic") | lang.language(c).words("verb")
    return out


def topic_word(word: str, code: str) -> bool:
    """A lower-cased word that may be (part of) a topic in language ``code``: 3+ letters, not a stop word, filler,
    time word, generic noun or verb of the language's data, nor of a suffix that makes no noun there ("-ed",
    "-ly"; Italian "-are", "-ando", "-mente"), but its listed exceptions ("family", "mercato")."""
    if len(word) <= 2 or not word.isalpha() or word in _not_topic(code):
        return False
    suffixes, exceptions = _suffixes(code)
    if not word.endswith(suffixes):  # most words: none of the suffixes, one C-level test
        return True
    suffixed = any(word.endswith(suf) and len(word) > len(suf) + 2 for suf in suffixes)
    return not suffixed or word in exceptions


@lru_cache(maxsize=16)
def _suffixes(code: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """The "not_topic_suffix" words of ``code`` (as a tuple, for ``str.endswith``) and its "suffix_exception" words."""
    data = lang.language(code)
    return tuple(data.words("not_topic_suffix")), data.words("suffix_exception")


def topic_alone(words: Sequence[str], code: str) -> bool:
    """Whether a one-word phrase may be a topic by itself: not a word that is as often a verb ("search", "change",
    "test") nor a gerund ("renovating"; "shipping" and the lexicon's other "-ing" nouns may)."""
    if len(words) != 1:
        return True
    w = words[0]
    data = lang.language(code)
    if w in data.words("not_alone") or w in lang.language(lang.DEFAULT).words("not_alone"):
        return False
    return not (code == lang.DEFAULT and w.endswith("ing") and len(w) >= 6 and w not in data.words("ing_noun"))


def _han_topic(chunk: str, code: str) -> str | None:
    """A Han chunk as a topic, None when it is none: a verb phrase led by a one-character verb ("寄到上海",
    "放洗碗机"), a verb or a time word of the lexicon ("提供", "下午")."""
    data = lang.language(code)
    if len(chunk) < 2 or chunk in _not_topic(code) or (len(chunk) > 2 and chunk[0] in data.words("verb_prefix")):
        return None
    return chunk


def _inverted_verb(tokens: list[str], i: int, code: str) -> bool:
    """A sentence's first word followed by a subject pronoun is a verb ("Schicken Sie ...", "Könnten wir ...",
    "Habe ich ..."), though capitalised like a noun."""
    first = i == 0 or tokens[i - 1] in _SENTENCE_END
    return first and i + 1 < len(tokens) and tokens[i + 1].lower() in lang.language(code).words("subject_pronoun")


_SENTENCE_END = frozenset(".!?:;")


def key_phrases(text: str) -> dict[tuple[str, ...], str]:
    """Runs of topic words (:func:`topic_word`; split at every other word and punctuation) as 1- to 3-grams:
    stems -> first wording.

    Words are Unicode ("über das Wetter" keeps its "ü"); a Han run gives its chunks as one-word phrases (they are
    words already, and have no spaces to join).
    """
    code = lang.detect(text)
    out: dict[tuple[str, ...], str] = {}
    run: list[str] = []
    nouns = lang.language(code).capitalised_nouns
    han = next((c for c in lang.languages() if lang.language(c).script == "han"), code)
    tokens = [*_TOKEN.findall(text), "."]
    han_text = lang.has_han(text)  # (no token of a text without Han has any)
    for i, raw in enumerate(tokens):
        tok = raw.lower()
        if nouns and tok.isalpha() and (not raw[0].isupper() or _inverted_verb(tokens, i, code)):
            _flush(run, code, out)  # German writes its nouns capitalised: a topic is a noun (phrase)
            run = []
            continue
        if han_text and lang.has_han(tok):
            _flush(run, code, out)
            run = []
            for chunk in lang.han_chunks(tok, whole=True):  # bigrams of a longer piece may cut a word in two
                topic = _han_topic(chunk, han)
                if topic is not None:
                    out.setdefault((topic,), topic)
            continue
        tok = tok.strip("'-")
        if topic_word(tok, code):
            run.append(tok)
            continue
        _flush(run, code, out)
        run = []
    return out


def _flush(run: list[str], code: str, out: dict[tuple[str, ...], str]) -> None:
    stems = [stem_in(w, code) for w in run]
    for n in (1, 2, 3):
        for i in range(len(run) - n + 1):
            if topic_alone(run[i : i + n], code):
                out.setdefault(tuple(stems[i : i + n]), " ".join(run[i : i + n]))


# A context that only names the kind of identifier ("URL https://...") says nothing about it.
_GENERIC_CONTEXT = wordset("url link website site page email e-mail mail address here file folder directory")


def _shown(span: IdentifierSpan) -> str:
    """How the identifier reads: its value, led by its keyword when it has one ("order 88231")."""
    if span.kind != "order" or span.raw == span.value:
        return span.value
    label = demark(span.raw[: span.raw.rfind(span.value)]).split()
    head = label[0].rstrip("是为：:") if label else ""  # "订单号是88231" -> "订单号 88231"
    return f"{head} {span.value}" if head and head[0].isalpha() else span.value


def identifier_text(text: str, bounds: Sequence[tuple[int, int]], span: IdentifierSpan, role: str, who: str) -> str:
    """ "<value> — <a few words of context>": "order 88231 — arrived broken", "a@b.fr — User's address"."""
    at = bisect.bisect_right(bounds, (span.start, math.inf)) - 1  # the sentence holding it (bounds are sorted)
    start, end = bounds[at] if at >= 0 and span.start < bounds[at][1] else (span.start, span.end)
    title = text[span.end : end].partition(" — ")[2]
    path = text[start:end].partition(": ")[0] if ": " in text[start:end] else ""
    if role == "tool" and (title or path):  # a "field path: value — title" line of flattened JSON
        shown, context = span.value, phrase_after(title) if title else path
    else:
        shown = _shown(span)
        after, before = phrase_after(text[span.end : end]), phrase_before(text[start : span.start])
        n_after, n_before = len(letter_words(after)), len(letter_words(before))
        view = they_view if role == "user" else speaker_view  # "wrote to me" -> "wrote to them"
        if n_after >= 2 or (n_after and not n_before):
            context = view(after)
        elif n_before:
            context = third_person(before, who) if re.match(r"(?:I|[Mm]y)\b", before) else view(before)
        else:
            context = ""
    if context.count('"') % 2:
        context = context.replace('"', "")
    if not content_stems(context) - content_stems(shown) or set(letter_words(context)) <= _GENERIC_CONTEXT:
        return shown  # "claim CLM-2025-01983 — claims" says nothing more
    return f"{shown} — {context}"


_QUOTES = (('"', '"'), ("“", "”"), ("(", ")"), ("«", "»"))


def narratable(sent: str) -> bool:
    """A whole statement: not too long to keep whole, not a question, a lead-in to a list or a cut quote."""
    if len(sent) > 220 or sent[-1] in "?:？：" or not (sent[0].isalnum() or sent[0] in "\"“'"):
        return False
    return all((sent.count(a) % 2 == 0) if a == b else sent.count(a) == sent.count(b) for a, b in _QUOTES)
