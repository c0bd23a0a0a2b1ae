"""The equipment package stays Python in the compiled build (its kernels run on Z3 terms) and its ``__init__``
imports none of its modules."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
EQUIPMENT = ROOT / "armata_rules" / "kernel" / "equipment"


def test_no_equipment_module_is_in_the_compiled_build() -> None:
    hook = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    include = hook["hooks"]["mypyc"]["include"]
    modules = sorted(path.relative_to(ROOT).as_posix() for path in EQUIPMENT.glob("*.py"))
    assert "armata_rules/kernel/equipment/proofs.py" in modules
    # an entry names a file, or a folder whose own *.py files it compiles (not its sub-folders)
    covered = [m for m in modules if any(m == entry or Path(m).parent.as_posix() == entry for entry in include)]
    assert covered == []


def test_importing_the_package_imports_none_of_its_modules() -> None:
    script = "import json, sys, armata_rules.kernel.equipment as e; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    loaded = [name for name in json.loads(done.stdout) if name.startswith("armata_rules.kernel.equipment.")]
    assert loaded == []
