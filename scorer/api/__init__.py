"""The JSON API: the engine contract over HTTP, and its OpenAPI document."""
