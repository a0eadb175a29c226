#!/usr/bin/env python3
"""Validates an iosec report against its format's published JSON schema.

usage: validate-report.py sarif REPORT.sarif [SCHEMA.json]
       validate-report.py gitlab-sast REPORT.json [SCHEMA.json]

The schema defaults to the file in ../shared/reference beside the repository (as in CI): sarif-schema-2.1.0.json,
or gitlab-sast-report-format-15.0.7.json (GitLab's dist/sast-report-format.json of security-report-schemas v15.0.7).
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate-report: python package 'jsonschema' is missing (pip install jsonschema)")

SCHEMAS = {"sarif": "sarif-schema-2.1.0.json", "gitlab-sast": "gitlab-sast-report-format-15.0.7.json"}


def summary(kind, report):
    if kind == "sarif":
        results = sum(len(run.get("results", [])) for run in report.get("runs", []))
        rules = sum(len(run["tool"]["driver"].get("rules", [])) for run in report.get("runs", []))
        return f"valid SARIF 2.1.0 ({rules} rules, {results} results)"
    return f"a valid GitLab SAST report ({len(report.get('vulnerabilities', []))} vulnerabilities)"


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in SCHEMAS:
        sys.exit(__doc__)
    kind, report_path = sys.argv[1], sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    schema_path = sys.argv[3] if len(sys.argv) > 3 else os.path.join(here, "..", "..", "shared", "reference",
                                                                      SCHEMAS[kind])
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
        sys.exit(f"validate-report: {len(errors)} schema error(s) in {report_path}")
    print(f"validate-report: {report_path} is {summary(kind, report)}")


if __name__ == "__main__":
    main()
