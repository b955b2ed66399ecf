"""The patterns of the extractive summarizer: what counts as a fact, a decision, a promise, a question.

Kept apart from the extraction logic so the vocabulary can be read (and extended) in one place.
Every pattern is compiled once at import; none nests quantifiers over overlapping classes.
"""

from __future__ import annotations

import re

from chatcompact.core.lang import LOWER, UPPER
from chatcompact.core.preserve import wordset


def _upto(stops: str = "") -> str:
    """A run of text up to ``.``/``!``/``?`` or one of ``stops``; a dot inside a token (a URL, "€2.50",
    "app.py") does not end it. Unrolled so that it cannot backtrack badly."""
    body = f"[^.!?{stops}]"
    return rf"{body}*(?:[.!?](?=[\w/]){body}*)*"


CLAUSE = r"(?:^|[,;:]\s+|\b(?i:and|but|so|because|also|well|now|oh|ah|then|ok|okay|sure|yes)\s+)"
NAME = re.compile(
    r"(?i:\b(?:my name is|my name's|call me)\s+|(?:^|[,;]\s*|\b(?:hi|hello|hey)[,!]?\s+)(?:i'm|i am|this is)\s+)"
    rf"(?P<name>[{UPPER}][\w'-]+(?:\s+[{UPPER}][\w'-]+){{0,2}})"  # "Özil", "Ángel": any capital
)
NOT_NAMES = wordset(
    "So Not Just Really Very Still Also Here Back Going In At On From The A An Sorry Glad Happy Good Fine Ok Okay "
    "Sure Excited Thinking Looking Trying Working Living Based Currently Actually Now Interested Curious Afraid "
    "American British English French German Italian Spanish Chinese Japanese Indian Canadian Australian Mexican "
    "Brazilian Dutch Swiss Irish Scottish Polish Russian Korean Vietnamese Muslim Christian Jewish Catholic "
    "Buddhist Hindu Vegan Vegetarian Gay Trans Single Married Retired"
)
PLACE = re.compile(
    r"(?i)\bi(?:'m| am|'ve| have)? (?:(?P<loc>live in|based in|located in|living in|moved to|relocated to|"
    r"reside in)|(?P<origin>from|come from|originally from)) +(?P<place>" + _upto(",;") + ")"
)
PREFER = re.compile(
    r"(?i)\bi(?:'d| would)? +(?:really +|much +|definitely +|always +)?(?:prefer|rather) +(?P<obj>" + _upto(",;") + ")"
)
PREF_CUT = re.compile(r"(?i)\b(?:over|than|instead|because|since|but|if|when|unless|so|and|for|as|to)\b")
ATTR = re.compile(
    r"(?i)\bmy +(?P<np>(?:[a-z-]+ +){0,2}?[a-z-]+)(?: +(?:is|are|was|were)|'s) +(?P<val>[^,;!?]*[^,;!?\s.])"
)
SUBJECT_ALIASES = {
    "e-mail": "email", "email address": "email", "e-mail address": "email", "mail": "email",
    "phone number": "phone", "number": "phone", "mobile": "phone", "mobile number": "phone",
    "cell": "phone", "cell number": "phone", "telephone": "phone", "home address": "address",
    "birthday": "birthday", "date of birth": "birthday", "dob": "birthday", "time zone": "timezone",
    "tz": "timezone",
}  # fmt: skip
FIRST_PERSON = re.compile(CLAUSE + r"(?P<clause>(?:I|[Mm]y)\b" + _upto(";") + ")")
# "we're on the Basic plan", "my shop runs on the Pro plan", "Julien upgraded us to the Pro plan".
PLAN = re.compile(
    r"(?i:\b(?:i'm|i am|we're|we are|(?:my|our) (?:[a-z]+ ){0,2}(?:is|are|runs?|was))"
    r"(?: (?:currently|still|now|actually|already|really))? on (?:the |a |an |our )?"
    r"|\b(?:upgraded|downgraded|switched|moved) (?:us |me |(?:my|our) [a-z]+ )?to (?:the |a )?)"
    r"(?P<plan>[A-Z][\w+-]*(?: [A-Z][\w+-]*)?) (?i:plan|tier|subscription|package|edition)\b"
)
TIMEZONE = re.compile(
    r"\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Z][A-Za-z_]+"
    r"(?:/[A-Z][A-Za-z_]+)?\b|\b(?:UTC|GMT)[+-]\d{1,2}(?::\d\d)?\b"
)
# Said at the end of a clause, they add nothing to it: "... Europe/Paris by the way", "... v2 then".
TRAILING_FILLER = re.compile(
    r"(?i)(?:[,;]?\s+(?:by the way|btw|anyway|anyways|then|though|i think|i guess|for now then|please))+\s*[.!]*$"
)
# A decision needs a content object: two content words that are neither filler verbs nor vague nouns.
FILLER_VERBS = wordset(
    "do does doing done sort go get look check see try make start keep take have put think talk continue "
    "finish wrap recap figure work deal handle begin review discuss dig come tackle focus cover run walk"
)
VAGUE_WORDS = wordset(
    "loose ends end rest bit details detail stuff thing things step steps part point matter one ones first "
    "later together quickly right away through out next last remaining few couple whole"
)
# Where a decision's own clause ends: before a new clause with its own subject, or a dash or semicolon.
DECISION_CUT = re.compile(r",\s+(?=(?:they|I|we|he|she|it|you|but|so|because|since|and then)\b)|;|\s[—–-]\s")
LEAD_SUBJECT = re.compile(r"(?i)^(?:(?:so|and|then|ok|okay)\W+)*(?:we|we'll|we will|i'll|i will|you'll|you will|to)\s+")
FILLER = re.compile(
    r"(?i)^(?:i(?:'m| am) (?:so|sorry|glad|happy|sure|not sure|afraid|here|just|really|doing|good|fine|ok|okay|"
    r"excited|thrilled|proud|grateful|thankful|thinking|wondering|curious|looking forward|with you|super|very|"
    r"truly|lucky|blessed|stoked|pumped|honored|touched|inspired|going to|gonna|about to)\b|i am going to\b|"
    r"i (?:\S+ )?(?:think|guess|mean|know|hope|see|bet|wonder|understand|appreciate|believe|agree|suppose|wish|"
    r"just wanted|can't believe|love that|like that|totally|would|could|should|can|will)\b|i'(?:ll|d)\b)"
)
COMMIT = re.compile(
    CLAUSE + r"(?P<subj>I'll|I will|I'm going to|I am going to|I'm gonna|we'll|we will|we're going to|"
    r"we are going to|We'll|We will|We're going to) +(?!be\b|see\b|never\b|not\b|miss\b|bet\b|always\b)"
    r"(?P<what>[a-z]" + _upto(";") + ")"
)
DECIDE = re.compile(
    r"(?i)\b(?:i've decided|i have decided|i decided|we've decided|we have decided|we decided|i'll go with|"
    r"i will go with|we'll go with|let's go with|i choose|i chose|i'll take|i will take|decision:) *"
    r"(?:to +)?(?P<what>" + _upto() + ")"
)
LETS = re.compile(r"(?i)\blet'?s +(?!see\b|hope\b|not\b|just say\b)(?P<what>" + _upto() + ")")
AGREED = re.compile(
    r"(?i)^(?:(?:so|ok|okay|alright|right|then|good|great|fine|perfect|well)\b[,.!]?\s+)?"
    r"(?:agreed|deal|it's a deal)\b[.!,:]* *(?P<what>.*)"
)
# "As we agreed on 11 March: full refund...", "we agreed to refund...", "we've agreed that...".
AGREED_ON = re.compile(
    r"(?i)\b(?:we|you and i|both of us)(?:'ve| have| had)? +agreed(?: on [^:.!?]{1,25}:|:| to| that)\s*"
    r"(?P<what>" + _upto() + ")"
)
AFFIRM = re.compile(
    r"(?i)^\W*(?:yes|yeah|yep|sure|ok|okay|sounds good|great|perfect|agreed|deal|absolutely|of course|"
    r"that works|works for me|fine|good idea|good call|good plan|makes sense|will do|alright|all right|exactly|"
    r"go for it|let's do it)\b"
)
# A reply that contests a proposal rather than taking it up.
PUSHBACK = re.compile(
    r"(?i)^\W*(?:what about|how about|why not|no\b|nope|not\b|but\b|actually|instead|hmm|wait|are you sure|"
    r"i'd rather|i would rather|i'm not sure|i don't think)"
)
DONE = re.compile(
    r"(?i)\b(?:i've|i have|we've|we have|i just|we just|i already|we already|has been|have been|is now|are now|"
    r"done|completed?|finished|sent|shipped|issued|emailed|refunded|fixed|processed|took care)\b|\bI +[a-z]+ed\b"
)
SMALL_TALK = re.compile(
    r"(?i)^\W*(?:how (?:are|have|were) you|how's it going|what's up|how about you|and you|what about you|"
    r"you know|right|really|isn't it|don't you think|how was your|what do you think|wanna)\b"
)
# "How long/much/many" ask for a quantity; "long" is not what the question is about.
HOW_MUCH = re.compile(r"(?i)\bhow (?:long|much|many|often|far|soon|big|old)\b")
ASKED_PREFIX = re.compile(r"^[^:]{1,60}\basked: *")
WILL_PREFIX = re.compile(r"^.{1,60}?\b(?:will|decided:|suggested:) *")
# "Hey Mel", "Thanks, Caroline!": names by which the speakers address each other.
VOCATIVE = re.compile(
    r"(?i:\b(?:hey|hi|hello|thanks|thank you|congrats|yeah|yes|wow|bye|dear|sure|ok|okay)),? +"
    rf"([{UPPER}][{LOWER}]+)\b|, ([{UPPER}][{LOWER}]+)[!.?]"
)
