"""The web layer every feature shares: security headers, languages, forms, widgets, display, reasons."""
