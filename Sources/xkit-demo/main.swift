import XKit

final class Sample: View {
    override func draw(in context: GraphicsContext) {
        context.fillRoundedRect(Rect(x: 10, y: 10, width: 120, height: 40), radius: 10, color: .accent)
        context.strokeRoundedRect(Rect(x: 140, y: 10, width: 120, height: 40), radius: 10, color: .red, lineWidth: 2)
        context.drawText("Chào các bạn — Привет — コピー可能 — 복사", font: .system(size: 16), color: .label, at: Point(x: 10, y: 80))
        context.drawText("Bold text", font: .bold(size: 16), color: .purple, at: Point(x: 10, y: 110))
    }
}

MainActor.assumeIsolated {
    do {
        let app = try Application.start()
        let window = Window(title: "XKit Gallery", size: Size(width: 480, height: 200), app: app)
        let sample = Sample(frame: Rect(x: 0, y: 0, width: 480, height: 200))
        window.contentView.addSubview(sample)
        window.show()
        app.run()
    } catch {
        print("xkit-demo: \(error)")
    }
}
