"""The JSON API (django-ninja): see decks/api/views.py."""
