// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Photorama",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "photorama", targets: ["photorama"]),
        .library(name: "PhotoramaKit", targets: ["PhotoramaKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        // HMAC-SHA1 for OAuth 1.0a request signing (never hand-written crypto).
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // ncursesw; see Modules/CNCurses/shim.h for why there is no pkgConfig line.
        .systemLibrary(name: "CNCurses", path: "Modules/CNCurses", providers: [.apt(["libncurses-dev"])]),
        // Decoders for the photos themselves: TurboJPEG (errors as values, DCT scaling; it encodes the demo
        // server's images too) and libpng; libexif only checks the EXIF orientation reader in the tests.
        .systemLibrary(name: "CTurboJPEG", path: "Modules/CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CPNG", path: "Modules/CPNG", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CEXIF", path: "Modules/CEXIF", providers: [.apt(["libexif-dev"])]),
        // Little CMS converts photos with an embedded ICC profile (Display P3 above all) to sRGB; zlib inflates
        // a PNG's iCCP chunk.
        .systemLibrary(name: "CLCMS2", path: "Modules/CLCMS2", providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CZlib", path: "Modules/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // giflib: GIF files and animations (Flickr serves animated GIFs as originals).
        .systemLibrary(name: "CGIF", path: "Modules/CGIF", providers: [.apt(["libgif-dev"])]),
        // libsixel, the sixel encoder for terminals that speak sixel (opened at the first sixel, see SixelEncoder).
        .systemLibrary(name: "CSixel", path: "Modules/CSixel", providers: [.apt(["libsixel-dev"])]),
        // libimagequant (pngquant's library): a slow link's first look at a kitty picture in 256 colours (PalettePicture).
        .systemLibrary(name: "CImageQuant", path: "Modules/CImageQuant", providers: [.apt(["libimagequant-dev"])]),
        // One region of a big JPEG at a DCT scale through libjpeg-turbo's libjpeg API (jpeg_crop_scanline,
        // jpeg_skip_scanlines; TurboJPEG 2.1 has no cropping call): the viewer's zoom. libjpeg's longjmp stays in C.
        .target(name: "CJPEGRegion", path: "Modules/CJPEGRegion", linkerSettings: [.linkedLibrary("jpeg")]),
        // PNGs through libpng's full API, which lets PNGEncoder choose the row filters (its longjmp stays in C), and
        // the tests' floor for a kitty picture: libpng's smallest PNG of the same pixels, zlib over the raw pixels.
        .target(name: "CPNGWrite", path: "Modules/CPNGWrite", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        // The glibc spawn extensions Swift's Glibc module leaves out (closing inherited descriptors, setsid).
        .target(name: "CSpawn", path: "Modules/CSpawn"),
        // mallopt, which Swift's Glibc module leaves out too: the browser caps its malloc arenas.
        .target(name: "CMalloc", path: "Modules/CMalloc"),

        // Writing files and descriptors: the one write-every-byte loop and private files written atomically
        // (0600, temporary file + rename or link), with errno kept for the caller's one line.
        .target(name: "PhotoramaFiles"),
        // Text that reaches a terminal: the one sanitizer, the one display-width table, fitting to columns,
        // and the one way the program prints (every line on stdout and stderr goes through the sanitizer).
        .target(name: "PhotoramaText", dependencies: ["PhotoramaFiles"]),
        // The one seeded generator (SplitMix64): the demo catalog, the browser's "random" photos, tests and soak.
        .target(name: "SeededRandom"),
        // The one posix_spawn helper (`Spawn.start`) and PATH search, for `o`, `key_command`, the benchmarks and
        // the tests' children.
        .target(name: "PhotoramaSpawn", dependencies: ["CSpawn"]),
        // Concurrency plumbing every target shares: a lock ThreadSanitizer understands (Locked.swift) and
        // blocking work on a thread of its own, off the cooperative pool (OwnThread.swift).
        .target(name: "PhotoramaLocking", dependencies: [.product(name: "NIOConcurrencyHelpers", package: "swift-nio")]),
        // The networking core (Resource, Webservice, transports, errors, redaction, the request log), providers,
        // models, feeds, downloads and CLI output. No terminal, no UI.
        .target(
            name: "PhotoramaKit",
            dependencies: [
                "PhotoramaSpawn", "PhotoramaLocking", "PhotoramaText", "PhotoramaFiles",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Decoding, resampling and drawing images as cells; no ncurses, no network.
        // Optimised in debug builds too: resampling and colour matching are per-pixel loops that the browser
        // run by the end-to-end tests would otherwise do ~20 times slower.
        .target(
            name: "PhotoramaImages",
            dependencies: [
                "CTurboJPEG", "CJPEGRegion", "CPNG", "CPNGWrite", "CSixel", "CLCMS2", "CZlib", "CGIF", "CImageQuant", "PhotoramaLocking",
                "PhotoramaText",
            ],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The world map: Natural Earth's land, the projection, braille dots, pin layout and the map's picture.
        // Pure, and optimised in debug builds too, like PhotoramaImages (per-dot loops).
        .target(
            name: "PhotoramaMap", dependencies: ["PhotoramaImages"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The screen core every front end shares and nothing else: Frame, Cell, Style, Key, mouse and input events.
        .target(name: "PhotoramaScreen", dependencies: ["PhotoramaImages", "PhotoramaText"]),
        // The pure browser: AppState, Action, reduce, Effect, layout and views rendering into a Frame. No I/O.
        .target(
            name: "PhotoramaTUI",
            dependencies: ["PhotoramaScreen", "PhotoramaKit", "PhotoramaImages", "PhotoramaMap", "PhotoramaText", "SeededRandom"]),
        // The only code that imports ncurses and writes escape sequences: the screen, input, pictures on it.
        // It knows the screen core, not the browser: it returns input events and draws frames.
        .target(
            name: "PhotoramaTerminal",
            dependencies: ["CNCurses", "PhotoramaScreen", "PhotoramaImages", "PhotoramaText", "PhotoramaFiles", "PhotoramaLocking"]),
        // Saved photos in SQLite (GRDB links Debian's libsqlite3); a target of its own so only what
        // stores photos compiles against GRDB.
        .target(
            name: "PhotoramaStore",
            dependencies: [
                "PhotoramaKit", "PhotoramaFiles", "PhotoramaLocking", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The config file (TOML); a target of its own so only it compiles against TOMLKit.
        .target(
            name: "PhotoramaConfig",
            dependencies: [
                "PhotoramaSpawn", "PhotoramaKit", "PhotoramaScreen", "PhotoramaTUI", "PhotoramaImages", "PhotoramaFiles", "PhotoramaText",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // The embedded server standing in for Flickr, 500px and the locations service (Hummingbird).
        .target(
            name: "DemoServer",
            dependencies: [
                "CTurboJPEG", "CGIF", "PhotoramaLocking", "SeededRandom",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Optimised in debug builds too: the tests run against this server, and rendering an original
            // unoptimised takes seconds (docs/PERFORMANCE.md).
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // The runtime as a library: runs effects, the browser loop, settings and each command's work, taking
        // plain values; testable without a terminal. No ArgumentParser.
        .target(
            name: "PhotoramaApp",
            dependencies: [
                "PhotoramaKit", "PhotoramaText", "PhotoramaScreen", "PhotoramaTUI", "PhotoramaTerminal", "PhotoramaImages", "PhotoramaMap",
                "PhotoramaStore", "DemoServer", "PhotoramaConfig", "PhotoramaLocking", "PhotoramaFiles", "PhotoramaSpawn", "CMalloc",
            ]
        ),
        // The program: argument parsing and `main`, nothing else.
        .executableTarget(
            name: "photorama",
            dependencies: [
                "PhotoramaApp", "PhotoramaKit", "PhotoramaText", "PhotoramaTUI", "PhotoramaTerminal", "PhotoramaImages",
                "PhotoramaConfig", "DemoServer", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: staticRuntime
        ),
        // Tooling lives in Tools/, apart from the product's sources.
        // What the fuzzer feeds (scripts/fuzz.sh): targets as plain functions the tests also run.
        .target(
            name: "PhotoramaFuzzing",
            dependencies: ["PhotoramaKit", "PhotoramaText", "PhotoramaTUI", "PhotoramaImages", "PhotoramaConfig", "PhotoramaStore"],
            path: "Tools/PhotoramaFuzzing"),
        // The libFuzzer entry over PhotoramaFuzzing's targets.
        .executableTarget(name: "photorama-fuzz", dependencies: ["PhotoramaFuzzing"], path: "Tools/photorama-fuzz"),
        // Test-only: draws scripted frames with NCursesScreen for the end-to-end tests (not a product).
        .executableTarget(
            name: "photorama-screen-harness", dependencies: ["PhotoramaScreen", "PhotoramaTUI", "PhotoramaImages", "PhotoramaTerminal"],
            path: "Tools/photorama-screen-harness"),
        // The benchmarks (README, docs/PERFORMANCE.md): speed and memory of the real binary against its peers.
        .executableTarget(
            name: "photorama-bench",
            dependencies: [
                "ScreenCapture", "CMalloc", "PhotoramaLocking", "PhotoramaSpawn",
                "PhotoramaKit", "PhotoramaText", "PhotoramaScreen", "PhotoramaTUI", "PhotoramaImages", "PhotoramaMap", "PhotoramaStore",
                "DemoServer", "SeededRandom",
                // A loopback server for the download benchmark, and a client for the demo server's.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Tools/photorama-bench"
        ),

        // One test target per library target; the networking tests run against real loopback servers.
        .testTarget(
            name: "PhotoramaKitTests",
            dependencies: [
                "PhotoramaKit", "PhotoramaText", "PhotoramaLocking", "SeededRandom", "TestProcesses",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // libexif is the reference the EXIF orientation reader is tested against; the program does not link it.
        .testTarget(
            name: "PhotoramaImagesTests",
            dependencies: [
                "PhotoramaImages", "PhotoramaLocking", "CTurboJPEG", "CPNG", "CEXIF", "CLCMS2", "CZlib", "TestProcesses", "DemoServer",
            ]),
        .testTarget(name: "PhotoramaTextTests", dependencies: ["PhotoramaText"]),
        .testTarget(name: "PhotoramaFilesTests", dependencies: ["PhotoramaFiles"]),
        .testTarget(name: "PhotoramaSpawnTests", dependencies: ["PhotoramaSpawn"]),
        .testTarget(
            name: "PhotoramaTUITests",
            dependencies: [
                "PhotoramaTUI", "PhotoramaScreen", "PhotoramaKit", "PhotoramaImages", "PhotoramaMap", "PhotoramaText", "SeededRandom",
            ]),
        .testTarget(name: "PhotoramaMapTests", dependencies: ["PhotoramaMap", "PhotoramaImages"]),
        .testTarget(
            name: "PhotoramaAppTests",
            dependencies: [
                "PhotoramaApp", "PhotoramaKit", "PhotoramaImages", "PhotoramaScreen", "PhotoramaTUI", "PhotoramaTerminal",
                "PhotoramaLocking",
                "PhotoramaConfig", "DemoServer", "TestProcesses",
            ]),
        // The soak benchmark's pure parts (its seeded script and verdict).
        .testTarget(name: "PhotoramaBenchTests", dependencies: ["photorama-bench", "PhotoramaImages", "ScreenCapture"]),
        .testTarget(name: "PhotoramaFuzzingTests", dependencies: ["PhotoramaFuzzing", "PhotoramaKit", "PhotoramaStore"]),
        .testTarget(
            name: "PhotoramaConfigTests",
            dependencies: ["PhotoramaConfig", "PhotoramaScreen", "PhotoramaTUI", "PhotoramaKit", "PhotoramaImages", "PhotoramaLocking"]),
        .testTarget(
            name: "PhotoramaStoreTests",
            dependencies: ["PhotoramaStore", "PhotoramaKit", "PhotoramaLocking", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "PhotoramaTerminalTests",
            dependencies: ["PhotoramaTerminal", "PhotoramaScreen", "PhotoramaImages", "CNCurses", "PhotoramaLocking", "PhotoramaSpawn"]),
        .testTarget(
            name: "DemoServerTests",
            dependencies: [
                "DemoServer", "PhotoramaKit", "PhotoramaLocking", "TestProcesses", "SeededRandom", "PhotoramaImages",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // The real binary in tmux and in real terminal emulators on a virtual display (and its output as a shell sees it).
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "photorama", "PhotoramaApp", "photorama-screen-harness", "DemoServer", "TestProcesses", "ScreenCapture",
                "SeededRandom", "PhotoramaImages", "PhotoramaSpawn", "PhotoramaKit", "PhotoramaTUI", "PhotoramaLocking", "CPNGWrite",
            ]),
        // How tmux captures are compared (a screen as a person sees it), for the end-to-end tests and the soak.
        .target(name: "ScreenCapture", path: "Tools/ScreenCapture"),
        // Starting and reaping programs in tests (posix_spawn and waitpid; see ChildProcess for why not Process).
        .target(name: "TestProcesses", dependencies: ["PhotoramaSpawn", "PhotoramaLocking"], path: "Tests/TestProcesses"),
    ]
)

/// Release builds link the Swift runtime, Foundation, libstdc++, SQLite and ncursesw into the program
/// (scripts/static-libs): loading shared libraries cost more of every start than a `show`'s own work.
/// Foundation's private libraries (ICU and the rest) are named because the targets are compiled against the
/// shared runtime, whose modules do not ask for them; lld, unlike ld, finds them wherever they stand on the
/// line. Debug builds stay shared: the test bundles link the executable's code too.
/// Resident memory is mostly program text and tables, so: relative relocations packed (DT_RELR, glibc 2.36;
/// PIE stays, for address randomisation), no exported symbol table (nothing looks our symbols up), and the
/// functions commands run placed together (scripts/link-order.sh). The libraries that read data from the
/// network (libturbojpeg, libpng, zlib) stay shared, so Debian's security fixes reach them.
/// Figures: docs/PERFORMANCE.md, "Start-up and show".
var staticRuntime: [LinkerSetting] {
    [
        .unsafeFlags(
            [
                "-static-stdlib", "-use-ld=lld", "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims", "-lCoreFoundation",
                "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                "-Xlinker", "--symbol-ordering-file=\(packageFolder)/scripts/link-order.txt", "-Xlinker", "--no-warn-symbol-ordering",
                "-L\(packageFolder)/scripts/static-libs",
            ], .when(platforms: [.linux], configuration: .release))
    ]
}

/// The folder holding this manifest: the linker runs elsewhere, so the order file needs a full path.
var packageFolder: String {
    String(#filePath.dropLast("/Package.swift".count))
}
