"""Independent oracles: Tafel's engine compared with jass-kit (Schieber) and belote-cli (Klammern).

Both peers are test-only dependencies (jass-kit is GPL): they are imported here and in
``bench/engine.py``, never by the product. Every known difference is in DIFFERENCES.md.
"""
