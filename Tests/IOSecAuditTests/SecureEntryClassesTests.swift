import Foundation
import Testing

@testable import IOSecAudit

/// A storyboard field whose custom class turns secure entry on in code is secure, though its traits do not say so.
struct SecureEntryClassesTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes><scene sceneID="s1"><objects>
                <viewController id="vc1" customClass="LoginViewController">
                    <view key="view" id="v1"><subviews>
                        <textField placeholder="Password" id="pw-1" customClass="MaskedField">
                            <textInputTraits key="textInputTraits"/>
                        </textField>
                    </subviews></view>
                </viewController>
            </objects></scene></scenes>
        </document>
        """

    func keyboardFinding(fieldClass: String) throws -> Finding? {
        let tree = TemporaryTree()
        tree.write("App/Login.storyboard", Self.storyboard)
        tree.write("App/MaskedField.swift", fieldClass)
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        let result = try Scanner(options: options).scan(tree.root)
        return result.findings.first { $0.ruleId == "storage.keyboard-cache" }
    }

    @Test func aClassThatTurnsSecureEntryOnInItsOwnCodeMakesTheFieldSecure() throws {
        let finding = try #require(
            try keyboardFinding(
                fieldClass: """
                    class MaskedField: UITextField {
                        override func awakeFromNib() {
                            super.awakeFromNib()
                            self.isSecureTextEntry = true
                        }
                    }
                    """))
        #expect(finding.confidence == .low)
        #expect(finding.message.contains("its class 'MaskedField' turns secure entry on in code"))
    }

    @Test func aClassThatOnlyTurnsAnotherFieldSecureLeavesTheFindingAsItIs() throws {
        let finding = try #require(
            try keyboardFinding(
                fieldClass: """
                    class MaskedField: UITextField {
                        let confirmation = UITextField()
                        func setUp() { confirmation.isSecureTextEntry = true }
                    }
                    class OtherField: UITextField {
                        override func awakeFromNib() { isSecureTextEntry = true }
                    }
                    """))
        #expect(finding.confidence > .low)
        #expect(!finding.message.contains("turns secure entry on"))
    }
}
