"""The learned reader of standing preferences (``core.reader``): what it reads, and the guards it stays behind."""

from __future__ import annotations

import json
import math
from importlib import resources

from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.core import own_words, reader
from chatcompact.core.instructions import PREFERENCE, _sentences, detect, pointable, reader_sentences
from chatcompact.core.own_words import ANCHORED, cues, has, kinds_in, starts
from chatcompact.types import Message

# Wording no cue rule reads: the reader does.
FRESH = "Python 3.8 is the max on our cluster, so no match statements or 3.10+ syntax."


def _items(text: str, role: str = "user") -> list[str]:
    m = Message(role, text, seq=7, tool_call_id="c" if role == "tool" else None)
    return [i.text for i in detect(m)]


def test_the_bundled_weights_load_and_are_sane() -> None:
    raw = json.loads(resources.files("chatcompact").joinpath("data", "lang", "reader.json").read_text("utf-8"))
    m = reader.model()
    assert m.thresholds == raw["thresholds"]
    assert set(m.thresholds) == {"en", "en:short", "de:short", "it:short", "zh:short"}
    assert 0.5 <= m.thresholds["en:short"] <= m.thresholds["en"] < 1.0  # a short turn's sentence is its point
    # de / it / zh: in a short turn only, and more strictly (fewer labelled negatives, no real chats)
    assert all(m.thresholds["en"] < m.thresholds[f"{code}:short"] < 1.0 for code in ("de", "it", "zh"))
    assert len(m.weights) > 1000 and all(math.isfinite(w) for w in m.weights.values())
    assert any(k.startswith("k:") for k in m.weights) and any(k.startswith("s:") for k in m.weights)


def test_fresh_wording_the_rules_miss_is_read_as_a_preference_citing_its_message() -> None:
    with reader.disabled():
        assert _items(FRESH) == []
    found = detect(Message("user", FRESH, seq=7))
    assert [(i.text, i.subject, i.sources) for i in found] == [(FRESH, PREFERENCE, (7,))]
    assert reader.score(FRESH) >= reader.model().threshold(FRESH)
    assert reader.proposes(FRESH)


def test_disabled_holds_for_its_block_only() -> None:
    with reader.disabled():
        assert not reader.proposes(FRESH)
    assert reader.proposes(FRESH)


def test_the_reader_stays_behind_the_rules_guards() -> None:
    """What the reader would take in the user's own words it never takes quoted, pasted, asked, for this turn
    only, from someone else, before a question about it, or from an assistant or a tool."""
    assert _items(f'My colleague wrote: "{FRESH}" Is that right?') == []
    assert _items(f"Here is what the linter printed:\n\n```\n{FRESH}\n```\n\nWhat does it mean?") == []
    assert _items(f"> {FRESH}\n\nThis is from the wiki.") == []
    assert _items("Is Python 3.8 the max on our cluster, so no match statements or 3.10+ syntax?") == []
    assert _items("Python 3.8 is the max on our cluster this time, so no match statements or 3.10+ syntax.") == []
    unowned = FRESH.replace("our cluster", "the cluster")  # nobody's: it may have been pasted
    assert _items(unowned) == [unowned]
    assert _items(f"{unowned} What do you think?") == []
    assert _items(f"You are a build bot. {FRESH} What do you think?") == []  # a prompt drafted for a bot
    assert _items(FRESH, role="assistant") == []
    assert _items(FRESH, role="tool") == []
    assert reader_sentences(f'"{FRESH}"') == []


def test_before_a_generic_question_the_reader_takes_what_the_speaker_says_of_themselves() -> None:
    assert _items(f"{FRESH} What do you think?") == [FRESH]  # "our cluster": the speaker's own setting
    arch = "I'm on Arch Linux. Give me terminal commands, not GUI click-throughs."
    with reader.disabled():
        assert _items(f"{arch} Makes sense?") == []
    assert _items(f"{arch} Makes sense?") == _items(arch) == [arch]  # with the setting it follows from, as alone
    advice = "Always use UTC in the database and convert on the frontend — I've seen this advice everywhere."
    assert _items(f"{advice} Makes sense?") == []  # advice seen elsewhere, asked about


def test_a_mentioned_word_or_what_follows_from_someone_elses_situation_is_asked_about() -> None:
    """A word or two in quotes is the user's own sentence still; a quoted sentence, a longer quote or a reported one
    is not. Someone else's situation is asked about for what follows from it for the listener ("..., so anything
    baked needs an egg-free version"), never for them ("..., so she checks every label")."""
    mention = "I'm a nurse on night shifts, so 'morning' for me is around 6pm."
    assert reader_sentences(mention) == ["I'm a nurse on night shifts, so for me is around 6pm."]
    assert reader_sentences("No AI-sounding words like 'delve' or 'tapestry' in anything you draft for me.")
    assert reader_sentences("Nothing like 'this is a really long quoted bit' in the drafts, please.") == []
    assert reader_sentences("Our guide has 'Never use the passive.' in it, so keep it active.") == []
    assert reader_sentences("The README says 'no tabs' for this repo.") == []  # reported
    elses = "My son's allergic to eggs, so anything baked needs an egg-free version."
    assert reader_sentences(elses) == [elses]
    assert pointable(elses, elses) and not pointable("My son is allergic to eggs.", "My son is allergic to eggs.")
    others = ("My sister is vegan, so she checks every label.", "my manager prefers Jira, which drives me nuts")
    for text in (*others, "My boss loves short answers so much that we all write them."):
        assert reader_sentences(text) == [] and not pointable(text, text)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="abc ,.!?", min_size=1, max_size=60), st.sampled_from(["'", '"', "“"]))
