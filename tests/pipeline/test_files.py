"""Writing a whole folder at once: all of it or none of it."""
from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.errors import InputError
from pipeline.files import write_tree


def test_write_tree_replaces_the_folder_whole(tmp_path):
    out = tmp_path / "site"
    write_tree(out, {"index.html": b"one", "old.html": b"gone soon"})
    write_tree(out, {"index.html": b"two", "sub/page.html": b"deep"})
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == ["index.html", "sub/page.html"]
    assert (out / "index.html").read_bytes() == b"two"
    assert [p.name for p in tmp_path.iterdir()] == ["site"]          # no staging or old folder left


def test_a_failed_write_leaves_the_old_folder_as_it_was(tmp_path, monkeypatch):
    out = tmp_path / "site"
    write_tree(out, {"index.html": b"kept"})
    real = Path.write_bytes

    def failing(path, data):
        if path.name == "second.html":
            raise OSError(28, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(Path, "write_bytes", failing)
    with pytest.raises(InputError, match="No space left on device"):
        write_tree(out, {"first.html": b"new", "second.html": b"new"})
    assert [p.name for p in out.iterdir()] == ["index.html"]
    assert (out / "index.html").read_bytes() == b"kept"
    assert [p.name for p in tmp_path.iterdir()] == ["site"]
