import Foundation

final class Account {
    var owner = ""
    var pin = ""
}

func makeDefaultAccount(owner: String) -> Account {
    let account = Account()
    account.owner = owner
    account.pin = "0000"
    return account
}
