"""The web layer every feature shares: security headers, caching headers, languages, forms, display, reasons."""