def test_a_quoted_sentence_inside_is_never_the_users_own(quoted: str, mark: str) -> None:
    close = "”" if mark == "“" else mark
    quote = f"{mark}{quoted}.{close}"
    body = f"Keep answers to {quote} for me, please."
    assert all(quote not in w or not pointable(w, s) for w, s, _, _, _ in _sentences(body))


def test_the_model_is_asked_only_in_the_languages_it_has_a_threshold_for() -> None:
    """Trained on all four languages, used on English, and on de / it / zh only in a short turn: there are no
    real chats in those languages to check it on, and in long messages it read their narration as rules
    (``benchmarks/train_reader.py`` prints the held-out figures per language)."""
    m = reader.Model(0.0, {"w:tabs": 1.0}, {"en": 0.5, "de:short": 0.9})
    assert m.threshold("Use tabs, please.") == 0.5 == m.threshold("Use tabs, please.", short=True)
    assert m.threshold("Bitte verwende immer Tabs zum Einrücken.") is None
    assert m.threshold("Bitte verwende immer Tabs zum Einrücken.", short=True) == 0.9
    assert m.threshold("请用中文回答。") is None and m.threshold("请用中文回答。", short=True) is None
    assert reader.score("Use tabs, please.", m) == reader.score("tabs", m) > reader.score("spaces", m) == 0.5
    zh = "我们集群最多只能用 Python 3.8，所以不要用 match 语句。"
    assert reader.threshold(zh) is None and not reader.proposes(zh) and reader.threshold(FRESH) is not None
    assert reader.threshold(zh, short=True) == reader.model().thresholds["zh:short"]
    with reader.disabled():
        assert reader.threshold(FRESH) is None and reader.threshold(zh, short=True) is None


def test_in_de_it_zh_the_reader_reads_a_short_turn_only() -> None:
    # from a batch the reader was not trained on (WRITTEN_35): no rule reads it
    court = "Faccio traduzioni per il tribunale, quindi registro formale e niente abbreviazioni."
    with reader.disabled():
        assert _items(court) == []
    assert _items(court) == [court]
    # in a long message it is read by the rules alone
    task = (
        "Ti incollo il verbale di ieri. La riunione è durata due ore e abbiamo discusso il budget, il calendario "
        "delle consegne e le ferie estive. Il direttore ha chiesto un riepilogo entro venerdì. Ho già preparato una "
        "bozza, ma è troppo lunga e confusa, e non so bene da dove cominciare a tagliare."
    )
    assert _items(f"{task} {court}") == []
    # what a person tells of their day is no rule, nor a bug report
    for text in (
        "Wir waren gestern mit den Kindern im Zoo, die Elefanten waren der Hit.",
        "Ieri sera ho cucinato la carbonara per i miei suoceri, è venuta benissimo.",
        "我昨天把服务器升级到了 Ubuntu 24.04，现在 nginx 起不来了。",
    ):
        assert _items(text) == []


_PHRASES = sorted({p for lang in cues().values() for kind in lang.values() for p in kind})


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(_PHRASES), min_size=1, max_size=3),
    st.lists(st.sampled_from(["the", "code", "tests", "please", ",", "我们", "x1", "déjà", "don’t"]), max_size=4),
)
def test_kinds_in_says_what_has_and_starts_say_of_every_kind(phrases: list[str], words: list[str]) -> None:
    text = " ".join([*phrases, *words])
    anywhere, at_start = kinds_in(text)
    kinds = {k for lang in cues().values() for k in lang}
    assert anywhere == {k for k in kinds if has(k, text)}
    assert at_start == {k for k in kinds & ANCHORED if starts(k, text)}


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(ANCHORED)),
    st.lists(st.sampled_from(_PHRASES), min_size=1, max_size=2),
    st.sampled_from(["", " ", "\n ", "  "]),
    st.sampled_from(["", " now", "x", ", please", "’s", "ẞ"]),
)
def test_starts_ends_where_the_kinds_alternation_ends(kind: str, phrases: list[str], lead: str, tail: str) -> None:
    """``starts`` looks phrases up by the text's first word; the regex of all the kind's phrases, longest first,
    tried at the start, is what it must equal."""
    text = lead + " ".join(phrases) + tail
    m = own_words._pattern(kind).match(own_words.straight(text))
    assert starts(kind, text) == (m.end() if m else 0)


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=0, max_size=300))
def test_any_text_scores_between_0_and_1_and_inside_a_code_block_is_never_read(text: str) -> None:
    p = reader.score(text)
    assert 0.0 <= p <= 1.0
    fenced = f"Here is the file:\n\n```\n{text.replace('`', '')}\n```"
    assert all("Here is the file" in s for s in reader_sentences(fenced))  # the lead-in only, never the code
