"""The drivers of :mod:`chatcompact.core.engine`: the layer between the pure core and the backends.

``Memory`` / ``Thread`` (sync) and ``AsyncMemory`` / ``AsyncThread`` (asyncio) execute the engine's effects
(``effects``) against a store, a summarizer and an embedder; ``background`` schedules their jobs, ``worker``
runs them in other processes (``leases`` keeps a claimed job's lease), ``archive`` is the verbatim recall,
``forget`` erasure and export, ``migrate`` copies stores, ``registry`` resolves names and URLs to backends.
Import the public names from :mod:`chatcompact`.
"""
