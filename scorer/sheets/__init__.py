"""Printable score pads and scoresheets: the PDFs and their pages."""
