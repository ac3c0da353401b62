"""Sign-up, log-in and log-out, and each user's keys for the JSON API."""
