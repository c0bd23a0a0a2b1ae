"""The build under test: pure Python, or the opt-in mypyc build of exactly the modules pyproject.toml names."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from armata_rules import build

ROOT = Path(__file__).resolve().parent.parent


def _configured_modules() -> set[str]:
    """The modules the mypyc hook in pyproject.toml compiles: its include folders and files, minus its excludes."""
    hook = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    config = hook["hooks"]["mypyc"]
    excluded = {Path(path) for path in config["exclude"]}
    names = set()
    for entry in config["include"]:
        paths = [ROOT / entry] if entry.endswith(".py") else sorted((ROOT / entry).glob("*.py"))
        for path in paths:
            if path.relative_to(ROOT) not in excluded:
                names.add(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"))
    return names


def test_the_description_names_every_compiled_module() -> None:
    compiled = build.compiled_modules()
    text = build.describe()
    if not compiled:
        assert text == "pure Python"
    else:
        assert text.startswith(f"compiled ({len(compiled)} modules: ")
        assert all(name.removeprefix("armata_rules.") in text for name in compiled)


def test_the_hook_compiles_the_rules_and_the_state_but_not_the_registry_or_the_kernels() -> None:
    configured = _configured_modules()
    assert "armata_rules.rules.movement" in configured
    assert "armata_rules.rules" in configured
    # the state classes are native in the compiled build (their hand-written __init__, see immutable.frozen_init);
    # the kernel's modules are compiled where they live, the re-exports at their old paths are not
    assert {"armata_rules.state", "armata_rules.kernel.core.immutable", "armata_rules.kernel.core.errors"} <= configured
    assert not {"armata_rules.immutable", "armata_rules.interning", "armata_rules.errors"} & configured
    # the engine loop moved to the kernel with the rules' compiled modules (issue 33); Armata's handler bases stay
    # compiled (its compiled handlers subclass them), the modules left at the old paths only re-export
    loop = {"dispatch", "settle", "handlers", "flow", "kernels", "frames", "state"}
    assert {f"armata_rules.kernel.play.{name}" for name in loop} <= configured
    assert {"armata_rules.rules.handlers", "armata_rules.rules.flow", "armata_rules.game"} <= configured
    assert not {"armata_rules.rules.dispatch", "armata_rules.rules.settle", "armata_rules.rules.kernels"} & configured
    # the registry reads its caller's frame; the effect kernels run on Z3 values in the proofs
    assert not {"armata_rules.rules.registry", "armata_rules.kernel.play.registry"} & configured
    assert "armata_rules.effects" not in configured


@pytest.mark.skipif(os.environ.get("ARMATA_BUILD") != "compiled", reason="only on the compiled build")
def test_the_compiled_build_is_exactly_the_configured_modules() -> None:
    assert set(build.compiled_modules()) == _configured_modules()
