import Testing
import TappableDetection

/// One golden case: an input and what a single detector type must find in it.
struct Golden: CustomTestStringConvertible, Sendable {
    let text: String
    let expected: [String]
    init(_ text: String, _ expected: [String]) { self.text = text; self.expected = expected }
    var testDescription: String { text }
}

@Suite("Links (twitter-text extraction rules)")
struct LinkTests {
    static let valid: [Golden] = [
        Golden("http://example.com", ["http://example.com"]),
        Golden("text http://google.com", ["http://google.com"]),
        Golden("text http://foobar.com/#", ["http://foobar.com/#"]),
        Golden("text http://google.com/#search?q=iphone%20-filter%3Alinks", ["http://google.com/#search?q=iphone%20-filter%3Alinks"]),
        Golden("text http://somedomain.com/index.php?path=/abc/def/", ["http://somedomain.com/index.php?path=/abc/def/"]),
        Golden("text http://somehost.com:3000", ["http://somehost.com:3000"]),
        Golden("text http://xo.com/~matthew+%ff-,.;x", ["http://xo.com/~matthew+%ff-,.;x"]),
        Golden("text http://en.wikipedia.org/wiki/Primer_(film)", ["http://en.wikipedia.org/wiki/Primer_(film)"]),
        Golden("(see http://en.wikipedia.org/wiki/Primer_(film))", ["http://en.wikipedia.org/wiki/Primer_(film)"]),
        Golden("text http://✪df.ws/ejp", ["http://✪df.ws/ejp"]),
        Golden("text http://chilp.it/?77e8fd", ["http://chilp.it/?77e8fd"]),
        Golden("text http://msdn.microsoft.com/ja-jp/library/system.net.httpwebrequest(v=VS.100).aspx",
               ["http://msdn.microsoft.com/ja-jp/library/system.net.httpwebrequest(v=VS.100).aspx"]),
        Golden("(http://twitter.com", ["http://twitter.com"]),
        Golden("text http://word-and-a-number-8-ftw.domain.com/", ["http://word-and-a-number-8-ftw.domain.com/"]),
        Golden("text http://domain.com-that-you-should-have-put-a-space-after", ["http://domain.com"]),
        Golden("text http://foo.com?#foo text", ["http://foo.com?#foo"]),
        Golden("foo.com foo.net foo.org foo.edu foo.gov", ["foo.com", "foo.net", "foo.org", "foo.edu", "foo.gov"]),
        Golden("foo.baz foo.co.jp www.xxxxxxx.baz www.foo.co.uk wwwww.xxxxxxx foo.comm foo.somecom foo.govedu foo.jp",
               ["foo.co.jp", "www.foo.co.uk", "foo.jp"]), // twitter-text 3: bare ccTLD hosts need no path
        Golden("twitter.jp日本語it.so中国語foo.jp it.so foo.jp", ["twitter.jp", "it.so", "foo.jp", "it.so", "foo.jp"]),
        Golden("example.comてすとですtwitter.みんなです", ["example.com", "twitter.みんな"]),
        Golden("test http://example.comだよね.comtest/hogehoge", ["http://example.com"]),
        Golden("text https://t.co/asdfdf?a=b#123 and t.co/x?a=b&c=d.", ["https://t.co/asdfdf?a=b#123", "t.co/x?a=b&c=d"]),
        Golden("Go to https://en.m.wikipedia.org/wiki/Hatfield–McCoy_feud please",
               ["https://en.m.wikipedia.org/wiki/Hatfield–McCoy_feud"]),
        Golden("This is a test \u{2066}\u{202A}twitter.com\u{202C}\u{2069}", ["twitter.com"]),
        Golden("t.co/abcde bit.ly/abcde", ["t.co/abcde", "bit.ly/abcde"]),
        Golden("Go to http://example.com/a+ or http://example.com/a-", ["http://example.com/a+", "http://example.com/a-"]),
        Golden("@user Try http:// example.com/path", ["example.com/path"]),
        Golden("これは日本語です。example.com/path/index.html中国語example.com/path한국", ["example.com/path/index.html", "example.com/path"]),
        Golden("http://twitter.com/これは日本語です。example.com中国語http://t.co/abcde한국twitter.comテストexample2.comテストhttp://twitter.com/abcde",
               ["http://twitter.com/", "example.com", "http://t.co/abcde", "twitter.com", "example2.com", "http://twitter.com/abcde"]),
        Golden("Go to http://twitter.com/Русские_слова", ["http://twitter.com/Русские_слова"]),
        Golden("MLB.tv vine.co twitch.tv t.co", ["MLB.tv", "vine.co", "twitch.tv", "t.co"]),
        Golden("test http://sub_domain-dash.twitter.com", ["http://sub_domain-dash.twitter.com"]),
        Golden("test http://a.b.cd", ["http://a.b.cd"]),
        Golden("test http://www.foo.com/foo/path-with-period./", ["http://www.foo.com/foo/path-with-period./"]),
        Golden("test http://www.foo.com/bar-path/some.stm?param1=foo;param2=P1|0||P2|0",
               ["http://www.foo.com/bar-path/some.stm?param1=foo;param2=P1|0||P2|0"]),
        Golden("test ELPAÍS.com", ["ELPAÍS.com"]),
        Golden("test http://twitter.com/.", ["http://twitter.com/"]),
        Golden("Test a ton of periods http://example.com/path..........................................", ["http://example.com/path"]),
        Golden("Test a ton of periods http://example.com/,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,", ["http://example.com/"]),
        Golden("Test http://example.com/path/!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!", ["http://example.com/path/"]),
        Golden("I really like http://t.co/pbY2NfTZ's website", ["http://t.co/pbY2NfTZ"]),
        Golden("Check this site out http://t.co/FNkPfmii- it's great", ["http://t.co/FNkPfmii"]),
        Golden("According to http://t.co/ulYGBYSo: the internet is cool", ["http://t.co/ulYGBYSo"]),
        Golden("http://twitter.com\nhttp://example.com\nhttp://example.com/path\nexample.com/path\nit.so\nit.so/abcde",
               ["http://twitter.com", "http://example.com", "http://example.com/path", "example.com/path", "it.so", "it.so/abcde"]),
        Golden("test http://xn--ls8h.XN--ls8h.la/", ["http://xn--ls8h.XN--ls8h.la/"]),
        Golden("test http://foobar.みんな/ http://foobar.中国/ http://foobar.پاکستان/ ",
               ["http://foobar.みんな/", "http://foobar.中国/", "http://foobar.پاکستان/"]),
        Golden("punycode tld: shop.xn--p1ai/catalog", ["shop.xn--p1ai/catalog"]),
        Golden("see www.google.com, then", ["www.google.com"]),
        Golden("\"quoted example.com\" and 'example.org'!", ["example.com", "example.org"]),
        Golden("router at http://192.168.0.1:8080/admin?x=1.", ["http://192.168.0.1:8080/admin?x=1"]),
        Golden("ftp://ftp.example.org/pub/file.tar.gz and HTTPS://EXAMPLE.COM", ["ftp://ftp.example.org/pub/file.tar.gz", "HTTPS://EXAMPLE.COM"]),
        Golden("open myapp://settings/profile now", ["myapp://settings/profile"]),
        Golden("is it example.com?", ["example.com"]),
        Golden("[link](http://example.com/a_[b])", ["http://example.com/a_[b]"]),
    ]

