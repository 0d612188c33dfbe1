"""Views: a plain text console view, and an interactive board view (Textual, optional)."""
