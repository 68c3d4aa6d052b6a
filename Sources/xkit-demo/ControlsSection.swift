import XKit

extension GalleryScene {
    /// Buttons with closure actions: a counter, a disabled button, two handlers with one removable,
    /// and a tappable coloured view — all configured with `then`.
    func controlsSection() -> View {
        let log = Label(text: "Handlers ran: —", font: .system(size: 12), textColor: .secondaryLabel).then {
            $0.accessibilityIdentifier = "controls.log"
        }

        var count = 0
        let counter = Button(title: "Clicked 0 times").then {
            $0.accessibilityIdentifier = "controls.counter"
            $0.addAction { button in
                count += 1
                button.title = "Clicked \(count) time\(count == 1 ? "" : "s")"
            }
        }
        let disabled = Button(title: "Disabled").then {
            $0.accessibilityIdentifier = "controls.disabled"
            $0.isEnabled = false
            $0.addAction { _ in log.text = "The disabled button ran!" }
        }

        var ran: [String] = []
        func record(_ name: String) {
            ran.append(name)
            log.text = "Handlers ran: " + ran.suffix(6).joined(separator: " ")
        }
        let twoHandlers = Button(title: "Two handlers").then {
            $0.accessibilityIdentifier = "controls.two"
            $0.setBackgroundColor(.systemPurple, for: .normal)
            $0.addAction { _ in record("A") }
        }
        var removable: ActionToken? = twoHandlers.addAction { _ in record("B") }
        let toggle = Button(title: "Remove B").then {
            $0.accessibilityIdentifier = "controls.remove"
            $0.setBackgroundColor(.systemGray, for: .normal)
            $0.addAction { toggle in
                if let token = removable {
                    twoHandlers.removeAction(token)
                    removable = nil
                    toggle.title = "Add B back"
                } else {
                    removable = twoHandlers.addAction { _ in record("B") }
                    toggle.title = "Remove B"
                }
                toggle.sizeToFit()
                toggle.superview?.setNeedsLayout()
            }
        }

        var taps = 0
        let swatch = View(frame: Rect(x: 0, y: 0, width: 120, height: 36)).then {
            $0.accessibilityIdentifier = "controls.swatch"
            $0.backgroundColor = .systemOrange
            $0.cornerRadius = 8
            $0.onTap { view in
                taps += 1
                view.backgroundColor = taps % 2 == 0 ? .systemOrange : .systemGreen
                log.text = "Swatch tapped \(taps) time\(taps == 1 ? "" : "s")"
            }
        }
        let swatchLabel = Label(text: "Tap me", font: .system(size: 13, weight: .semibold), textColor: .white).then {
            $0.textAlignment = .center
            $0.frame = swatch.bounds
            $0.autoresizingMask = .fill
        }
        swatch.addSubview(swatchLabel)

        return StackView(spacing: 10, [
            StackView(axis: .horizontal, spacing: 10, alignment: .center, [counter, disabled]),
            StackView(axis: .horizontal, spacing: 10, alignment: .center, [twoHandlers, toggle, FixedSize(swatch)]),
            log,
        ])
    }
}

/// Keeps a view at its frame's size inside a stack.
@MainActor
final class FixedSize: View {
    let content: View
    init(_ content: View) {
        self.content = content
        super.init(frame: Rect(origin: .zero, size: content.frame.size))
        addSubview(content)
    }
    override func layoutSubviews() { content.frame = Rect(origin: .zero, size: content.frame.size) }
    override func sizeThatFits(_ size: Size) -> Size { content.frame.size }
}
