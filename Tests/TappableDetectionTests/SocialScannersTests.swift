import Foundation
import Testing
import TappableDetection
import TappableTestSupport
import TappableText

@Suite("Hashtags (twitter-text rules)")
struct HashtagTests {
    static let cases: [Golden] = [
        Golden("a #hashtag here", ["#hashtag"]),
        Golden("this is #hashtag1", ["#hashtag1"]),
        Golden("#1hashtag is this", ["#1hashtag"]),
        Golden("On the #16 bus", []),
        Golden("#0", []),
        Golden("(#hashtag1 )#hashtag2 [#hashtag3 ]#hashtag4 ’#hashtag5’#hashtag6",
               ["#hashtag1", "#hashtag2", "#hashtag3", "#hashtag4", "#hashtag5", "#hashtag6"]),
        Golden("I'll write more tests #mañana", ["#mañana"]),
        Golden("this is not valid: # 会議中 ハッシュ", []),
        Golden("What is #트위터 anyway?", ["#트위터"]),
        Golden("What is #ашок anyway?", ["#ашок"]),
        Golden("全角英数字ハッシュタグ ＃ｈａｓｈｔａｇ１２３", ["＃ｈａｓｈｔａｇ１２３"]),
        Golden("日本語ハッシュタグ#日本語ハッシュタグ", []),
        Golden("#日本語ハッシュタグ。", ["#日本語ハッシュタグ"]),
        Golden("できましたよー！#日本語ハッシュタグ。", ["#日本語ハッシュタグ"]),
        Golden("#云々 #学問のすゝめ #いすゞ #各〻 #各〃", ["#云々", "#学問のすゝめ", "#いすゞ", "#各〻", "#各〃"]),
        Golden("#hashtag: #hashtag; #hashtag, #hashtag. #hashtag! #hashtag?",
               ["#hashtag", "#hashtag", "#hashtag", "#hashtag", "#hashtag", "#hashtag"]),
        Golden(":#hashtag ;#hashtag ,#hashtag .#hashtag !#hashtag ?#hashtag",
               ["#hashtag", "#hashtag", "#hashtag", "#hashtag", "#hashtag", "#hashtag"]),
        Golden("#hashtag\ntest\n#hashtag2\ntest\n#hashtag3\n", ["#hashtag", "#hashtag2", "#hashtag3"]),
        Golden("#http://twitter.com #https://twitter.com", []),
        Golden("http://twitter.com/#hashtag twitter.com/#hashtag", []),
        Golden("#עַל־יְדֵי #וכו׳ #מ״כ", ["#עַל־יְדֵי", "#וכו׳", "#מ״כ"]),
        Golden("#महात्मा #महात्मा_१२३४ #१२३४ गांधी", ["#महात्मा", "#महात्मा_१२३४"]),
        Golden("#il·lusió", ["#il·lusió"]),
        Golden("#_ #1_2 #122 #〃", []),
        Golden("#\u{20021}", ["#\u{20021}"]),
        Golden("a&#tag b#tag #a#b #\u{FE0F}\u{20E3}tag", []),
    ]

    @Test("golden cases", arguments: cases)
    func golden(_ g: Golden) { #expect(found(.hashtag, in: g.text) == g.expected) }

    @Test("the payload is hashtag:<tag>")
    func payload() { #expect(detector([.hashtag]).detections(in: "love #swift!").map(\.urlString) == ["hashtag:swift"]) }

    @Test("quotes and control characters around a hashtag stay out of it")
    func quotedHashtag() {
        // The escaping of quotes, backslashes and control characters in the JSON output is
        // tested in TappableSpecTests/DetectionJSONTests.
        #expect(detections("\"#tag\"\u{1}", [.hashtag]) == [
            Detection(type: .hashtag, range: range(1, 4), text: "#tag", urlString: "hashtag:tag"),
        ])
    }
}

@Suite("Mentions (twitter-text rules)")
struct MentionTests {
    static let cases: [Golden] = [
        Golden("@username reply", ["@username"]),
        Golden("mention @user_name", ["@user_name"]),
        Golden("mention @12345", ["@12345"]),
        Golden("mention @username1 @username2", ["@username1", "@username2"]),
        Golden("の@usernameに到着を待っている", ["@username"]),
        Golden("Current Status: @_@ (cc: @username)", ["@username"]),
        Golden("@aliceìnheiro something something", []),
        Golden("@username email me @test@example.com", ["@username"]),
        Golden("@http://twitter.com", []),
        Golden("@username\n@mention", ["@username", "@mention"]),
        Golden("RT@username RT:@mention RT @test", ["@username", "@mention", "@test"]),
        Golden("rT@username rT:@mention rT @test", ["@username", "@mention", "@test"]),
        Golden("f!@kn f@@kn f#@kn f$@kn f%@kn f&@kn f*@kn", []),
        Golden("Hey @username, check out out @otheruser/list_name-01!", ["@username", "@otheruser/list_name-01"]),
        Golden("@username/7list-name is a great list!", ["@username"]),
        Golden("write to jane@example.com or see http://x.com/@jane", []),
        Golden("@abcdefghijklmnopqrstu is too long", []),
    ]

    @Test("golden cases", arguments: cases)
    func golden(_ g: Golden) { #expect(found(.mention, in: g.text) == g.expected) }

    @Test("the payload is mention:<name>, with the list slug for a list")
    func payload() {
        #expect(detector([.mention]).detections(in: "cc @jack. @jack/team").map(\.urlString) == ["mention:jack", "mention:jack/team"])
    }
}

@Suite("E-mail addresses")
struct EmailTests {
    static let cases: [Golden] = [
        Golden("write to jane.doe+news@example.co.uk.", ["jane.doe+news@example.co.uk"]),
        Golden("(a_b-c%d@sub.example.org)", ["a_b-c%d@sub.example.org"]),
        Golden("mailto:jane@example.com", ["mailto:jane@example.com"]),
        Golden("jane@example", []),
        Golden("jane@example.notatld", []),
        Golden(".jane.@example.com", []),
        Golden("jane..doe@example.com", []),
        Golden("@example.com", []),
        Golden("a@b.com,c@d.org", ["a@b.com", "c@d.org"]),
        Golden("test.\"foo\".bar@gmail.co.uk!", ["test.\"foo\".bar@gmail.co.uk"]), // quoted words, RFC 5322
        Golden("\"jd\"@example.com and \"test@example.com\"", ["\"jd\"@example.com", "test@example.com"]),
        Golden("mailto:foo@bar, MAILTO:NAME@EXAMPLE.COM", ["mailto:foo@bar", "MAILTO:NAME@EXAMPLE.COM"]), // mailto: takes any host
        Golden("foo@bar mailto:bar", []),
        Golden("info@президент.рф", ["info@президент.рф"]),
    ]

    @Test("golden cases", arguments: cases)
    func golden(_ g: Golden) { #expect(found(.email, in: g.text) == g.expected) }

    @Test("an e-mail is reported once, as an e-mail, never as a link too")
    func notAlsoLink() {
        let ds = detector([.link, .email]).detections(in: "john.doe.gov@mail.com and jane@example.com")
        #expect(ds.map(\.type) == [.email, .email])
        #expect(ds.map(\.urlString) == ["mailto:john.doe.gov@mail.com", "mailto:jane@example.com"])
    }
}
