import Foundation
import Testing

@testable import PhotoramaKit

/// Each JSON value becomes its own kind, whatever order the kinds are tried in: a number is never a Bool,
/// a string of digits stays a string, an integral float is an integer.
@Suite struct JSONValueTests {
    @Test func everyKindDecodesAsItself() throws {
        let text =
            #"[1, 0, true, false, 1.0, 1.5, -0, 1e3, 9223372036854775807, 9223372036854775808, "1", "true", null, [], {}, {"a": [true, {"b": null}]}, -1]"#
        let value = try JSONValue.parse(Data(text.utf8))
        #expect(
            value
                == .array([
                    .int(1), .int(0), .bool(true), .bool(false), .int(1), .double(1.5), .int(0), .int(1000),
                    .int(9_223_372_036_854_775_807), .double(9_223_372_036_854_775_808), .string("1"), .string("true"), .null,
                    .array([]), .object([:]), .object(["a": .array([.bool(true), .object(["b": .null])])]), .int(-1),
                ]))
    }

    /// The locations fuzzer's slow unit was arrays nested dozens deep (docs/PERFORMANCE.md, "Parsing").
    /// Sixteen levels parse; seventeen are refused before decoding; brackets in strings do not count.
    @Test func bodiesNestedDeeperThanSixteenLevelsAreRefused() throws {
        func nested(_ depth: Int) -> Data { Data((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8) }
        var value = JSONValue.int(1)
        for _ in 0..<16 { value = .array([value]) }
        #expect(try JSONValue.parse(nested(16)) == value)
        #expect(throws: PhotoramaError.invalidData("nested more than 16 levels deep")) { try JSONValue.parse(nested(17)) }
        #expect(throws: PhotoramaError.invalidData("nested more than 16 levels deep")) { try JSONValue.parse(nested(400)) }
        let quoted = #"{"a": "[[[[[[[[[[[[[[[[[[[[ \" {{{{{{{{{{{{{{{{{{{{"}"#
        #expect(try JSONValue.parse(Data(quoted.utf8)) == .object(["a": .string(#"[[[[[[[[[[[[[[[[[[[[ " {{{{{{{{{{{{{{{{{{{{"#)]))
        #expect(JSONValue.nestingDepth(Data(#"{"a": [{}, [[]]], "b": {"c": []}}"#.utf8), stoppingAbove: 16) == 4)
    }
}
