"""Who may change a match: edit secrets, the club administrator, and their pages."""
