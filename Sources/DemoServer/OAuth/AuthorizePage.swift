/// The authorize page: who grants what, and the verifier to type into the application.
enum AuthorizePage {
    static func page(account: DemoUser, permission: DemoPermission, verifier: String) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Photorama demo: authorize</title></head>
        <body>
        <p>The demo account <b>\(escape(account.username))</b> (\(escape(account.nsid))) gives this application \(permission.name) permission.</p>
        <p>Type this code into the application:</p>
        <p><code id="verifier">\(verifier)</code></p>
        </body></html>

        """
    }

    static func problem(_ text: String) -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Photorama demo: authorize</title></head>\n<body><p>\(escape(text))</p></body></html>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
