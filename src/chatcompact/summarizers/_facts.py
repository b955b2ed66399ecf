"""Whether a first-person clause states a fact about the user, for the extractive summarizer's user facts.

A user fact says who the user is, what they have, use, do or want, what holds for them: "I'm on the road most of
the week", "I have 48 new pieces in a spreadsheet", "my nephew wrote a little app for me", "I opened ticket
SUP-40417 on Saturday". A sentence that only starts with "I" often says nothing lasting: a feeling or a reaction
to the conversation ("my head is full of canonicals 🤯", "I'm a bit nervous about tomorrow"), an act on something
it does not name ("I found the payout stuff", "I fixed it by hand", "I checked ten times"), a thought ("I thought
I'd deleted them"), a tentative plan ("I might offer a gift") or a to-do ("I still have to dig out the
reference"). The words are the language's data (``lexicon`` of ``data/lang/<code>.json``: ``vague``,
``feeling``, ``cognitive``, ...); the verb-phrase reading is English, as the generic facts are (other languages
keep a first-person sentence as a fact only when it carries an identifier).
"""

from __future__ import annotations

import unicodedata

from chatcompact.core import lang
from chatcompact.core.preserve import identifier_spans

from ._text import PAST_FORMS

__all__ = ["about_user", "attribute_ok"]

_FIRST = {"i": "", "i'm": "am", "i've": "have", "i'd": "would", "i'll": "will", "i was": "was"}
_TENTATIVE = frozenset({"might", "may", "could", "should", "would"})
_BE = frozenset({"am", "is", "are", "was", "were", "'m"})
_HAVE = frozenset({"have", "has", "had", "'ve"})
_OBJECT_WORDS = 3  # how far into the object a vague word ("it", "those", "one") makes it unnamed


def _words(kind: str, code: str) -> frozenset[str]:
    return lang.language(code).words(kind)


def _felt(text: str, code: str) -> bool:
    """A feeling or an emoji: the clause is about the moment, not the user."""
    if any(unicodedata.category(ch) == "So" for ch in text):
        return True
    low = text.lower()
    if _words("feeling", code).intersection(lang.words(low)):
        return True
    return any(p in low for p in _words("not_fact", code))


def _participle(word: str) -> bool:
    return word.endswith(("ed", "en", "ing")) or word in PAST_FORMS


def _verb_and_rest(words: list[str], code: str) -> tuple[str, list[str]]:
    """The main verb of a clause without its subject and what follows it ("have been uploading them" ->
    ("uploading", ["them"])); a form of "be" before no verb form stands for its predicate ("am", ["vegetarian"]),
    "have" before no participle for possession."""
    adverbs, aux = _words("adverb", code), _words("aux", code)
    i = 0
    while i < len(words):
        w, nxt = words[i], (words[i + 1] if i + 1 < len(words) else "")
        verb_next = nxt in adverbs or _participle(nxt)
        if w in adverbs or (w in _BE | _HAVE and verb_next) or (w in aux and w not in _BE | _HAVE | _TENTATIVE):
            i += 1
            continue
        return w, words[i + 1 :]
    return "", []


def about_user(clause: str, code: str = lang.DEFAULT) -> bool:
    """Whether an "I ..." clause states a fact about the user (see the module docstring)."""
    if identifier_spans(clause):
        return not any(unicodedata.category(ch) == "So" for ch in clause)  # "I opened ticket SUP-40417 ..."
    if _felt(clause, code):
        return False
    words = [w.lower() for w in lang.words(clause)]
    if not words or words[0] not in _FIRST:
        return True
    implied = _FIRST[words[0]]
    rest = ([implied] if implied else []) + words[1:]
    verb, obj = _verb_and_rest(rest, code)
    if verb in _words("cognitive", code) or verb in _TENTATIVE:
        return False  # "I thought ...", "I might offer ..."
    if verb in _words("obligation", code) and obj[:1] == ["to"]:
        return len(obj) > 1 and obj[1] in _words("constraint_verb", code)  # "I need to stay on 3.8", not a to-do
    return _names_something(obj, code)


def _names_something(obj: list[str], code: str) -> bool:
    """The object names what it is about: no "it"/"those"/"the whole thing", and a content word that is no time
    or count ("I checked ten times", "I forgot yesterday")."""
    particles, determiners = _words("particle", code), _words("determiner", code)
    while obj and obj[0] in particles:
        obj = obj[1:]
    head = obj[:_OBJECT_WORDS]
    if _words("vague", code).intersection(head) or _words("vague_noun", code).intersection(obj[: _OBJECT_WORDS + 1]):
        return False
    plain = _words("transient", code) | _words("number", code) | determiners | particles
    content = [w for w in lang.content_words(" ".join(obj[:6]), code, filler=True) if w not in plain]
    return bool(content)


def attribute_ok(noun_phrase: str, value: str, code: str = lang.DEFAULT) -> bool:
    """ "my X is Y" is an attribute of the user unless X is a body part, a time or a mood word ("my head is full
    of canonicals", "my day was long") or Y is a feeling or names nothing."""
    nouns = set(lang.words(noun_phrase.lower()))
    if nouns & _words("not_attribute", code) or _felt(value, code):
        return False
    return _names_something([w.lower() for w in lang.words(value)], code)
