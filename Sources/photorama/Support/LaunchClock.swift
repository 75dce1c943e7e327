/// The instant `main` began, for the launch-to-first-grid benchmark. A lazily initialised constant:
/// `main` touches it first thing.
enum LaunchClock {
    static let start = ContinuousClock.now
}
