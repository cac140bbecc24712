/// The vocabulary of the sample generator: names from several countries and scripts,
/// and templates for bios, captions and comments. `{slot}` marks are filled by
/// `SampleText`; `display|ascii` pairs give a name and its username-safe spelling.
enum SampleWords {
    /// One naming culture. Given names: `display|ascii|g` (g: f, m or x). Family names:
    /// `display|ascii` or, where the form depends on gender, `male|ascii|female|ascii`.
    /// `familyFirst`: the native display order is family name, then given name.
    struct Culture {
        var given: [String]
        var family: [String]
        var familyFirst = false
    }

    static let cultures: [Culture] = [
        Culture(given: ["Emma|emma|f", "Oliver|oliver|m", "Chloe|chloe|f", "Jack|jack|m", "Grace|grace|f",
                        "Liam|liam|m", "Ava|ava|f", "Noah|noah|m", "Sam|sam|x", "Ruby|ruby|f"],
                family: ["Walker|walker", "Hughes|hughes", "Bennett|bennett", "Price|price", "Murphy|murphy",
                         "O'Neill|oneill", "Clarke|clarke", "Fletcher|fletcher"]),
        Culture(given: ["José|jose|m", "Lucía|lucia|f", "Mateo|mateo|m", "Valentina|valentina|f", "Inés|ines|f",
                        "Diego|diego|m", "Camila|camila|f", "Andrés|andres|m"],
                family: ["García|garcia", "Fernández|fernandez", "Ruiz|ruiz", "Morales|morales", "Núñez|nunez",
                         "Castillo|castillo", "Ortega|ortega"]),
        Culture(given: ["Giulia|giulia|f", "Marco|marco|m", "Chiara|chiara|f", "Luca|luca|m", "Francesca|francesca|f",
                        "Matteo|matteo|m"],
                family: ["Rossi|rossi", "Bianchi|bianchi", "Ferrari|ferrari", "Esposito|esposito", "Romano|romano",
                         "De Luca|deluca"]),
        Culture(given: ["Léa|lea|f", "Hugo|hugo|m", "Camille|camille|x", "Théo|theo|m", "Manon|manon|f",
                        "Jonas|jonas|m", "Lena|lena|f", "Jürgen|juergen|m", "Anaïs|anais|f"],
                family: ["Dubois|dubois", "Lefèvre|lefevre", "Moreau|moreau", "Müller|mueller", "Schäfer|schaefer",
                         "Weiß|weiss", "Roussel|roussel"]),
        Culture(given: ["João|joao|m", "Beatriz|beatriz|f", "Tiago|tiago|m", "Mariana|mariana|f", "Rafael|rafael|m"],
                family: ["Silva|silva", "Gonçalves|goncalves", "Pereira|pereira", "Araújo|araujo", "Costa|costa"]),
        Culture(given: ["Ayşe|ayse|f", "Emre|emre|m", "Zeynep|zeynep|f", "Mert|mert|m", "Elif|elif|f"],
                family: ["Yılmaz|yilmaz", "Demir|demir", "Şahin|sahin", "Çelik|celik", "Öztürk|ozturk"]),
        Culture(given: ["Chidi|chidi|m", "Amara|amara|f", "Tunde|tunde|m", "Ngozi|ngozi|f", "Kwame|kwame|m",
                        "Adaeze|adaeze|f"],
                family: ["Okafor|okafor", "Adeyemi|adeyemi", "Mensah|mensah", "Eze|eze", "Balogun|balogun"]),
        Culture(given: ["Priya|priya|f", "Arjun|arjun|m", "Ananya|ananya|f", "Rohan|rohan|m", "Kavya|kavya|f",
                        "Vikram|vikram|m"],
                family: ["Sharma|sharma", "Iyer|iyer", "Nair|nair", "Reddy|reddy", "Banerjee|banerjee", "Kapoor|kapoor"]),
        Culture(given: ["由紀|yuki|f", "陽翔|haruto|m", "さくら|sakura|f", "健二|kenji|m", "葵|aoi|x", "蓮|ren|m",
                        "美咲|misaki|f"],
                family: ["田中|tanaka", "佐藤|sato", "鈴木|suzuki", "小林|kobayashi", "山本|yamamoto", "高橋|takahashi"],
                familyFirst: true),
        Culture(given: ["Ольга|olga|f", "Дмитрий|dmitri|m", "Анна|anna|f", "Сергей|sergei|m", "Мария|masha|f",
                        "Алексей|alexei|m"],
                family: ["Иванов|ivanov|Иванова|ivanova", "Смирнов|smirnov|Смирнова|smirnova",
                         "Соколов|sokolov|Соколова|sokolova", "Волков|volkov|Волкова|volkova"]),
        Culture(given: ["Νίκος|nikos|m", "Ελένη|eleni|f", "Γιώργος|giorgos|m", "Μαρία|maria|f", "Δημήτρης|dimitris|m"],
                family: ["Παπαδόπουλος|papadopoulos|Παπαδοπούλου|papadopoulou",
                         "Γεωργίου|georgiou", "Οικονόμου|oikonomou", "Βλάχος|vlachos|Βλάχου|vlachou"]),
        Culture(given: ["عمر|omar|m", "ليلى|layla|f", "يوسف|youssef|m", "نور|nour|x", "سارة|sara|f", "كريم|karim|m"],
                family: ["حداد|haddad", "الخطيب|alkhatib", "منصور|mansour", "عبد الله|abdallah", "سالم|salem"]),
        Culture(given: ["민준|minjun|m", "서연|seoyeon|f", "지호|jiho|m", "하은|haeun|f"],
                family: ["김|kim", "이|lee", "박|park", "최|choi"], familyFirst: true),
    ]

