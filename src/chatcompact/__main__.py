"""``python -m chatcompact``: the same CLI as the ``chatcompact`` command (same name in its help and errors)."""

from .cli import main

main(prog_name="chatcompact")
