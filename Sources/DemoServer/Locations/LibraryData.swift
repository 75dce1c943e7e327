/// Fixed data for the locations service (the same for every seed).
enum LibraryData {
    struct Location: Sendable { let streetAddress, city, country, emoji, hours: String }

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

}
