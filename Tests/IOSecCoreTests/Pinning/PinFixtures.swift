import Foundation
import Testing
@testable import IOSecCore

/// Fixed certificates generated once with
/// `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -subj "/CN=pin-fixture.example/O=iosec tests"`
/// and `openssl req -x509 -newkey rsa:2048 -subj "/CN=rsa-fixture.example"`. The expected pins were computed
/// independently at test-writing time with
/// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | openssl enc -base64`.
enum PinFixtures {
    static let ecPEM = """
        -----BEGIN CERTIFICATE-----
        MIIBvDCCAWOgAwIBAgIUA45/CJhLhJqScVjrAdkt36bT8hwwCgYIKoZIzj0EAwIw
        NDEcMBoGA1UEAwwTcGluLWZpeHR1cmUuZXhhbXBsZTEUMBIGA1UECgwLaW9zZWMg
        dGVzdHMwHhcNMjYxMTIyMjE1NjM4WhcNMzYxMTE5MjE1NjM4WjA0MRwwGgYDVQQD
        DBNwaW4tZml4dHVyZS5leGFtcGxlMRQwEgYDVQQKDAtpb3NlYyB0ZXN0czBZMBMG
        ByqGSM49AgEGCCqGSM49AwEHA0IABCglJBdPOA61caX4/LPww0wDnq6dvvn5Or55
        Q/ZQiJLP2s9wjPiQBLM7mzeLvOgo7pQ2t3w48ljjnSVS8Dr+Z8OjUzBRMB0GA1Ud
        DgQWBBToP+OWAgu4Jd7ikKYEhQW69KeVoTAfBgNVHSMEGDAWgBToP+OWAgu4Jd7i
        kKYEhQW69KeVoTAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0cAMEQCIFBx
        zGb9MfING3RbJc3kpCs9yTwySqMjJ0ctHPdKlKl9AiATheQ45ttInOY38QxhHgmu
        8M0Ty6e2/LMHqWLcIoBtdg==
        -----END CERTIFICATE-----
        """
    static let ecPin = "AXf65TUiSuFz/p6YUnPryyp0/EfxaItc/I07DEEY0kk="

    static let rsaPEM = """
        -----BEGIN CERTIFICATE-----
        MIIDHTCCAgWgAwIBAgIUT3qQ0Urq3l1IKV45GQGaSvRZZqkwDQYJKoZIhvcNAQEL
        BQAwHjEcMBoGA1UEAwwTcnNhLWZpeHR1cmUuZXhhbXBsZTAeFw0yNjExMjIyMTU2
        MzlaFw0zNjExMTkyMTU2MzlaMB4xHDAaBgNVBAMME3JzYS1maXh0dXJlLmV4YW1w
        bGUwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCXlVnZrfMJKnKfrOfF
        os1WoKqvDoGNM/gPXvrKbPksjwkVkzdZx0ymXt+b+BsE5A2Yg9juEbw0Hyeek4o4
        Nm1HJVmtl5uI5Z4GldKrtrcL43dYCaBubIq5Cp1ERkXtOj10VYr6OEAPl5/dzNk0
        p48Pt/xm15puUdByP5RM4EyhxRbTThAabWUgLb5Wih+ULiF2yWVlQb3+D0r5akb6
        AijHPkSXeyueXmQIMBDExt7MbeNW17HuZB+akiQaVNMtGfJrcWWtx3lGklyiIeH/
        T2GUMjSGu2vmqECHS+rk1oHX2UFKSeC747VsJuYnrfR8YDSwHYfIyZ64y9HboMc+
        8mpzAgMBAAGjUzBRMB0GA1UdDgQWBBStAPBHW8m8VGuHP2LBXjjBblUa4TAfBgNV
        HSMEGDAWgBStAPBHW8m8VGuHP2LBXjjBblUa4TAPBgNVHRMBAf8EBTADAQH/MA0G
        CSqGSIb3DQEBCwUAA4IBAQASdvWOxMudAHU4N1yyYiUCTWo872hdNR7Yyqvt83zt
        UhrebVW3wIgekLqE8eh1RPP3NIlygGQ8eTg4sCIeyIiBwm3UleW7SY9CoR2rXG/g
        DZqG4ZE0R/mpu2WETuIVO0BM6SJtKE3qbloXwJhHiVXknYDpSOz9DxaJr6d+zrQq
        +xPU2reN9MR0nqmK1ZVwGIVs9e/CheGRRjYOTDLVUVh43uTlMrqt9kBRZ+99Tt3M
        tUMN5tdNydbEqKa5PyXWeb4Ndhg4/lj3YCLHhTFDTE+mEArXyxZi1RY2FUom49k1
        hs4eYWVwp5dms9ZWlZny35aPXeCEC2EcyXS2Fl6lasnM
        -----END CERTIFICATE-----
        """
    static let rsaPin = "9eon4XuB5g4FLofWZqNN6RnVfgTkMwOnt6Yl6kymKp8="
}
