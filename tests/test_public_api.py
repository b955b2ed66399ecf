"""The curated public API."""

import chatcompact


def test_all_is_sorted_and_importable():
    assert chatcompact.__all__ == sorted(chatcompact.__all__)
    for name in chatcompact.__all__:
        assert getattr(chatcompact, name).__doc__, f"{name} has no docstring"
