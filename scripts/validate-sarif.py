#!/usr/bin/env python3
"""Validates a SARIF file against the official SARIF 2.1.0 JSON schema.

usage: validate-sarif.py REPORT.sarif [SCHEMA.json]
The schema defaults to ../shared/reference/sarif-schema-2.1.0.json (beside the repository in CI).
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate-sarif: python package 'jsonschema' is missing (pip install jsonschema)")

here = os.path.dirname(os.path.abspath(__file__))
default_schema = os.path.join(here, "..", "..", "shared", "reference", "sarif-schema-2.1.0.json")
if len(sys.argv) < 2:
    sys.exit(__doc__)
report_path = sys.argv[1]
schema_path = sys.argv[2] if len(sys.argv) > 2 else default_schema

with open(schema_path, encoding="utf-8") as f:
    schema = json.load(f)
with open(report_path, encoding="utf-8") as f:
    report = json.load(f)

validator_class = jsonschema.validators.validator_for(schema)
validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
errors = sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path))
for error in errors[:20]:
    location = "/".join(str(p) for p in error.absolute_path) or "(root)"
    print(f"{report_path}: {location}: {error.message}", file=sys.stderr)
if errors:
    sys.exit(f"validate-sarif: {len(errors)} schema error(s) in {report_path}")

results = sum(len(run.get("results", [])) for run in report.get("runs", []))
rules = sum(len(run["tool"]["driver"].get("rules", [])) for run in report.get("runs", []))
print(f"validate-sarif: {report_path} is valid SARIF 2.1.0 ({rules} rules, {results} results)")
