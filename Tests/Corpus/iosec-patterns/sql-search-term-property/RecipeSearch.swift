import Foundation
import SQLite3

/// Searches the recipe book; the screen sets what to look for before it runs the query.
final class RecipeSearch {
    var handle: OpaquePointer?
    var ingredient = ""
    var cuisine = "any"
    var pageSize = 20

    func run() -> Int32 {
        var statement: OpaquePointer?
        let sql = "SELECT title FROM recipes WHERE ingredients LIKE '%\(ingredient)%' LIMIT \(pageSize)"
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        sqlite3_finalize(statement)
        return status
    }

    func byCuisine() -> Int32 {
        sqlite3_exec(handle, "SELECT title FROM recipes WHERE cuisine = '\(cuisine)'", nil, nil, nil)
    }
}
