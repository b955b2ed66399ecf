"""``python -m chatcompact``: the same CLI as the ``chatcompact`` command."""

from .cli import main

main()
