import AsyncHTTPClient
import DemoServer
import Foundation
import PhotoramaLocking
import TestProcesses
import Testing

/// Each fault, switched on at rate 1 so the outcome is certain.
@Suite(.ownThread) struct FaultInjectionTests {
    static let echo: [(String, String)] = [("method", "flickr.test.echo"), ("x", "0123456789")]

    @Test func faultsAreOffByDefault() {
        let defaults = DemoServerConfiguration()
        #expect(defaults.faults == .none)
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.port == 0)
        #expect(FaultInjection.none.serverErrorRate == 0 && FaultInjection.none.latency == .zero)
    }

    @Test func latencyDelaysEveryAnswer() async throws {
        try await withDemoServer(faults: FaultInjection(latency: .milliseconds(300), jitter: .milliseconds(50))) { server in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await Fetch.get(server.flickr(Self.echo))
            #expect(clock.now - start >= .milliseconds(300))
            #expect(response.status == 200)
        }
    }

    @Test func serverErrorsAre500Or503() async throws {
        try await withDemoServer(faults: FaultInjection(serverErrorRate: 1)) { server in
            for _ in 0..<6 {
                let flickr = try await Fetch.get(server.flickr(Self.echo))
                #expect(flickr.status == 500 || flickr.status == 503)
                let locations = try await Fetch.get(server.locationsURL.absoluteString + "/locations?country=f")
                #expect(locations.status == 500 || locations.status == 503)
            }
        }
    }

    @Test func truncatedBodiesCloseTheConnectionEarly() async throws {
        try await withDemoServer(faults: FaultInjection(truncateRate: 1)) { server in
            await #expect(throws: (any Error).self) {
                _ = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent"), ("per_page", "50")]))
            }
            // A raw read sees the declared length and fewer bytes before the close.
            let (head, body) = try await RawHTTP.get(port: server.port, path: "/locations?country=")
            let declared = try #require(
                head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) })
            #expect(body.count < declared)
            #expect(body.count == declared / 2)
        }
    }

    @Test func slowDripSendsTheSameBodyOneByteAtATime() async throws {
        let interval = Duration.milliseconds(15)
        let normal = try await withDemoServer { try await Fetch.get($0.flickr(Self.echo)).text }
        try await withDemoServer(faults: FaultInjection(slowDripRate: 1, slowDripInterval: interval)) { server in
            let clock = ContinuousClock()
            let start = clock.now
            let dripped = try await Fetch.get(server.flickr(Self.echo))
            let elapsed = clock.now - start
            #expect(dripped.text == normal)
            #expect(elapsed >= interval * (dripped.body.count - 1))
        }
    }

    @Test func flickrUnavailableIsStatFail105WithHTTP200() async throws {
        try await withDemoServer(faults: FaultInjection(flickrUnavailableRate: 1)) { server in
            let response = try await Fetch.get(server.flickr([("method", "flickr.photos.getRecent")]))
            #expect(response.status == 200)
            #expect(response.text == #"{"stat":"fail","code":105,"message":"Service currently unavailable"}"#)
            let locations = try await Fetch.get(server.locationsURL.absoluteString + "/locations?country=fr")
            #expect(locations.status == 200, "only Flickr calls are affected")
        }
    }
}

/// One request over a plain socket, reading until the server closes: sees exactly what was sent.
enum RawHTTP {
    static func get(port: Int, path: String) async throws -> (head: String, body: [UInt8]) {
        try await OwnThread.run {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw RawError.socket }
            defer { close(socket) }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw RawError.connect }
            let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                received += buffer[0..<count]
            }
            let separator: [UInt8] = [13, 10, 13, 10]
            guard let end = (0..<max(0, received.count - 3)).first(where: { Array(received[$0..<$0 + 4]) == separator }) else {
                throw RawError.noHead
            }
            return (String(decoding: received[0..<end], as: UTF8.self), Array(received[(end + 4)...]))
        }
    }

    enum RawError: Error { case socket, connect, noHead }
}
