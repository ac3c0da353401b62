"""A deck registration sheet for a tournament, as a PDF on A4 or Letter (issue 35, item 4).

Tournaments of all four games ask for the list on paper: the player's name and ID, the deck's name and
format, and every section with counts, numbers and names, totalled. The fields the player fills in by hand
are left blank lines. reportlab lays the tables out over as many pages as the list needs; names in
Japanese (GBF, Fire Force) are set in reportlab's built-in Japanese CID font, which PDF readers supply,
so the file embeds no font.
"""

from __future__ import annotations

import io
from datetime import date
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from decks.builder import deckpage
from decks.models import Deck

PAPERS = {"a4": A4, "letter": LETTER}
LATIN, JAPANESE = "Helvetica", "HeiseiKakuGo-W5"
pdfmetrics.registerFont(UnicodeCIDFont(JAPANESE))
TITLE = ParagraphStyle("title", fontName="Helvetica-Bold", fontSize=16, leading=20)
SMALL = ParagraphStyle("small", fontName=LATIN, fontSize=9, leading=11, textColor=colors.HexColor("#5b6372"))
GRID = colors.HexColor("#b9c0cc")


def registration_sheet(deck: Deck, paper: str, player: str = "") -> bytes:
    """The PDF for `deck` on `paper` (a key of PAPERS); `player` prefills the name line when given."""
    page = deckpage.build(deck)
    out = io.BytesIO()
    document = SimpleDocTemplate(
        out,
        pagesize=PAPERS[paper],
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title=f"Deck registration: {deck.name}",
        author=player or "",
        subject=f"{page.rules.name} deck registration sheet",
    )
    width = document.width
    story: list[Flowable] = [
        Paragraph(f"{escape(page.rules.name)}: deck registration sheet", TITLE),
        Spacer(1, 4 * mm),
        _fields(deck, page, player, width),
        Spacer(1, 6 * mm),
    ]
    for section in page.sections:
        story.append(KeepTogether([_section_table(section, width), Spacer(1, 5 * mm)]))
    total = sum(s.count for s in page.sections)
    story.append(Paragraph(f"Total cards: {total}. Printed {date.today().isoformat()}.", SMALL))
    document.build(story)
    return out.getvalue()


def _fields(deck: Deck, page: deckpage.DeckPage, player: str, width: float) -> Table:
    """The heading block: what the player writes in by hand, and what the deck says of itself."""
    format_name = deck.format.replace("-", " ").capitalize()
    rows = [
        ["Player name", _text(player), "Player ID", ""],
        ["Event", "", "Date", ""],
        ["Deck name", _text(deck.name), "Format", format_name],
    ]
    table = Table(rows, colWidths=[width * 0.16, width * 0.42, width * 0.14, width * 0.28], rowHeights=9 * mm)
    style: list[tuple[object, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), LATIN),
        ("FONTNAME", (0, 0), (0, -1), "Helvetica-Bold"),
        ("FONTNAME", (2, 0), (2, -1), "Helvetica-Bold"),
        ("FONTSIZE", (0, 0), (-1, -1), 10),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LINEBELOW", (1, 0), (1, -1), 0.6, GRID),
        ("LINEBELOW", (3, 0), (3, -1), 0.6, GRID),
    ]
    table.setStyle(TableStyle(style + _japanese_cells(rows)))
    return table


def _japanese_cells(rows: list[list[str]], first_row: int = 0) -> list[tuple[object, ...]]:
    """Table styles that set each cell Helvetica cannot in the Japanese font."""
    return [
        ("FONTNAME", (column, i), (column, i), JAPANESE)
        for i, row in enumerate(rows, start=first_row)
        for column, text in enumerate(row)
        if not _is_latin(text)
    ]


def _section_table(section: deckpage.SectionView, width: float) -> Table:
    """One section: its cards with counts, numbers and names, and its total."""
    header = [f"{section.label}", "", ""]
    rows = [[str(row.count), row.card.number, _text(row.card.name)] for row in section.rows]
    rows.append([str(section.count), "", f"{section.label}: {section.count} cards"])
    table = Table(
        [header, ["Qty", "Number", "Name"], *rows],
        colWidths=[width * 0.1, width * 0.22, width * 0.68],
        repeatRows=2,
    )
    style: list[tuple[object, ...]] = [
        ("SPAN", (0, 0), (-1, 0)),
        ("FONTNAME", (0, 0), (-1, 1), "Helvetica-Bold"),
        ("FONTNAME", (0, 2), (-1, -1), LATIN),
        ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
        ("FONTSIZE", (0, 0), (-1, 0), 12),
        ("FONTSIZE", (0, 1), (-1, -1), 9.5),
        ("ALIGN", (0, 1), (0, -1), "RIGHT"),
        ("LINEBELOW", (0, 1), (-1, 1), 0.8, colors.black),
        ("LINEBELOW", (0, 2), (-1, -2), 0.3, GRID),
        ("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black),
    ]
    table.setStyle(TableStyle(style + _japanese_cells(rows, first_row=2)))
    return table


def _is_latin(text: str) -> bool:
    """Whether Helvetica can set the text (Latin-1); else the Japanese CID font does."""
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _text(text: str) -> str:
    """A cell's text, cut to what a line holds (a name of 200 characters would push the table apart)."""
    return text if len(text) <= 60 else text[:57] + "..."
