#!/usr/bin/env python3
"""Validates an iosec report against its format's published JSON schema.

usage: validate-report.py sarif REPORT.sarif [SCHEMA.json]
       validate-report.py gitlab-sast REPORT.json [SCHEMA.json]
       validate-report.py cyclonedx SBOM.json [SCHEMA.json]

The schema defaults to the file in ../shared/reference beside the repository (as in CI): sarif-schema-2.1.0.json,
or gitlab-sast-report-format-15.0.7.json (GitLab's dist/sast-report-format.json of security-report-schemas v15.0.7).
For CycloneDX it defaults to the bom-1.6 schema that the `cyclonedx-python-lib` package ships (pip install
cyclonedx-python-lib), whose SPDX and JSF schemas the 1.6 schema refers to are read from beside it.
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate-report: python package 'jsonschema' is missing (pip install jsonschema)")

SCHEMAS = {
    "sarif": "sarif-schema-2.1.0.json",
    "gitlab-sast": "gitlab-sast-report-format-15.0.7.json",
    "cyclonedx": "bom-1.6.SNAPSHOT.schema.json",
}


def cyclonedx_schema_path():
    try:
        import cyclonedx.schema
    except ImportError:
        sys.exit("validate-report: python package 'cyclonedx-python-lib' is missing (pip install cyclonedx-python-lib)")
    return os.path.join(os.path.dirname(cyclonedx.schema.__file__), "_res", SCHEMAS["cyclonedx"])


def registry_beside(schema_path):
    """The schemas in the same folder, by their $id, for the $refs between them (bom-1.6 → spdx, jsf)."""
    from referencing import Registry, Resource
    resources = []
    folder = os.path.dirname(os.path.abspath(schema_path))
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            try:
                contents = json.load(f)
            except ValueError:
                continue
        if isinstance(contents, dict) and contents.get("$id"):
            resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


def summary(kind, report):
    if kind == "cyclonedx":
        return f"a valid CycloneDX {report.get('specVersion')} SBOM ({len(report.get('components', []))} components)"
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
    if len(sys.argv) > 3:
        schema_path = sys.argv[3]
    elif kind == "cyclonedx":
        schema_path = cyclonedx_schema_path()
    else:
        schema_path = os.path.join(here, "..", "..", "shared", "reference", SCHEMAS[kind])
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    extra = {"registry": registry_beside(schema_path)} if kind == "cyclonedx" else {}
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER, **extra)
    errors = sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path))
    for error in errors[:20]:
        location = "/".join(str(p) for p in error.absolute_path) or "(root)"
        print(f"{report_path}: {location}: {error.message}", file=sys.stderr)
    if errors:
        sys.exit(f"validate-report: {len(errors)} schema error(s) in {report_path}")
    print(f"validate-report: {report_path} is {summary(kind, report)}")


if __name__ == "__main__":
    main()
