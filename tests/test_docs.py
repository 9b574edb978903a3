"""The documentation holds together: every relative link and anchor resolves, every page is
reachable from the README, and the README stays a page one can start from."""

import asyncio
import importlib.util
import re
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").glob("*.md")])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def links(page: Path) -> list[str]:
    """Relative link targets of a page, outside code blocks."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found = [a or b for a, b in LINK.findall(text)]
    return [t for t in found if not re.match(r"[a-z]+:", t)]


def anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces made hyphens."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    result = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def test_the_slugs_are_githubs() -> None:
    page = ROOT / "docs" / "computer-players.md"
    assert "where-computers-think-botaithinking" in anchors(page)
    assert "11-option-flags-defaults" in anchors(ROOT / "docs" / "rules.md")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(target)
    assert not broken, f"{page.name}: {broken}"


def test_every_docs_page_is_linked_from_the_readme() -> None:
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in links(ROOT / "README.md")}
    pages = {p.resolve() for p in (ROOT / "docs").glob("*.md")}
    assert not pages - linked, sorted(p.name for p in pages - linked)


def test_the_readme_fits_a_screen_or_two_and_names_its_python() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 80
    assert "Python 3.11" in text
    assert "python -m bot play" in text


def test_the_readme_pictures_can_be_drawn_again(tmp_path, monkeypatch) -> None:
    """docs/make_pictures.py plays its sample table to Alice's turn and draws both pictures, the
    very ones the README shows, with no character the shipped font lacks."""
    spec = importlib.util.spec_from_file_location("make_pictures", ROOT / "docs/make_pictures.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    table, pictures, hand = asyncio.run(script.sample_hand())
    assert [table.seats[s].display_name for s in sorted(table.seats)] == [
        "Alice",
        "Boris",
        "Clara",
        "Dmitri",
    ]
    assert hand.seat == 0 and hand.legal and set(pictures) == {"trick.png", "melds.png"}
    monkeypatch.setattr(script, "OUT", tmp_path)
    written: list[str] = []
    text = ImageDraw.ImageDraw.text

    def noted(pen, xy, words, *args, **kwargs):
        written.append(words)
        return text(pen, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", noted)
    asyncio.run(script.main())
    missing = bytes(script.font(14).getmask("\U0010ffff"))  # the font's missing-glyph box
    lacking = {
        c for words in written for c in words if bytes(script.font(14).getmask(c)) == missing
    }
    assert not lacking - {" "}, lacking  # the lock included: drawn, never a box
    for name in ("board.png", "hand.png"):
        drawn = Image.open(tmp_path / name).convert("RGB")
        committed = Image.open(ROOT / "docs" / "pictures" / name).convert("RGB")
        assert drawn.size == committed.size and drawn.tobytes() == committed.tobytes(), (
            f"docs/pictures/{name} is not what `python docs/make_pictures.py` draws now: run it"
        )
