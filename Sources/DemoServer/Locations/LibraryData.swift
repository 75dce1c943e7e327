/// Fixed data for the locations service (the same for every seed).
enum LibraryData {
    struct Location: Sendable { let streetAddress, city, country, emoji, hours: String }
    struct Book: Sendable {
        let title, author: String
        let year: Int
        let isbn: String
    }

    static let locations: [Location] = [
        Location(streetAddress: "Quai François Mauriac", city: "Paris", country: "France", emoji: "🇫🇷", hours: "10am–7pm"),
        Location(streetAddress: "58 Rue de Richelieu", city: "Paris", country: "France", emoji: "🇫🇷", hours: "9am–6pm"),
        Location(streetAddress: "30 Boulevard Vivier Merle", city: "Lyon", country: "France", emoji: "🇫🇷", hours: "10am–7pm"),
        Location(streetAddress: "476 5th Avenue", city: "New York", country: "America", emoji: "🇺🇸", hours: "10am–6pm"),
        Location(streetAddress: "100 Larkin Street", city: "San Francisco", country: "America", emoji: "🇺🇸", hours: "9am–8pm"),
        Location(streetAddress: "400 S State Street", city: "Chicago", country: "America", emoji: "🇺🇸", hours: "9am–7pm"),
        Location(streetAddress: "630 W 5th Street", city: "Los Angeles", country: "America", emoji: "🇺🇸", hours: "10am–8pm"),
        Location(streetAddress: "328 Swanston Street", city: "Melbourne", country: "Australia", emoji: "🇦🇺", hours: "10am–9pm"),
        Location(streetAddress: "1 Shakespeare Place", city: "Sydney", country: "Australia", emoji: "🇦🇺", hours: "9am–8pm"),
        Location(streetAddress: "Unter den Linden 8", city: "Berlin", country: "Germany", emoji: "🇩🇪", hours: "9am–9pm"),
        Location(streetAddress: "Ludwigstraße 16", city: "München", country: "Germany", emoji: "🇩🇪", hours: "8am–10pm"),
        Location(streetAddress: "Hühnerposten 1", city: "Hamburg", country: "Germany", emoji: "🇩🇪", hours: "11am–7pm"),
        Location(streetAddress: "1-10-1 Nagatachō, Chiyoda", city: "東京", country: "Japan", emoji: "🇯🇵", hours: "9:30am–7pm"),
        Location(streetAddress: "5-7-13 Minami-Azabu", city: "Tokyo", country: "Japan", emoji: "🇯🇵", hours: "9:30am–8:30pm"),
        Location(streetAddress: "1-2-1 Kitanagahoricho", city: "大阪", country: "Japan", emoji: "🇯🇵", hours: "9:15am–8pm"),
        Location(streetAddress: "96 Euston Road", city: "London", country: "United Kingdom", emoji: "🇬🇧", hours: "9:30am–8pm"),
        Location(streetAddress: "789 Yonge Street", city: "Toronto", country: "Canada", emoji: "🇨🇦", hours: "9am–8:30pm"),
        Location(streetAddress: "475 Boulevard De Maisonneuve Est", city: "Montréal", country: "Canada", emoji: "🇨🇦", hours: "10am–10pm"),
        Location(streetAddress: "Av. Rio Branco, 219", city: "Rio de Janeiro", country: "Brazil", emoji: "🇧🇷", hours: "10am–5pm"),
        Location(streetAddress: "Paseo de Recoletos, 20", city: "Madrid", country: "Spain", emoji: "🇪🇸", hours: "9am–9pm"),
        Location(streetAddress: "Viale Castro Pretorio, 105", city: "Roma", country: "Italy", emoji: "🇮🇹", hours: "8:30am–7pm"),
        Location(streetAddress: "Oosterdokskade 143", city: "Amsterdam", country: "Netherlands", emoji: "🇳🇱", hours: "8am–10pm"),
        Location(streetAddress: "Sderot Eliezer Kaplan 1", city: "ירושלים", country: "Israel", emoji: "🇮🇱", hours: "9am–7pm"),
        Location(streetAddress: "Corniche El Nil", city: "القاهرة", country: "Egypt", emoji: "🇪🇬", hours: "9am–4pm"),
        Location(streetAddress: "27 Kim Ma", city: "Hà Nội", country: "Vietnam", emoji: "🇻🇳", hours: "8am–5pm"),
    ]

