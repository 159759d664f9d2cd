"""Writing a whole folder at once: all of it or none of it."""
from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.errors import InputError
from pipeline.files import write_tree

MARK = ".written-by-test"


def test_write_tree_replaces_the_folder_whole(tmp_path):
    out = tmp_path / "site"
    write_tree(out, {"index.html": b"one", "old.html": b"gone soon"}, MARK)
    write_tree(out, {"index.html": b"two", "sub/page.html": b"deep"}, MARK)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [MARK, "index.html", "sub/page.html"]
    assert (out / "index.html").read_bytes() == b"two"
    assert [p.name for p in tmp_path.iterdir()] == ["site"]          # no staging or old folder left


def test_a_failed_write_leaves_the_old_folder_as_it_was(tmp_path, monkeypatch):
    out = tmp_path / "site"
    write_tree(out, {"index.html": b"kept"}, MARK)
    real = Path.write_bytes

    def failing(path, data):
        if path.name == "second.html":
            raise OSError(28, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(Path, "write_bytes", failing)
    with pytest.raises(InputError, match="No space left on device"):
        write_tree(out, {"first.html": b"new", "second.html": b"new"}, MARK)
    assert sorted(p.name for p in out.iterdir()) == [MARK, "index.html"]
    assert (out / "index.html").read_bytes() == b"kept"
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_a_file_or_a_folder_of_other_files_is_never_replaced(tmp_path):
    (tmp_path / "a-file").write_text("mine")
    with pytest.raises(InputError, match="a-file: is a file"):
        write_tree(tmp_path / "a-file", {"index.html": b"x"}, MARK)
    (tmp_path / "thesis").mkdir()
    (tmp_path / "thesis" / "thesis.txt").write_text("years of work")
    with pytest.raises(InputError, match="thesis: this folder holds files this command did not write"):
        write_tree(tmp_path / "thesis", {"index.html": b"x"}, MARK)
    assert (tmp_path / "a-file").read_text() == "mine"
    assert [p.name for p in (tmp_path / "thesis").iterdir()] == ["thesis.txt"]
    (tmp_path / "empty").mkdir()
    write_tree(tmp_path / "empty", {"index.html": b"x"}, MARK)              # an empty folder is fine
    assert (tmp_path / "empty" / "index.html").read_bytes() == b"x"
