extension ConfigFile {
    /// The commented `.iosec.yml` that `iosec init` writes: iosec's defaults, every key explained, the optional ones
    /// commented out. It parses as it stands (a test keeps it so), and with every `# key:` line uncommented too.
    public static let starter = """
        # iosec configuration: `iosec scan` reads the nearest .iosec.yml from the scanned path up to the repository
        # root. Command-line flags win over this file; --exclude and --include-context add to it.
        # Paths and globs are relative to this file's folder: `*` and `?` within a name, `**` across folders; a
        # pattern without `/` matches a file or folder name anywhere.

        # Exit 1 when a finding at or above this severity remains: critical, high, medium, low, info or none.
        fail_on: high

        # Leave out findings below this confidence: high, medium (the default) or low (everything). Findings that
        # rest on a name that is often wrong (a generic name such as `token` in a log line) are low.
        # min_confidence: low

        # Scan only these paths (all when empty or absent).
        # include:
        #   - App
        #   - Extensions

        # Leave these out.
        exclude:
          - "**/Generated"
          - "*.pb.swift"

        # Rules to switch off, or the only rules to run (`iosec rules` lists them).
        # disabled_rules:
        #   - resilience.jailbreak-detection-weak
        # only_rules:
        #   - secrets.hardcoded
        #   - network.trust-all

        # A different severity for a rule: critical, high, medium, low or info.
        # severity:
        #   network.cleartext-url: high
        #   code.debug-logging: info

        # Also report findings in test code, fixtures and mocks (off: counted in the summary only).
        include_tests: false
        # Also report these code contexts: test, preview, debug, tooling, sample, unreferenced, or all.
        # include_contexts: [debug]

        # Folders of third-party code, skipped like Pods and Carthage unless include_vendored is true.
        # third_party_folders: [Vendor, ThirdParty]
        include_vendored: false

        # Production checks: association files must list only release App IDs. release_app_ids, when given, are
        # the only App IDs allowed (they apply whenever production checks run, also with --production).
        production: false
        # release_app_ids:
        #   - ABCDE12345.com.example.app

        # Names this app uses for secrets that iosec does not know, and names it wrongly takes for secrets. Both
        # match whole words in identifiers and keys (vaultCode also matches user_vault_code).
        # sensitive_names: [vaultCode, memberNumber]
        # not_sensitive_names: [tokenBucket]

        # Findings accepted for now: only findings not in this file are reported (write it with
        # `iosec scan . --write-baseline iosec-baseline.json`).
        # baseline: iosec-baseline.json

        # Skip larger files (MB), usually generated code.
        # max_file_size: 8

        """
}
