"""The command line's path arguments, checked as they are parsed: moved to the kernel
(:mod:`armata_rules.kernel.cli.paths`, shared by every command line of the package) and re-exported here under the
old names."""

from __future__ import annotations

from armata_rules.kernel.cli.paths import DIRECTORY_TYPES, FILE_TYPES, input_dir, input_file, output_dir, output_file

__all__ = ["DIRECTORY_TYPES", "FILE_TYPES", "input_dir", "input_file", "output_dir", "output_file"]
