"""Each language beside English on the language dev set (``chatcompact.evaluation.languages``).

Run: ``python benchmarks/languages.py [--budget 1200] [--embedder local|e5|none] [--lang en,de,it,zh]``
(also ``chatcompact eval languages``).
Prints, per language, the share of name/preference/decision held by the summary after 120 turns, clean topics,
recall@3 of the fact for a question in that language, answer containment with the query, and their mean.
"""

from __future__ import annotations

import argparse

from chatcompact.evaluation.languages import DEFAULT_BUDGET, run_languages, table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--embedder", default="local", help="embedder spec: local (MiniLM), e5, none, openai:MODEL")
    parser.add_argument("--lang", default="", help="comma-separated codes (default: all of the dev set)")
    args = parser.parse_args()
    codes = [c for c in args.lang.split(",") if c] or None
    print(f"embedder: {args.embedder}, budget {args.budget}")
    print(table(run_languages(codes, args.budget, embedder=args.embedder)))


if __name__ == "__main__":
    main()
