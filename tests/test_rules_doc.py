"""Every rule the code cites exists in docs/rules.md, so a reader can look it up.

Docstrings, comments, catalogs and tests cite rule ids (M-4, E-17, DX-B2), sections (§7.5) and
option flags (`opt.target`); a citation that names nothing in the rules reference is a broken link.
"""

import re
from pathlib import Path

from bot.game.options import OPTIONS

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
CITING = ("bot", "cogs", "tests", "benchmarks", "docs")
TEXT_SUFFIXES = {".py", ".json", ".md", ".html", ".txt", ".js"}
RULE_ID = re.compile(r"\b[A-Z]{1,3}-[A-Z]?[0-9]+\b")
NOT_RULES = {"SHA-256", "UTF-8"}  # look like rule ids, are not
SECTION = re.compile(r"§ ?([0-9]+)(?:\.([0-9]+))?")
OPT = re.compile(r"\bopt\.([a-z][a-z0-9_]*)")


def _cited(pattern: re.Pattern[str]) -> dict[str, str]:
    """Each match of the pattern in the citing folders, with one file that cites it."""
    found: dict[str, str] = {}
    for folder in CITING:
        for path in sorted((ROOT / folder).rglob("*")):
            if (
                path.suffix not in TEXT_SUFFIXES
                or "artifacts" in path.parts
                or path.name == "rules.md"
            ):
                continue
            for match in pattern.finditer(path.read_text(encoding="utf-8")):
                found.setdefault(match.group(0), str(path.relative_to(ROOT)))
    return found


def _defined_ids() -> set[str]:
    """Ids a rule defines: a bold rule heading (**A-12 …) or a discrepancy table row (| DX-B2 |)."""
    bold = re.findall(r"\*\*([A-Z]{1,3}-[A-Z]?[0-9]+)\b", RULES)
    rows = re.findall(r"^\| *([A-Z]{1,3}-[A-Z]?[0-9]+) *\|", RULES, re.MULTILINE)
    return set(bold) | set(rows)


def test_the_rules_reference_defines_the_rules_it_is_known_for() -> None:
    defined = _defined_ids()
    assert {"G-1", "M-4", "A-12", "E-17", "E-20", "DX-B2", "P-3"} <= defined
    assert len(defined) > 150


def test_every_cited_rule_id_is_defined_in_docs_rules() -> None:
    defined = _defined_ids()
    cited = {k: v for k, v in _cited(RULE_ID).items() if k not in NOT_RULES}
    missing = {rule: where for rule, where in cited.items() if rule not in defined}
    assert not missing, f"rule ids cited but not defined in docs/rules.md: {missing}"
    assert len(cited) > 100  # the scan does see the citations


def test_every_cited_section_exists_in_docs_rules() -> None:
    headings = set(re.findall(r"^#{2,3} ([0-9]+(?:\.[0-9]+)?)[. ]", RULES, re.MULTILINE))
    checklist = RULES.split("## 12.")[1]
    items = set(re.findall(r"^([0-9]+)\. ", checklist, re.MULTILINE))
    missing = {}
    for text, where in _cited(SECTION).items():
        match = SECTION.fullmatch(text)
        assert match
        major, minor = match.groups()
        name = f"{major}.{minor}" if minor else major
        in_checklist = major == "12" and minor in items
        if name not in headings and not in_checklist:
            missing[text] = where
    assert not missing, f"sections cited but not in docs/rules.md: {missing}"


def test_every_engine_option_and_cited_flag_is_in_the_option_table() -> None:
    table = set(re.findall(r"^\| `opt\.([a-z0-9_]+)`", RULES, re.MULTILINE))
    cited = {m.removeprefix("opt."): where for m, where in _cited(OPT).items()}
    assert not {k: v for k, v in cited.items() if k not in table}
    assert set(OPTIONS) <= table, set(OPTIONS) - table
