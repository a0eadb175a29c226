import Foundation
import IOSecCore
import Testing

@Suite struct JSONSourceMapTests {
    static let text = """
        {
          "applinks": {
            "details": [
              {
                "appIDs": ["ABCDE12345.com.acme.wallet", "com.acme.wallet"],
                "components": [{ "/": "/pay/*", "exclude": true }]
              }
            ]
          },
          "weird key\\"": 1
        }
        """

    @Test func membersAreAtTheirKeysAndElementsAtTheirStart() {
        let map = JSONSourceMap(Array(Self.text.utf8))
        #expect(map.syntaxError == nil)
        #expect(map.position(of: "") == .init(line: 1, column: 1))
        #expect(map.position(of: "applinks") == .init(line: 2, column: 3))
        #expect(map.position(of: "applinks.details[0]") == .init(line: 4, column: 7))
        #expect(map.position(of: "applinks.details[0].appIDs[1]") == .init(line: 5, column: 50))
        #expect(map.position(of: #"applinks.details[0].components[0]["/"]"#) == .init(line: 6, column: 26))
        #expect(map.position(of: #"applinks.details[0].components[0].exclude"#) == .init(line: 6, column: 41))
        #expect(map.position(of: #"["weird key\""]"#) == .init(line: 10, column: 3))
    }

    @Test func nearestPositionFallsBackToTheClosestAncestor() {
        let map = JSONSourceMap(Array(Self.text.utf8))
        #expect(map.nearestPosition(of: "applinks.details[0].defaults.caseSensitive") == .init(line: 4, column: 7))
        #expect(map.nearestPosition(of: #"applinks.details[0].components[0]["?"].q"#) == .init(line: 6, column: 24))
        #expect(map.nearestPosition(of: "webcredentials.apps") == .init(line: 1, column: 1))
    }

    @Test func stringValuesAreListedInFileOrder() {
        let map = JSONSourceMap(Array(Self.text.utf8))
        #expect(map.strings.map(\.value) == ["ABCDE12345.com.acme.wallet", "com.acme.wallet", "/pay/*"])
        #expect(map.strings[1].path == "applinks.details[0].appIDs[1]")
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(JSONSourceMap(Array("{\n  \"a\": [1, 2,],\n}".utf8)).syntaxError == .init(line: 2, column: 14))
        #expect(JSONSourceMap(Array("{\"a\": 1} trailing".utf8)).syntaxError == .init(line: 1, column: 10))
        #expect(JSONSourceMap(Array("{\"a\": \"unterminated\n}".utf8)).syntaxError != nil)
        #expect(JSONSourceMap(Array("".utf8)).syntaxError == .init(line: 1, column: 1))
        // Columns count UTF-8 bytes; a byte-order mark is not a column.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(
            JSONSourceMap(bom + Array("{\"é\": [\"x\"]}".utf8)).position(of: #"["é"][0]"#) == .init(line: 1, column: 9))
    }

    @Test func deepNestingStopsWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONSourceMap(Array(deep.utf8)).syntaxError != nil)
    }

    @Test func strictValidationRejectsWhatLenientParsersAccept() {
        let report = AssociationFile.validate(
            Data("{\"webcredentials\": {\"apps\": [\"ABCDE12345.com.acme.wallet\",]}}".utf8))
        #expect(
            report.errors.contains {
                $0.message.contains("not") && $0.message.contains("JSON") && $0.message.contains("line 1")
            })
    }
}