    static let invalid: [Golden] = [
        Golden("text http://domain-dash_2314352345_dfasd.foo-cow_4352.com", []),
        Golden("text http://no-tld", []),
        Golden("text http://tld-too-short.x", []),
        Golden("test http://-leadingdash.twitter.com", []),
        Golden("test http://trailingdash-.twitter.com", []),
        Golden("test http://_leadingunderscore.twitter.com", []),
        Golden("test http://trailingunderscore_.twitter.com", []),
        Golden("test http://-twitter.com", []),
        Golden("test http://twitter-.com", []),
        Golden("test http://twitter_underscore.com", []),
        Golden("test http://twitter.c_o_m", []),
        Golden("I really like http://t.co/abcdefghijklmnopqrstuvwxyz012345678901234", []), // slug over 40
        Golden("Hello http://xn--はじめよう.com/index.html", []),
        Golden("http://" + String(repeating: "あ", count: 64) + ".com/path", []), // label over 63
        Golden("#test.com @test.com #http://test.com @http://test.com #t.co/abcde @t.co/abcde", []),
        Golden("$http://twitter.com $twitter.com $http://t.co/abcde $t.co/abcde $t.co $TVI.CA $RBS.CA", []),
        Golden("long.test.tar.bz2 test.tar.bz2 tar.bz2", []),
        Golden("john.doe.gov@mail.com", []),
        Golden("john.doe.jp@mail.com", []),
        Golden("mail me at jane@example.com", []),
        Golden("version 1.2.3 and 10.0.0.1 and file.txt", []),
        Golden("e.g. i.e. etc. U.S.A.", []),
    ]

    @Test("extracts valid URLs", arguments: valid)
    func extractsValid(_ g: Golden) { #expect(found(.link, in: g.text) == g.expected) }

    @Test("rejects invalid URLs", arguments: invalid)
    func rejectsInvalid(_ g: Golden) { #expect(found(.link, in: g.text) == g.expected) }

    @Test("bare domains get http://, URLs with a scheme keep theirs")
    func payloads() {
        let ds = detector([.link]).detections(in: "google.com https://x.org/a ftp://f.net www.apple.com")
        #expect(ds.map(\.urlString) == ["http://google.com", "https://x.org/a", "ftp://f.net", "http://www.apple.com"])
        #expect(ds[0].url?.absoluteString == "http://google.com")
    }

    @Test("indices count UTF-16 units")
    func utf16Indices() {
        let ds = detector([.link]).detections(in: "皆さん見てください！ http://google.com 😀 example.com")
        #expect(ds.map(\.range) == [TextRange(location: 11, length: 17), TextRange(location: 32, length: 11)])
    }
}

import TappableText

@Suite("Mixed text, all types")
struct MixedTests {
    @Test("every type in one paragraph")
    func paragraph() {
        let text = "Mail jane@example.com, visit (example.org/docs) or http://localhost:8080/x, ping @jack #swift, " +
            "call (415) 555-5555 tomorrow at 9am at 1 Infinite Loop, Cupertino, CA 95014."
        let ds = detector().detections(in: text)
        #expect(ds.map(\.type.name) == ["email", "link", "link", "mention", "hashtag", "phoneNumber", "date", "address"])
        #expect(ds.map(\.text) == ["jane@example.com", "example.org/docs", "http://localhost:8080/x", "@jack", "#swift",
                                   "(415) 555-5555", "tomorrow at 9am", "1 Infinite Loop, Cupertino, CA 95014"])
    }
}
