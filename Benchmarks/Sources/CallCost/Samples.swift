/// Short texts in the four scripts of the size sweep, written for this harness (no third-party
/// text): prose with punctuation and line breaks, as form fields and posts hold it. Pieces of a
/// given size are cut from them at scalar boundaries.
enum Samples {
  static let english = """
    The library counts what users see. A nickname, a bio or a post must stay under its limit, \
    and the count must agree with the one the phone showed while the user typed. Servers check \
    millions of short strings: titles, tags, user names, replies of a line or two.
    Most of them are plain ASCII, some carry an accent (café, naïve, résumé), a few an emoji. \
    What costs time there is not the scanning but everything around it: setting up, choosing \
    a path, checking sizes. A short string should cost no more than asking Swift for its count.

    """

  static let chinese = """
    这个库统计用户看到的字符数。昵称、简介和帖子都必须在限制之内，服务器的计数要和手机上显示的一致。\
    服务器每天要检查数以百万计的短字符串：标题、标签、用户名，还有一两行的回复。\
    中文输入法在组字时不应被截断，粘贴过长的文字时光标后面的内容也不能丢失。
    大多数文字都很短，真正花时间的不是扫描本身，而是扫描前后的准备工作。\
    一个短字符串的计数成本不应该高于直接调用标准库。

    """

  static let hindi = """
    यह पुस्तकालय वही गिनता है जो उपयोगकर्ता देखते हैं। उपनाम, परिचय या संदेश अपनी सीमा के भीतर रहना \
    चाहिए, और सर्वर की गिनती फ़ोन की गिनती से मेल खानी चाहिए। सर्वर हर दिन लाखों छोटे वाक्य जाँचते हैं: \
    शीर्षक, टैग, नाम और एक-दो पंक्तियों के उत्तर।
    संयुक्ताक्षर जैसे क्ष, त्र, ज्ञ और श्र एक ही अक्षर की तरह गिने जाते हैं। छोटे वाक्य की गिनती मानक \
    पुस्तकालय से महँगी नहीं होनी चाहिए।

    """

  static let emoji = """
    Great news 🎉🎉 the team 👩‍💻👨‍💻 shipped it! Thanks to everyone 🙏🏽 who helped ❤️ \
    Family trip 👨‍👩‍👧‍👦 to 🇯🇵 and 🇫🇷 next year ✈️ can't wait 😍😍😍 #travel \
    Score: 3️⃣ to 1️⃣ ⚽ what a match 🔥🔥 👏🏻👏🏼👏🏽👏🏾👏🏿
    Coffee ☕ then code 💻 then more coffee ☕☕ 😅 Weekend mood: 🏖️🌊☀️ 🧘‍♀️ 🏳️‍🌈 \
    Happy birthday 🎂🎈🎁 to my best friend 👭 love you 💕 see you soon 👋🏾

    """

  /// The sample of a script by its name.
  static func text(of script: String) -> String? {
    ["english": english, "chinese": chinese, "hindi": hindi, "emoji": emoji][script]
  }
}
