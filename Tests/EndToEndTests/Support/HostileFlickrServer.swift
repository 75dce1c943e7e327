import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny Flickr-compatible server on 127.0.0.1 (ephemeral port) whose photos have the titles and owner
/// names that break terminals: CJK, ZWJ emoji, skin tones, flags, RTL, combining marks, C0/C1 controls,
/// bidi overrides and escape sequences. Every photo list method answers with `total` photos, paged by
/// `page` and `per_page`; any other method gets Flickr's "method not found". With `failure`, every
/// request gets that body instead (a Flickr error envelope with a hostile message, say).
///
/// Blocking sockets on one thread of its own, one request per connection: enough for one browser.
final class HostileFlickrServer: Sendable {
    // MARK: - Server state
    let port: Int
    private let listener: Int32
    let total: Int

    // MARK: - Hostile titles
    static let titles: [String] = [
        "P25145 👩‍💻 at work 👍🏽 🇯🇵 ❤️",
        "👩‍💻👍🏽🇯🇵❤️👨‍👩‍👧🏳️‍🌈🧑🏿‍🚀 packed",
        "P145 ❤️❤️ 👍🏽👍🏽 🇫🇷🇩🇪 ☀️☀️",
        "東京タワー 夜景 🗼 と 富士山",
        "שלום עולם — مرحبا بالعالم 123",
        "Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e Z\u{335}\u{321}a\u{336}l\u{337}g\u{338}o\u{334}",
        "bell\u{07} tab\u{09} nul\u{00} c1\u{85}\u{9B}31m end",
        "\u{202E}override\u{202C} \u{2067}isolate\u{2069} \u{200F}mark",
        "\u{1B}[2J\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07} osc",
        "👨‍👩‍👧‍👦 family 🏳️‍🌈 1️⃣ 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        "한국어 사진 ᄀ\u{1161}\u{11A8} 조선",
        "ok plain ascii title",
        "\u{FEFF}bom \u{200B}zero\u{200D}width \u{2060}joiner",
        "☀️ ⭐ ✈︎ ☺\u{FE0E} ♥\u{FE0F} 👍🏿👍🏻",
        "ＦＵＬＬ　ＷＩＤＴＨ ｶﾀｶﾅ 𠀋𡈽",
        "a\u{0600}b \u{0301}lead \u{20DD}",
    ]

    // MARK: - Starting and stopping
    init(total: Int = 600, failure: String? = nil) throws {
        self.total = total
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw TmuxSession.Failure(description: "socket: errno \(errno)") }
        var reuse: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socketFD, 16) == 0 else {
            close(socketFD)
            throw TmuxSession.Failure(description: "bind/listen: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        listener = socketFD
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [listener, total] in Self.serve(listener, total: total, failure: failure) }
        thread.start()
    }

    /// Stops accepting: the serving thread's accept fails and it returns.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    var url: String { "http://127.0.0.1:\(port)/services/rest/" }

    // MARK: - Serving requests
    private static func serve(_ listener: Int32, total: Int, failure: String?) {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            // A client that connects and sends nothing must not hold the only serving thread for good.
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let request = readRequest(connection)
            let body = Array((failure ?? answer(parameters(of: request), total: total)).utf8)
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            let bytes = Array(head.utf8) + body
            var sent = 0
            while sent < bytes.count {
                let result = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if result <= 0 { break }
                sent += result
            }
            close(connection)
        }
    }

    /// The request head and as much of the body as Content-Length announces.
    private static func readRequest(_ connection: Int32) -> String {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < 1_000_000 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data += buffer.prefix(count)
            let text = String(decoding: data, as: UTF8.self)
            guard let headEnd = text.range(of: "\r\n\r\n") else { continue }
            let head = text[..<headEnd.lowerBound].lowercased()
            let length =
                head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.count - text[..<headEnd.upperBound].utf8.count >= length { break }
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Query and form parameters.
    static func parameters(of request: String) -> [String: String] {
        var result: [String: String] = [:]
        let firstLine = request.prefix { $0 != "\r" && $0 != "\n" }
        let target = firstLine.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        var encoded = target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        if let bodyStart = request.range(of: "\r\n\r\n") { encoded += "&" + request[bodyStart.upperBound...] }
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ") }
            guard let key = parts.first?.removingPercentEncoding else { continue }
            result[key] = parts.count > 1 ? parts[1].removingPercentEncoding ?? "" : ""
        }
        return result
    }

    // MARK: - Flickr answers
    static func answer(_ parameters: [String: String], total: Int) -> String {
        let method = parameters["method"] ?? ""
        guard
            method.hasPrefix("flickr.photos.") || method.hasPrefix("flickr.interestingness.")
                || method.hasPrefix("flickr.people.") || method.hasPrefix("flickr.galleries.")
        else {
            return #"{"stat":"fail","code":112,"message":"Method \"\#(method)\" not found"}"#
        }
        let perPage = max(1, min(500, Int(parameters["per_page"] ?? "") ?? 100))
        let pages = (total + perPage - 1) / perPage
        let page = max(1, Int(parameters["page"] ?? "") ?? 1)
        let first = (page - 1) * perPage
        let photos = (first..<min(total, first + perPage)).map { photo($0) }
        let object: [String: Any] = [
            "photos": ["page": page, "pages": pages, "perpage": perPage, "total": total, "photo": photos],
            "stat": "ok",
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func photo(_ index: Int) -> [String: Any] {
        let title = titles[index % titles.count]
        let owner = titles[(index * 7 + 3) % titles.count]
        return [
            "id": String(50_000_000_000 + index), "owner": "\(index)@N00", "secret": "abcdef", "server": "65535",
            "farm": 66, "title": "\(title) #\(index)", "ownername": owner, "datetaken": "2024-05-0\(index % 9 + 1) 12:3\(index % 10):00",
            "datetakengranularity": "0", "tags": "hostile tëst 東京 \(index)", "views": String(index * 13),
            "description": ["_content": "\(titles[(index + 5) % titles.count])\n\(title)"],
            "url_m": "http://127.0.0.1:9/\(index).jpg", "width_m": 500, "height_m": 375,
        ]
    }
}
