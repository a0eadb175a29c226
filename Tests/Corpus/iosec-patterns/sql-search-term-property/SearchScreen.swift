import UIKit

final class SearchScreen: UIViewController, UISearchBarDelegate {
    @IBOutlet private var ingredientBar: UISearchBar!
    private let search = RecipeSearch()

    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
        search.ingredient = ingredientBar.text ?? ""
        search.cuisine = "italian"
        _ = search.run()
        _ = search.byCuisine()
    }
}
