"""From sources to the TEI corpus: ocr → repair → collate → segment → normalize → align → link → tei → validate."""

__version__ = "0.1.0"
"""The project's version: named in every TEI header, so it lives here, not in installed metadata."""
