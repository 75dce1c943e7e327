/// Name material for demo members, in several scripts.
enum PeopleNames {
    /// (real name, handle base, location)
    static let people: [(String, String, String)] = [
        ("Amélie Durand", "amelie", "Paris, France"), ("Étienne Lefèvre", "etienne_l", "Lyon, France"),
        ("Chloé Moreau", "chloe.m", "Marseille, France"), ("François Bérard", "fberard", "Montréal, Canada"),
        ("田中 花子", "hanako", "東京, 日本"), ("佐藤 健", "ken_sato", "大阪, 日本"), ("鈴木 由美", "yumi_s", "京都, 日本"),
        ("王 伟", "wangwei", "上海, 中国"), ("李 娜", "lina_photo", "北京, 中国"), ("陳 美玲", "meiling", "香港"),
        ("김 민준", "minjun", "서울, 대한민국"), ("이 서연", "seoyeon", "서울"),
        ("أحمد الفارسي", "ahmed_f", "دبي"), ("ليلى حسن", "layla.h", "القاهرة, مصر"), ("يوسف بنعلي", "youssef", "مراكش"),
        ("נועה לוי", "noa_levi", "תל אביב"), ("דוד כהן", "davidc", "ירושלים"),
        ("Jürgen Müller", "juergen", "München, Deutschland"), ("Lena Schäfer", "lena_s", "Berlin"), ("Jörg Weiß", "jweiss", "Hamburg"),
        ("José García", "jose.g", "Madrid, España"), ("Lucía Fernández", "lucia_f", "Barcelona"),
        ("Martín Pérez", "mperez", "Buenos Aires"),
        ("João Gonçalves", "joao", "Lisboa, Portugal"), ("Ana Lúcia Souza", "analu", "Rio de Janeiro"),
        ("Sarah Johnson", "sarahj", "New York, NY, USA"), ("Mike O'Brien", "mikeob", "San Francisco, CA"),
        ("Emily Chen", "emchen", "Vancouver, BC"),
        ("Olivia Smith", "liv_smith", "Melbourne, Australia"), ("Jack Wilson", "jackw", "Sydney"), ("Aroha Ngata", "aroha", "Auckland, NZ"),
        ("Priya Sharma", "priya.s", "Mumbai, India"), ("Nguyễn Văn An", "an_nguyen", "Hà Nội"), ("Somchai Prasert", "somchai", "Bangkok"),
        ("Søren Kierkegaard-Hansen", "soren", "København"), ("Björk Guðmundsdóttir", "bjork_g", "Reykjavík"),
        ("Zoë van Dijk", "zoe_vd", "Amsterdam"),
        ("Giulia Rossi", "giulia", "Roma, Italia"), ("Tomáš Novák", "tomas_n", "Praha"), ("Ayşe Yılmaz", "ayse", "İstanbul"),
        ("📷 Lens Wanderer", "lenswanderer", ""), ("Sam 🌈", "sam_rainbow", "London, UK"), ("Thandiwe Dlamini", "thandi", "Cape Town"),
    ]
}
