import SwiftUI

struct LoginForm: View {
    @State var email: String
    @State var password: String

    var body: some View {
        Form {
            TextField("Email", text: $email)
            SecureField("Password", text: $password)
        }
    }
}

#Preview {
    LoginForm(email: "jane@example.com", password: "preview-Secret-123")
}

struct LoginForm_Previews: PreviewProvider {
    static var previews: some View {
        LoginForm(email: "sam@example.com", password: "another-Preview-456")
    }
}
