/// Something a view does with input beyond its own handlers (as UIKit's `UIInteraction`).
@MainActor
public protocol Interaction: AnyObject {
    /// The view the interaction was added to.
    var view: View? { get }
    /// Called before the interaction is added to (or, with nil, removed from) a view.
    func willMove(to view: View?)
    /// Called after the interaction was added to (or, with nil, removed from) a view.
    func didMove(to view: View?)
}

/// What a drop would do: copy, move, nothing, or nothing because this view refuses.
public enum DropOperation: Sendable, Equatable {
    /// The drop does nothing (the session is not wanted here).
    case cancel
    /// This view would take the drop but not now (it is disabled, say).
    case forbidden
    /// The data is copied (the desktop's default: the source keeps it).
    case copy
    /// The source deletes its copy after the drop.
    case move
}

/// A view's answer to a drag hovering over it.
public struct DropProposal: Sendable, Equatable {
    /// What would happen if the user let go here.
    public var operation: DropOperation
    /// A proposal for `operation`.
    public init(operation: DropOperation) { self.operation = operation }
}

/// What a view that accepts drops decides (as UIKit's `UIDropInteractionDelegate`).
///
/// Only `dropInteraction(_:performDrop:)` must be written; the others have defaults: every session
/// is handled, a hovering one proposes `.copy`, the rest do nothing.
@MainActor
public protocol DropInteractionDelegate: AnyObject {
    /// Whether the view wants this session at all (look at `session.types`).
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool
    /// The drag came over the view.
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession)
    /// The drag moved over the view (`session.location(in:)`): what would a drop do here?
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal
    /// The drag left the view, or was cancelled over it.
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession)
    /// The user let go over the view: load the data (`session.loadString`) and use it.
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession)
    /// The drag is over (after a drop's loads have finished, or after an exit).
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession)
}

extension DropInteractionDelegate {
    public func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool { true }
    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {}
    public func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        DropProposal(operation: .copy)
    }
    public func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {}
    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {}
}

/// Makes a view accept drops from other apps (and this one), as UIKit's `UIDropInteraction`.
///
///     view.addInteraction(DropInteraction(delegate: self))
///
/// While a drag the delegate accepts hovers, the view shows a highlight ring.
@MainActor
public final class DropInteraction: Interaction {
    /// Decides what the view takes (held weakly, as in UIKit).
    public private(set) weak var delegate: DropInteractionDelegate?
    /// The view the interaction is on.
    public private(set) weak var view: View?
    /// Whether the answer depends on where in the view the pointer is (a text caret does). When
    /// false, the source is told it need send no more positions while the pointer stays inside the view.
    public var tracksLocation = true
    /// Whether a ring is drawn around the view while an accepted drag hovers over it.
    public var showsHighlight = true

    /// An interaction asking `delegate`.
    public init(delegate: DropInteractionDelegate) { self.delegate = delegate }

    /// Held when the interaction was made for a built-in view (a text field), so it lives with it.
    var ownedDelegate: DropInteractionDelegate?

    public func willMove(to view: View?) {}
    public func didMove(to view: View?) { self.view = view }
}

extension View {
    /// The interactions added to the view, in order.
    public var interactions: [Interaction] { associatedValues[InteractionsKey.key] }

    /// Adds an interaction (a `DropInteraction`) to the view.
    public func addInteraction(_ interaction: Interaction) {
        guard !interactions.contains(where: { $0 === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        interaction.willMove(to: self)
        associatedValues[InteractionsKey.key].append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes an interaction added with `addInteraction(_:)`.
    public func removeInteraction(_ interaction: Interaction) {
        guard interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        associatedValues[InteractionsKey.key].removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }
}

@MainActor
private enum InteractionsKey {
    static let key = AssociatedKey<[Interaction]>("xkit.view.interactions", default: [])
}
