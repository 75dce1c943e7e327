/// How a provider reads its photo lists: straight from the bytes (`FlickrPhotoListReader`,
/// `FiveHundredPxListReader`, falling back to the tree for errors and rare forms) or through the
/// `JSONValue` tree alone, the reference the differential fuzz targets and the benchmark compare with.
public enum ListReading: Sendable, Equatable {
    case bytes
    case tree
}
