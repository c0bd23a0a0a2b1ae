"""Moved to :mod:`armata_rules.kernel.core.datafile` (issue 33). Its names are re-exported here, the same objects, so
existing imports keep working; but assigning to a name here does not reach the kernel (patch the kernel module)."""

from __future__ import annotations

from armata_rules.kernel.core.datafile import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_INT,
    DataFileError,
    StrictModel,
    check_plain_data,
    key_path,
    read_data_file,
    read_regular_file,
    validate_model,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_INT",
    "DataFileError",
    "StrictModel",
    "check_plain_data",
    "key_path",
    "read_data_file",
    "read_regular_file",
    "validate_model",
]
