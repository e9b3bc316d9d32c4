import Foundation
import TappableText

/// How Markdown becomes attributed text: the attributes of plain text and the style of links.
public struct MarkdownOptions: Sendable, Hashable {
    /// Attributes of all text; emphasis, strong, code and links are derived from them.
    /// Its font (or `Font.system` when it sets none) is the face the other styles vary.
    public var baseAttributes: TextAttributes
    /// Attributes merged over link text (e.g. colour, underline). The `link` attribute itself is
    /// always the link's exact destination and cannot be overridden here.
    public var linkAttributes: TextAttributes
    /// The family of code spans and code blocks (bundled under Fonts/DejaVu).
    public var codeFontFamily: String
    /// The weight of `**strong**` text.
    public var strongWeight: Font.Weight
    /// Which link destinations become links; refused ones stay plain text (no link, no link
    /// style) and are reported by `Markdown.parse`. Default: `LinkPolicy.default`.
    public var linkPolicy: LinkPolicy

    /// Options with UILabel-like defaults: the system font, links in the link colour and underlined.
    public init(baseAttributes: TextAttributes = TextAttributes(font: .system),
                linkAttributes: TextAttributes = MarkdownOptions.defaultLinkAttributes,
                codeFontFamily: String = MarkdownOptions.defaultCodeFontFamily,
                strongWeight: Font.Weight = .bold, linkPolicy: LinkPolicy = .default) {
        self.baseAttributes = baseAttributes
        self.linkAttributes = linkAttributes
        self.codeFontFamily = codeFontFamily
        self.strongWeight = strongWeight
        self.linkPolicy = linkPolicy
    }

    /// The default link style: the UIKit link colour, single underline.
    public static let defaultLinkAttributes = TextAttributes(foregroundColor: .link, underline: .single)
    /// The default monospace family, "DejaVu Sans Mono".
    public static let defaultCodeFontFamily = "DejaVu Sans Mono"
}

/// Markdown (CommonMark, parsed by libcmark, with GitHub's autolink and strikethrough
/// extensions) rendered as the attributed text of a label. Parsing takes time linear in the input.
///
/// Inline elements keep their meaning: emphasis is italic, strong is bold, code is monospace,
/// `~~strike~~` (or `~strike~`) is struck through, links carry their destination in `link` (and
/// a title in `custom["title"]`). Besides `<…>` autolinks, `www.…` (destination `http://www.…`),
/// `http://`, `https://` and `ftp://` links and e-mail addresses (`mailto:`) in text are links,
/// found with GitHub's rules (cmark-gfm 0.29.0.gfm.6's: valid domains, trailing punctuation,
/// parentheses and entities cut off; not in link text, code or HTML). Blocks degrade to their
/// text: paragraphs, headings, list items, quotes and code blocks each start a new line ("\n"),
/// list items with their marker ("1. ", "• ", indented two spaces per enclosing list, at most
/// eight levels); soft breaks become a space, hard breaks "\n";
/// raw HTML stays literal text; images show their alt text. Markdown never fails: whatever is
/// not valid Markdown syntax is literal text.
public enum Markdown {
    /// The attributed text for `markdown`. Ranges in the result count UTF-16 units. Links the
    /// options' policy refuses are plain text; `parse` also says which.
    public static func attributedText(_ markdown: String, options: MarkdownOptions = MarkdownOptions()) -> AttributedText {
        parse(markdown, options: options).text
    }

    /// The attributed text for `markdown` and the links the options' link policy refused (in
    /// text order), for the caller to warn about.
    public static func parse(_ markdown: String, options: MarkdownOptions = MarkdownOptions()) -> MarkupResult {
        var renderer = MarkdownRenderer(options: options)
        do {
            // The node tree is freed before the text is built: the two are the largest allocations.
            let document = CmarkDocument(parsing: markdown)
            renderer.render(document)
        }
        return MarkupResult(text: renderer.builder.build(), refusedLinks: renderer.refusedLinks)
    }
}

/// What a markup parser made: the attributed text and the links it refused to make tappable.
public struct MarkupResult: Sendable, Hashable {
    /// The attributed text.
    public var text: AttributedText
    /// Links the link policy refused, in text order; their text is plain.
    public var refusedLinks: [RefusedLink]
    /// A result; stored as given.
    public init(text: AttributedText, refusedLinks: [RefusedLink]) { self.text = text; self.refusedLinks = refusedLinks }
}

extension AttributedText {
    /// Attributed text from Markdown; see `Markdown.attributedText(_:options:)`.
    public init(markdown: String, options: MarkdownOptions = MarkdownOptions()) {
        self = Markdown.attributedText(markdown, options: options)
    }
}

