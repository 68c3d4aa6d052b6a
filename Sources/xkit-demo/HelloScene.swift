import XKit

/// One label and one button: the scene the launch benchmark compares with the C, GTK and Tk anchors.
struct HelloScene: DemoScene {
    let title = "XKit Hello"
    let size = Size(width: 460, height: 120)

    func build(in window: Window, app: Application) {
        let label = Label(text: DemoTexts.text("hello"), font: .system(size: 16))
        label.accessibilityIdentifier = "hello.label"
        label.frame = Rect(x: 20, y: 20, width: 420, height: 30)
        let button = Button(title: "Copy")
        button.accessibilityIdentifier = "hello.copy"
        button.frame.origin = Point(x: 20, y: 66)
        window.contentView.addSubview(label)
        window.contentView.addSubview(button)
    }
}