    static let hobbies = ["shoots", "eats", "climbs", "travels", "bakes", "films", "hikes", "cooks", "wanders",
                          "lens", "kitchen", "crag", "roams", "frames"]

    static let places = ["Lisbon", "Kyoto", "Yosemite", "Chamonix", "Oaxaca", "Istanbul", "Tbilisi", "Reykjavík",
                         "Cape Town", "Hội An", "Marrakesh", "Patagonia", "the Dolomites", "Fontainebleau",
                         "Hokkaido", "Lofoten", "Petra", "Naxos", "Kraków", "Valparaíso", "Seoul", "Lagos",
                         "Kazan", "Thessaloniki", "Montréal"]

    static let dishes = ["ramen", "shakshuka", "pão de queijo", "borscht", "jollof rice", "khachapuri", "tacos al pastor",
                         "okonomiyaki", "baklava", "sourdough", "pho", "paella", "tiramisù", "dumplings", "moussaka",
                         "mole negro", "kimchi jjigae", "masala dosa"]

    static let routes = ["the north ridge", "a 6c+ slab", "the old classic", "my first V5", "the arête",
                         "a long multi-pitch", "the overhang", "a crimpy 7a"]

    static let tags = ["photography", "filmisnotdead", "35mm", "streetphotography", "goldenhour", "landscape",
                       "foodie", "homecooking", "recipe", "climbing", "bouldering", "alpine", "travel", "wanderlust",
                       "nofilter", "bluehour", "portrait", "vanlife", "sundaybrunch", "bakery", "写真", "фото",
                       "ταξίδι", "سفر", "여행", "mountains", "citylights", "makestagram"]

    static let emoji = ["📷", "🌅", "🍜", "🧗", "✈️", "🏔️", "🌊", "🍰", "☕️", "🔥", "❤️", "🙌", "😍", "🌿",
                        "🇯🇵", "🇵🇹", "🇲🇽", "🇬🇷", "🇹🇷", "🌙", "🥐", "👩🏽‍🍳", "🚐", "⛰️"]

    static let captions = [
        "Golden hour over {place} {emoji}",
        "**Finally** made it to {place}. Worth every hour on the road.",
        "Tried {dish} for the first time, _wow_ {emoji}",
        "Homemade {dish}, recipe from my grandmother. Ask me for it!",
        "Sent {route} today with {user} {emoji}",
        "Blue hour in {place}. Shot on film, *no edits*.",
        "Morning light, {place}.",
        "Cooking {dish} for twelve people tonight. Send help {emoji}",
        "Rest day. Just coffee and a good book ☕️",
        "Thanks {user} for the tip about this spot!",
        "Three things I learned in {place}:\n\n1. Start early\n2. Pack light\n3. Always say yes to {dish}",
        "New post on the blog: [{place} in 48 hours](https://blog.example.com/posts/{n})",
        "Full recipe: [{dish}](https://recipes.example.org/r/{n})",
        "Project: \"{route}\". Still falling off the crux ¯\\_(ツ)_/¯",
        "Can't stop thinking about {place} {emoji}{emoji}",
        "The light did **all** the work here.",
        "Contact sheet from {place}, roll 27.\tPortra 400.",
        "Who else is heading to {place} this summer? cc {user}",
        "~~Diet starts Monday~~ {dish} {emoji}",
        "> The best camera is the one you have with you.\n\nPhone shot, {place}.",
    ]

    static let nativeCaptions = [
        "京都の朝、静かな時間 {emoji}", "今日の晩ごはんは{dish}。美味しかった！", "初めての外岩、最高でした 🧗",
        "Рассвет в {place}. Холодно, но красиво.", "Сегодня готовлю {dish} {emoji}", "Новая вершина, новые друзья!",
        "Καλημέρα από {place} {emoji}", "Το καλύτερο φαγητό: {dish}!", "Ηλιοβασίλεμα στη Νάξο.",
        "صباح الخير من {place} {emoji}", "أجمل غروب رأيته في حياتي", "طبخت {dish} اليوم لأول مرة",
        "오늘의 {dish} {emoji}", "서울의 밤 🌙", "Günaydın {place}! {emoji}", "Bom dia, {place} {emoji}",
    ]

    static let bios = [
        "**Photographer** based in {place} {emoji}",
        "Cook. Climber. _Occasional_ writer.",
        "Film photography and long walks. Prints: [shop](https://prints.example.com/{name})",
        "- {emoji} climbing\n- 🍜 {dish}\n- 📷 35mm",
        "Travelling slowly since 2014. Currently: *{place}*",
        "Chef at a tiny place in {place}. Opinions on {dish} welcome.",
        "Weekend alpinist, weekday accountant {emoji}",
        "Making {dish} until I get it right.",
        "Street photography. Shot on whatever is in my pocket.",
        "Say hi: [email](mailto:hello@{name}.example.com)",
        "東京在住の写真家 📷 フィルムが好き", "Фотограф из Казани. Горы, чай, плёнка.",
        "Φωτογράφος στην Αθήνα {emoji}", "مصورة من عمّان · أحب السفر والطبخ", "서울에서 요리하는 사람 🍳",
    ]

    static let comments = [
        "Stunning {emoji}", "Where is this?", "I need this recipe!!", "So jealous right now",
        "Great shot {user}", "Those colours 😍", "Adding {place} to my list", "Strong work on that one 💪",
        "Looks delicious", "When are we going back?", "すごい！", "Красота!", "Υπέροχο!", "رائع جدا",
        "**Goals.**", "The light though…", "Take me with you next time", "haha yes", "Is that film?", "🔥🔥🔥",
    ]
}
