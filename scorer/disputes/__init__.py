"""The dispute desk: rule on a disputed card, trick, Weis, count or deal — citing the rule.

Every question is a GET form, so a ruling's address reproduces it (share it, bookmark it)
and ``….pdf`` with the same query prints it on one page. The engine decides
(:mod:`rules_engine`); :mod:`.rulings` says what it decided; :mod:`.views` draws it.
"""
