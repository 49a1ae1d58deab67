"""The table without network: an installable app whose tablet keeps playing offline."""
