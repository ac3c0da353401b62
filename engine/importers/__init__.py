"""Card importers: raw records from each game's source turned into `engine.Card` objects.

Pure parsing, no network and no Django: every `parse_*` function takes data already read (a decoded
JSON document, HTML text, CSV text) and returns a `ParseResult` with the cards it could read and a
`Rejected` entry (record number, card number, reason) for each record it could not. A bad record never
stops the others. `engine.importers.fetch` is the one module that talks to the network, for
`import_cards --official`; nothing here imports it. Sources and schemas: README.md beside this file.
"""

from engine.importers.dbsfw import parse_community_json, parse_detail_pages
from engine.importers.fftcg import parse_official
from engine.importers.project import name_parts, parse_project_csv, parse_project_json
from engine.importers.records import ImportedCard, ParseResult, Rejected

__all__ = [
    "ImportedCard",
    "ParseResult",
    "Rejected",
    "name_parts",
    "parse_community_json",
    "parse_detail_pages",
    "parse_official",
    "parse_project_csv",
    "parse_project_json",
]
