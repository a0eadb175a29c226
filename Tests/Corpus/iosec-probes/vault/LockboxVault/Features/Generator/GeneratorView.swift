import SwiftUI

struct GeneratorView: View {
    @EnvironmentObject private var settings: SettingsStore
    @EnvironmentObject private var environment: AppEnvironment

    @State private var password = ""
    @State private var isChecking = false
    @State private var breachResult: String?

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Text(password)
                        .font(.system(.title3, design: .monospaced))
                        .minimumScaleFactor(0.6)
                        .privacySensitive()
                    if settings.showPasswordStrength {
                        StrengthMeter(strength: PasswordStrength.evaluate(password))
                    }
                    HStack {
                        Button("New Password", systemImage: "arrow.clockwise", action: regenerate)
                        Spacer()
                        Button("Copy", systemImage: "doc.on.doc") { environment.clipboard.copySensitive(password) }
                    }
                    .buttonStyle(.borderless)
                }

                Section("Options") {
                    Stepper(L10n.Generator.length(settings.generatorOptions.length),
                            value: $settings.generatorOptions.length,
                            in: PasswordGenerator.Options.lengthRange)
                    Toggle("A–Z", isOn: $settings.generatorOptions.useUppercase)
                    Toggle("a–z", isOn: $settings.generatorOptions.useLowercase)
                    Toggle("0–9", isOn: $settings.generatorOptions.useDigits)
                    Toggle("!#$%", isOn: $settings.generatorOptions.useSymbols)
                    Toggle("Avoid look-alike characters", isOn: $settings.generatorOptions.avoidAmbiguous)
                }

                Section {
                    Button("Check Known Breaches", action: checkBreaches).disabled(password.isEmpty || isChecking)
                    if isChecking {
                        ProgressView()
                    } else if let breachResult {
                        Text(breachResult).foregroundStyle(.secondary)
                    }
                } footer: {
                    Text("Only the first 5 characters of a hash of the password are sent to Have I Been Pwned. The password never leaves your device.")
                }
            }
            .navigationTitle("Generator")
            .onAppear { if password.isEmpty { regenerate() } }
            .onChange(of: settings.generatorOptions) { regenerate() }
        }
    }

    private func regenerate() {
        do {
            password = try PasswordGenerator().generate(with: settings.generatorOptions)
            breachResult = nil
        } catch {
            Log.ui.failure("Generate password", error)
        }
    }

    private func checkBreaches() {
        let candidate = password
        isChecking = true
        Task {
            defer { isChecking = false }
            do {
                let count = try await environment.breachChecker.breachCount(for: candidate)
                breachResult = count == 0 ? String(localized: "Not found in known breaches") : L10n.Generator.breachFound(count)
            } catch {
                Log.network.failure("Breach check", error)
                breachResult = String(localized: "Couldn't reach the breach service")
            }
        }
    }
}

struct StrengthMeter: View {
    let strength: PasswordStrength

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            ProgressView(value: Double(strength.rawValue + 1), total: Double(PasswordStrength.allCases.count))
                .tint([Color.red, .orange, .yellow, .green, .mint][strength.rawValue])
            Text(strength.localizedTitle).font(.caption).foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
    }
}
