"""The TEI stage: the corpus as TEI P5 documents, one per witness and a teiCorpus over them.

`document` writes a witness's text and the teiCorpus, `header` the teiHeaders, `readings` the
edition's app/choice markup, `alignment` the stand-off links between witnesses and the variant
points, `xml` the namespaces and deterministic serialization. The editors' marks made after the
text is written: `foreign` (French), `losses` (lost symbols, doubtful marks), both through
`inline`; `omissions` the source lines a text leaves out, `revisions` the corpus's versions.
Plain data in, bytes out.
"""
from .document import corpus_document, witness_document
from .header import TeiContext, load_context
from .omissions import Omission, omissions

__all__ = ["Omission", "TeiContext", "corpus_document", "load_context", "omissions", "witness_document"]
