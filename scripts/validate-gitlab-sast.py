#!/usr/bin/env python3
"""Validates a GitLab SAST report against GitLab's sast-report-format.json schema.

usage: validate-gitlab-sast.py REPORT.json [SCHEMA.json]
The schema defaults to ../shared/reference/gitlab-sast-report-format-15.0.7.json (beside the repository in CI),
GitLab's dist/sast-report-format.json of security-report-schemas v15.0.7.
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate-gitlab-sast: python package 'jsonschema' is missing (pip install jsonschema)")

here = os.path.dirname(os.path.abspath(__file__))
default_schema = os.path.join(here, "..", "..", "shared", "reference", "gitlab-sast-report-format-15.0.7.json")
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
    sys.exit(f"validate-gitlab-sast: {len(errors)} schema error(s) in {report_path}")

print(f"validate-gitlab-sast: {report_path} is a valid GitLab SAST report "
      f"({len(report.get('vulnerabilities', []))} vulnerabilities)")
