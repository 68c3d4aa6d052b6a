import Glibc
import XKit

/// A contact card: a controller whose scroll view holds a round avatar, copyable name, phone and
/// email with their own menus ("Copy as vCard" on the name), a Call button and the contact's tags.
struct Contact {
    var name = "Ada Lovelace"
    var phone = "+44 20 7946 0958"
    var email = "ada@example.org"

    /// The contact as a vCard 3.0, for "Copy as vCard".
    var vCard: String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nTEL;TYPE=CELL:\(phone)\r\nEMAIL:\(email)\r\nEND:VCARD\r\n"
    }
}

/// The card's controller: its view is a scroll view holding the card, so a small window scrolls it.
final class ContactCardController: ViewController {
    let contact: Contact

    init(contact: Contact) {
        self.contact = contact
        super.init()
        title = "Contact"
    }

    override func loadView() {
        let scroll = ScrollView()
        scroll.accessibilityIdentifier = "card.scroll"
        scroll.backgroundColor = .windowBackground
        view = scroll
    }

    override func viewDidLoad() {
        guard let scroll = view as? ScrollView else { return }
        let content = View(frame: Rect(x: 0, y: 0, width: 440, height: 262))
        buildCard(in: content, contact: contact)
        scroll.addSubview(content)
        scroll.contentSize = content.frame.size
    }
}

@MainActor
func buildCard(in root: View, contact: Contact) {

    let avatar = ImageView(named: "avatar1")
    avatar.accessibilityIdentifier = "card.avatar"
    avatar.contentMode = .aspectFill
    avatar.isCircular = true
    avatar.frame = Rect(x: 20, y: 20, width: 72, height: 72)

    let name = Label(text: contact.name, font: .system(size: 20, weight: .bold))
    name.accessibilityIdentifier = "card.name"
    name.isCopyable = true
    name.frame = Rect(x: 108, y: 24, width: 300, height: 28)
    // The label's own items: the handler is told which view the menu was opened for.
    name.menuItems = [
        MenuItem(title: "Copy as vCard") { context in
            guard let app = context.target?.application else { return }
            app.platform.pasteboard(.clipboard).setString(contact.vCard, event: context.event)
        },
    ]

    let phone = Label(text: contact.phone, font: .system(size: 14), textColor: .secondaryLabel)
    phone.accessibilityIdentifier = "card.phone"
    phone.isCopyable = true
    phone.frame = Rect(x: 108, y: 56, width: 300, height: 20)

    let email = Label(text: contact.email, font: .system(size: 14), textColor: .secondaryLabel)
    email.accessibilityIdentifier = "card.email"
    email.isCopyable = true
    email.frame = Rect(x: 108, y: 78, width: 300, height: 20)

    let status = Label(text: "Right-click or long-press a line to copy it", font: .system(size: 12),
                       textColor: .secondaryLabel)
    status.accessibilityIdentifier = "card.status"
    status.frame = Rect(x: 20, y: 232, width: 400, height: 18)

    let call = Button(title: "Call") { _ in status.text = "Calling \(contact.phone)…" }
    call.accessibilityIdentifier = "card.call"
    call.frame.origin = Point(x: 20, y: 110)

    let tags = TagInputView(titles: ["maths", "engines", "poetry"], suggestions: ["friend", "work"])
    tags.accessibilityIdentifier = "card.tags"
    tags.frame = Rect(x: 20, y: 150, width: 400, height: 72)

    [avatar, name, phone, email, call, tags, status].forEach(root.addSubview)
}

/// The example's images: the XKit checkout's assets (this package sits in its Examples folder).
func imageFolders() -> [String] {
    let source = #filePath  // …/Examples/ContactCard/Sources/ContactCard/main.swift
    var root = source
    for _ in 0..<5 { root = String(root[..<(root.lastIndex(of: "/") ?? root.startIndex)]) }
    return [root + "/assets/images", "assets/images"]
}

@MainActor
func run() -> Int32 {
    let app: Application
    do {
        app = try Application.start(name: "contact-card")
    } catch {
        let message = Array("ContactCard: \(error)\n".utf8)
        _ = write(2, message, message.count)
        return 1
    }
    app.images.searchPaths = imageFolders()
    let window = Window(title: "Contact", size: Size(width: 440, height: 262), app: app)
    window.rootViewController = ContactCardController(contact: Contact())
    window.show()
    app.run()
}

exit(MainActor.assumeIsolated { run() })
