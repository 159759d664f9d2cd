"""The TEI stage: the corpus as TEI P5 documents, one per witness and a teiCorpus over them.

`document` writes a witness's text and the teiCorpus, `header` the teiHeaders, `readings` the
edition's app/choice markup, `alignment` the stand-off links between witnesses and the variant
points, `xml` the namespaces and deterministic serialization. Plain data in, bytes out.
"""
from .document import corpus_document, witness_document
from .header import TeiContext, load_context

__all__ = ["TeiContext", "corpus_document", "load_context", "witness_document"]
