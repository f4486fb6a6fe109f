"""The migration revisions, oldest first."""
