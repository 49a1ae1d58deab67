"""The store: the models, the append-only match log, the database, migrations and backups."""
