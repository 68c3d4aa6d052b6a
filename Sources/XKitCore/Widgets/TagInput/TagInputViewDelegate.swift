/// What a tag input tells its delegate, like the seed's `didSelectTag`; every method is optional.
@MainActor
public protocol TagInputViewDelegate: AnyObject {
    /// Validates or normalises a title about to be added; return nil to refuse it.
    func tagInputView(_ view: TagInputView, shouldAddTagWithTitle title: String) -> String?
    /// Called after a tag was added.
    func tagInputView(_ view: TagInputView, didAdd tag: Tag)
    /// Called after a tag was removed.
    func tagInputView(_ view: TagInputView, didRemove tag: Tag)
    /// Called after a tag became selected.
    func tagInputView(_ view: TagInputView, didSelect tag: Tag)
    /// Called after a tag stopped being selected.
    func tagInputView(_ view: TagInputView, didDeselect tag: Tag)
    /// Called after every change to `tags`, programmatic ones included.
    func tagInputViewDidChangeTags(_ view: TagInputView)
}

extension TagInputViewDelegate {
    public func tagInputView(_ view: TagInputView, shouldAddTagWithTitle title: String) -> String? { title }
    public func tagInputView(_ view: TagInputView, didAdd tag: Tag) {}
    public func tagInputView(_ view: TagInputView, didRemove tag: Tag) {}
    public func tagInputView(_ view: TagInputView, didSelect tag: Tag) {}
    public func tagInputView(_ view: TagInputView, didDeselect tag: Tag) {}
    public func tagInputViewDidChangeTags(_ view: TagInputView) {}
}
