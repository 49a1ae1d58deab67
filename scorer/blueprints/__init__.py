"""One blueprint per feature: matches, deals, rules (sheets, disputes and api follow)."""
