"""What `ecarte build` never runs: the tools around the corpus, kept apart from the stages.

`ocr` reads page images with Tesseract, `synth` makes the synthetic training pages the repair
stage learns from, `evaluate` counts CER/WER as dinglehopper does, `gold` reads the hand-checked
transcription, `figures` prints the OCR figures, and `alignment_scores`, `alignment_report`,
`alignment_tuning` score the aligner against the hand-checked alignment (`ecarte align
--evaluate`, `--tune`).
"""
