"""``python -m rules_engine deal|match|legal < record.json`` (see rules_engine.cli)."""

from rules_engine.cli import main

raise SystemExit(main())
