// Samples of Sources/ClosureKit/ClosureKit.docc/DelegateProxies.md: a library's proxy (nothing hidden)

import ClosureKit

public protocol PrinterDelegate: AnyObject {
    func printer(_ printer: Printer, didPrintPages pages: Int)
}

public final class Printer {
    public weak var delegate: (any PrinterDelegate)?

    public init() {}

    public func print(pages: Int) {
        delegate?.printer(self, didPrintPages: pages)
    }
}

public final class PrinterProxy: DelegateProxy<any PrinterDelegate>, PrinterDelegate, SelectorDeclaring {
    public struct Selectors: Sendable {
        public let didPrint = MethodSelector<(Printer, Int), Void>("printer(_:didPrintPages:)")
    }
    public static let selectors = Selectors()

    public func printer(_ printer: Printer, didPrintPages pages: Int) {
        forward(Self.selectors.didPrint, (printer, pages)) { $0.printer($1.0, didPrintPages: $1.1) }
    }
}
