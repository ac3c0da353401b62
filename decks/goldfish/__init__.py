"""Goldfish runs on Celery workers: the pages, chunking and merging, the worker heartbeat and what the site
knows of its workers."""
