"""From sources to the TEI corpus: ocr → repair → collate → segment → normalize → align → link → tei → validate."""
