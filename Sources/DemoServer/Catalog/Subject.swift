/// What a demo photo shows, with its name in the languages the titles use. The English word is always a tag,
/// so searching for "sunset" or "cat" finds hundreds of photos whatever the title's language.
struct Subject: Sendable {
    let english: String
    let french: String
    let german: String
    let spanish: String
    let japanese: String
    let chinese: String
    let korean: String
    let arabic: String
    let hebrew: String
    let emoji: String
    /// Scene hints for the image generator.
    let scene: SceneKind

    enum SceneKind: Sendable { case sunset, water, night, city, nature, snow }

    static let all: [Subject] = [
        Subject(
            english: "sunset", french: "coucher de soleil", german: "Sonnenuntergang", spanish: "atardecer", japanese: "夕焼け", chinese: "日落",
            korean: "노을", arabic: "غروب الشمس", hebrew: "שקיעה", emoji: "🌅", scene: .sunset),
        Subject(
            english: "beach", french: "plage", german: "Strand", spanish: "playa", japanese: "ビーチ", chinese: "海滩", korean: "해변",
            arabic: "شاطئ", hebrew: "חוף", emoji: "🏖️", scene: .water),
        Subject(
            english: "cat", french: "chat", german: "Katze", spanish: "gato", japanese: "猫", chinese: "猫", korean: "고양이", arabic: "قطة",
            hebrew: "חתול", emoji: "🐈", scene: .city),
        Subject(
            english: "night", french: "nuit", german: "Nacht", spanish: "noche", japanese: "夜", chinese: "夜晚", korean: "밤", arabic: "ليل",
            hebrew: "לילה", emoji: "🌃", scene: .night),
        Subject(
            english: "street", french: "rue", german: "Straße", spanish: "calle", japanese: "通り", chinese: "街道", korean: "거리",
            arabic: "شارع", hebrew: "רחוב", emoji: "🚶", scene: .city),
        Subject(
            english: "river", french: "rivière", german: "Fluss", spanish: "río", japanese: "川", chinese: "河", korean: "강", arabic: "نهر",
            hebrew: "נהר", emoji: "🏞️", scene: .water),
        Subject(
            english: "bridge", french: "pont", german: "Brücke", spanish: "puente", japanese: "橋", chinese: "桥", korean: "다리",
            arabic: "جسر", hebrew: "גשר", emoji: "🌉", scene: .water),
        Subject(
            english: "market", french: "marché", german: "Markt", spanish: "mercado", japanese: "市場", chinese: "市场", korean: "시장",
            arabic: "سوق", hebrew: "שוק", emoji: "🛒", scene: .city),
        Subject(
            english: "dog", french: "chien", german: "Hund", spanish: "perro", japanese: "犬", chinese: "狗", korean: "개", arabic: "كلب",
            hebrew: "כלב", emoji: "🐕", scene: .nature),
        Subject(
            english: "rain", french: "pluie", german: "Regen", spanish: "lluvia", japanese: "雨", chinese: "雨", korean: "비", arabic: "مطر",
            hebrew: "גשם", emoji: "🌧️", scene: .city),
        Subject(
            english: "snow", french: "neige", german: "Schnee", spanish: "nieve", japanese: "雪", chinese: "雪", korean: "눈", arabic: "ثلج",
            hebrew: "שלג", emoji: "❄️", scene: .snow),
        Subject(
            english: "flowers", french: "fleurs", german: "Blumen", spanish: "flores", japanese: "花", chinese: "花", korean: "꽃",
            arabic: "زهور", hebrew: "פרחים", emoji: "🌸", scene: .nature),
        Subject(
            english: "tree", french: "arbre", german: "Baum", spanish: "árbol", japanese: "木", chinese: "树", korean: "나무", arabic: "شجرة",
            hebrew: "עץ", emoji: "🌳", scene: .nature),
        Subject(
            english: "mountain", french: "montagne", german: "Berg", spanish: "montaña", japanese: "山", chinese: "山", korean: "산",
            arabic: "جبل", hebrew: "הר", emoji: "⛰️", scene: .nature),
        Subject(
            english: "lake", french: "lac", german: "See", spanish: "lago", japanese: "湖", chinese: "湖", korean: "호수", arabic: "بحيرة",
            hebrew: "אגם", emoji: "🛶", scene: .water),
        Subject(
            english: "park", french: "parc", german: "Park", spanish: "parque", japanese: "公園", chinese: "公园", korean: "공원",
            arabic: "حديقة", hebrew: "פארק", emoji: "🌳", scene: .nature),
        Subject(
            english: "cafe", french: "café", german: "Café", spanish: "café", japanese: "カフェ", chinese: "咖啡馆", korean: "카페", arabic: "مقهى",
            hebrew: "בית קפה", emoji: "☕", scene: .city),
        Subject(
            english: "train", french: "train", german: "Zug", spanish: "tren", japanese: "電車", chinese: "火车", korean: "기차", arabic: "قطار",
            hebrew: "רכבת", emoji: "🚆", scene: .city),
        Subject(
            english: "boat", french: "bateau", german: "Boot", spanish: "barco", japanese: "船", chinese: "船", korean: "배", arabic: "قارب",
            hebrew: "סירה", emoji: "⛵", scene: .water),
        Subject(
            english: "skyline", french: "horizon", german: "Skyline", spanish: "horizonte", japanese: "スカイライン", chinese: "天际线",
            korean: "스카이라인", arabic: "أفق المدينة", hebrew: "קו רקיע", emoji: "🏙️", scene: .night),
        Subject(
            english: "architecture", french: "architecture", german: "Architektur", spanish: "arquitectura", japanese: "建築", chinese: "建筑",
            korean: "건축", arabic: "عمارة", hebrew: "אדריכלות", emoji: "🏛️", scene: .city),
        Subject(
            english: "food", french: "cuisine", german: "Essen", spanish: "comida", japanese: "料理", chinese: "美食", korean: "음식",
            arabic: "طعام", hebrew: "אוכל", emoji: "🍜", scene: .city),
        Subject(
            english: "portrait", french: "portrait", german: "Porträt", spanish: "retrato", japanese: "ポートレート", chinese: "肖像", korean: "인물",
            arabic: "صورة شخصية", hebrew: "דיוקן", emoji: "🙂", scene: .nature),
        Subject(
            english: "clouds", french: "nuages", german: "Wolken", spanish: "nubes", japanese: "雲", chinese: "云", korean: "구름",
            arabic: "غيوم", hebrew: "עננים", emoji: "☁️", scene: .nature),
        Subject(
            english: "harbor", french: "port", german: "Hafen", spanish: "puerto", japanese: "港", chinese: "港口", korean: "항구",
            arabic: "ميناء", hebrew: "נמל", emoji: "⚓", scene: .water),
        Subject(
            english: "garden", french: "jardin", german: "Garten", spanish: "jardín", japanese: "庭園", chinese: "花园", korean: "정원",
            arabic: "بستان", hebrew: "גן", emoji: "🌷", scene: .nature),
    ]

    /// Adjectives/moods for English titles.
    static let moods = [
        "Golden", "Quiet", "Misty", "Early", "Late", "Blue hour", "Summer", "Winter", "Autumn", "Spring", "Evening", "Morning", "Lazy",
        "Rainy", "Bright", "Last",
    ]

    /// Extra tags that make searches feel real (and a few common ones so some queries pass the 4,000 cap).
    static let extraTags = [
        "travel", "city", "light", "color", "canon", "nikon", "fujifilm", "35mm", "film", "iphone", "bw", "longexposure", "reflection",
        "people", "sky", "urban", "vacation", "holiday",
    ]
}
