// Samples of Sources/ClosureKitFoundation/ControlEvents/UIKitEventControl.swift
// snippet.hide
import ClosureKitFoundation
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// snippet.show

// Sources/ClosureKitFoundation/ControlEvents/UIKitEventControl.swift:13
// snippet.hide
#if canImport(UIKit)
import UIKit
@MainActor func sample13(slider: UISlider, label: UILabel) {
// snippet.show
    let token = slider.addHandler(for: .valueChanged) { slider in
        label.text = "\(slider.value)"   // `slider` is a UISlider
    }
// snippet.hide
    _ = token
}
#endif
// snippet.show
