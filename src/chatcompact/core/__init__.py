"""The pure core: no disk, no network, no asyncio. Messages, counts and policies in; plans and states out."""
