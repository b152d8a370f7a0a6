"""The Textual app and the command line. Importing this package imports no Textual."""
