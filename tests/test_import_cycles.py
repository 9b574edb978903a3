"""No import cycle anywhere in `bot` or `cogs`: the layers read one way, top to bottom.

The graph is grimp's (import-linter's own): every import counts, those inside functions and
those only for the type checker included, so a cycle cannot hide behind either.
"""

from __future__ import annotations

import grimp

PACKAGES = ("bot", "cogs")


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, pending = work[-1]
            step = next(pending, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(edges[step])))
                elif step in on_stack:
                    low[module] = min(low[module], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_no_module_of_bot_or_cogs_imports_itself_back_through_others():
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    assert _cycles(graph) == []


def test_the_cycle_finder_sees_a_cycle(tmp_path, monkeypatch):
    """The check itself: two modules that import each other, one inside a function, one only for
    the type checker, are one cycle."""
    package = tmp_path / "circle"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from circle import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from circle import a\n"
    )
    (package / "c.py").write_text("from circle import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _cycles(grimp.build_graph("circle")) == [["circle.a", "circle.b"]]