    static let books: [Book] = [
        Book(title: "A Tale of Two Cities", author: "Charles Dickens", year: 1859, isbn: "9780141439600"),
        Book(title: "Alice's Adventures in Wonderland", author: "Lewis Carroll", year: 1865, isbn: "9780141439761"),
        Book(title: "Anna Karenina", author: "Leo Tolstoy", year: 1878, isbn: "9780143035008"),
        Book(title: "Around the World in Eighty Days", author: "Jules Verne", year: 1872, isbn: "9780199552566"),
        Book(title: "Crime and Punishment", author: "Fyodor Dostoevsky", year: 1866, isbn: "9780143058142"),
        Book(title: "Don Quixote", author: "Miguel de Cervantes", year: 1605, isbn: "9780060934347"),
        Book(title: "Dracula", author: "Bram Stoker", year: 1897, isbn: "9780141439846"),
        Book(title: "Emma", author: "Jane Austen", year: 1815, isbn: "9780141439587"),
        Book(title: "Frankenstein", author: "Mary Shelley", year: 1818, isbn: "9780141439471"),
        Book(title: "Great Expectations", author: "Charles Dickens", year: 1861, isbn: "9780141439563"),
        Book(title: "Gulliver's Travels", author: "Jonathan Swift", year: 1726, isbn: "9780141439495"),
        Book(title: "Heart of Darkness", author: "Joseph Conrad", year: 1899, isbn: "9780141441672"),
        Book(title: "Jane Eyre", author: "Charlotte Brontë", year: 1847, isbn: "9780141441146"),
        Book(title: "Le Comte de Monte-Cristo", author: "Alexandre Dumas", year: 1844, isbn: "9782253098058"),
        Book(title: "Les Misérables", author: "Victor Hugo", year: 1862, isbn: "9782253096344"),
        Book(title: "Little Women", author: "Louisa May Alcott", year: 1868, isbn: "9780147514011"),
        Book(title: "Madame Bovary", author: "Gustave Flaubert", year: 1857, isbn: "9782253004868"),
        Book(title: "Middlemarch", author: "George Eliot", year: 1871, isbn: "9780141439549"),
        Book(title: "Moby-Dick", author: "Herman Melville", year: 1851, isbn: "9780142437247"),
        Book(title: "Pride and Prejudice", author: "Jane Austen", year: 1813, isbn: "9780141439518"),
        Book(title: "The Adventures of Sherlock Holmes", author: "Arthur Conan Doyle", year: 1892, isbn: "9780140439076"),
        Book(title: "The Adventures of Tom Sawyer", author: "Mark Twain", year: 1876, isbn: "9780143039563"),
        Book(title: "The Count of Monte Cristo", author: "Alexandre Dumas", year: 1844, isbn: "9780140449266"),
        Book(title: "The Odyssey", author: "Homer", year: -700, isbn: "9780140268867"),
        Book(title: "The Picture of Dorian Gray", author: "Oscar Wilde", year: 1890, isbn: "9780141439570"),
        Book(title: "The Tale of Genji", author: "Murasaki Shikibu", year: 1021, isbn: "9780142437148"),
        Book(title: "The Time Machine", author: "H. G. Wells", year: 1895, isbn: "9780141439976"),
        Book(title: "Treasure Island", author: "Robert Louis Stevenson", year: 1883, isbn: "9780141321004"),
        Book(title: "Twenty Thousand Leagues Under the Seas", author: "Jules Verne", year: 1870, isbn: "9780199539277"),
        Book(title: "Wuthering Heights", author: "Emily Brontë", year: 1847, isbn: "9780141439556"),
        Book(title: "War and Peace", author: "Leo Tolstoy", year: 1869, isbn: "9781400079988"),
        Book(title: "Die Verwandlung", author: "Franz Kafka", year: 1915, isbn: "9783150091876"),
        Book(title: "吾輩は猫である", author: "夏目漱石", year: 1905, isbn: "9784101010014"),
        Book(title: "ألف ليلة وليلة", author: "Anonymous", year: 900, isbn: "9789953881042"),
    ]
}
