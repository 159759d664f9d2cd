"""The Écarté rules engine: the game and nothing else (no XML, OCR or corpus files)."""
