import CJPEG
import Foundation

/// Encodes RGB pixels as a baseline JPEG in memory with libjpeg (`jpeg_mem_dest`).
enum JPEGEncoder {
    /// libjpeg's default error handler exits the process; the inputs here are always valid (positive sizes,
    /// 3 components, a buffer of exactly width×height×3 bytes), which the precondition below guarantees.
    static func encode(rgb pixels: [UInt8], width: Int, height: Int, quality: Int32 = 82) -> [UInt8] {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "JPEGEncoder: inconsistent image buffer")
        // libjpeg keeps pointers to these between calls, so they live on the heap, not in Swift locals.
        let info = UnsafeMutablePointer<jpeg_compress_struct>.allocate(capacity: 1)
        let errorManager = UnsafeMutablePointer<jpeg_error_mgr>.allocate(capacity: 1)
        let outBuffer = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: 1)
        let outSize = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        info.initialize(to: jpeg_compress_struct())
        errorManager.initialize(to: jpeg_error_mgr())
        outBuffer.initialize(to: nil)
        outSize.initialize(to: 0)
        defer {
            jpeg_destroy_compress(info)
            if let buffer = outBuffer.pointee { free(buffer) }
            info.deallocate()
            errorManager.deallocate()
            outBuffer.deallocate()
            outSize.deallocate()
        }
        info.pointee.err = jpeg_std_error(errorManager)
        jpeg_CreateCompress(info, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
        jpeg_mem_dest(info, outBuffer, outSize)
        info.pointee.image_width = JDIMENSION(width)
        info.pointee.image_height = JDIMENSION(height)
        info.pointee.input_components = 3
        info.pointee.in_color_space = JCS_RGB
        jpeg_set_defaults(info)
        jpeg_set_quality(info, quality, 1)
        jpeg_start_compress(info, 1)
        let rowStride = width * 3
        pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var rowPointer: JSAMPROW? = nil
            while info.pointee.next_scanline < info.pointee.image_height {
                rowPointer = UnsafeMutablePointer(mutating: base + Int(info.pointee.next_scanline) * rowStride)
                jpeg_write_scanlines(info, &rowPointer, 1)
            }
        }
        jpeg_finish_compress(info)
        guard let buffer = outBuffer.pointee else { return [] }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(outSize.pointee)))
    }
}
