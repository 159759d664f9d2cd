"""From sources to the TEI corpus. `ecarte build` runs, in order (`pipeline/build.py`, the spine):

    sources → segment → collate → correct → normalize → normativity → link → align → variants
    → tei → validate

each stage a module or package named after what it does, plain data in and out. What the build
never runs (OCR of page images, synthetic training pages, evaluation, figures) is in
`pipeline/workbench/`; the repair stage (`pipeline/repair/`) cleans raw OCR for the collation and
for `ecarte repair`, and `pipeline/corpus.py` gives readers (xref, variants, conformance) the
stages' results once per process.
"""

__version__ = "0.1.0"
"""The project's version: named in every TEI header, so it lives here, not in installed metadata."""
