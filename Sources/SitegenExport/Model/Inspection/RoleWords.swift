/// The words apps name their roles with, in the languages public clones are written in
/// (English, Portuguese, Spanish, French, Turkish, Indonesian, German, Italian): one
/// vocabulary for every detector that reads a direction or a role from a name
/// (docs/export-format.md, "Names in other languages"). A name is matched folded:
/// lowercased, accents dropped, separators (`_`, `-`, `.`, ` `) removed, so `me_gusta`,
/// `postagens-curtidas` and `Takipçiler` are `megusta`, `postagenscurtidas`, `takipciler`.
enum RoleWords {
    enum Role: CaseIterable {
        case followers, following, likes, comments, posts, users, feed
    }

    /// Each role's words, folded; a name holds the role when it holds one of them.
    static func words(_ role: Role) -> [String] {
        switch role {
        case .followers:
            // seguidor(es) pt/es, abonné(s) fr, takipçi(ler) tr, pengikut id, Abonnenten de, seguaci it
            return ["follower", "seguidor", "abonne", "takipci", "pengikut", "abonnent", "seguaci"]
        case .following:
            // seguindo pt, seguidos pt/es, siguiendo es, abonnements fr, takip edilen tr,
            // mengikuti/diikuti id, folgt/gefolgt/abonniert de, seguiti it
            return ["following", "seguindo", "seguidos", "siguiendo", "abonnement", "takipedilen",
                    "mengikuti", "diikuti", "folgt", "abonniert", "seguiti"]
        case .likes:
            // curtida(s)/curtir pt, me gusta es, j'aime fr, beğeni tr, suka id, gefällt de, mi piace it
            return ["like", "curtida", "curtir", "megusta", "jaime", "begeni", "suka", "gefallt", "piace"]
        case .comments:
            // comentário(s) pt/es, commentaire fr, yorum tr, komentar id, Kommentar de, commento it
            return ["comment", "comentar", "yorum", "komentar", "kommentar"]
        case .posts:
            // postagem/postagens pt (`post`), publicación es, publicação pt, gönderi tr,
            // unggahan/kiriman id, Beitrag de, pubblicazione it
            return ["post", "publicac", "publication", "gonderi", "unggahan", "kiriman", "beitrag", "pubblicazion"]
        case .users:
            // usuário(s) pt/es, utilisateur fr, kullanıcı tr, pengguna id, Benutzer/Nutzer de, utente/utenti it
            return ["user", "usuario", "utilisateur", "kullanici", "pengguna", "nutzer", "utent"]
        case .feed:
            // akış tr, beranda id, linha do tempo pt, cronología es/it, chronologie fr
            return ["feed", "timeline", "akis", "beranda", "linhadotempo", "cronolog", "chronologie"]
        }
    }

    /// `name` folded for matching: lowercased, accents dropped (`ç` is `c`, the Turkish
    /// dotless `ı` is `i`), separators removed.
    static func fold(_ name: String) -> String {
        var out = ""
        out.reserveCapacity(name.utf8.count)
        for scalar in name.lowercased().unicodeScalars {
            switch scalar {
            case "_", "-", ".", " ", "'": continue
            case "à", "á", "â", "ã", "ä", "å": out.append("a")
            case "ç": out.append("c")
            case "è", "é", "ê", "ë": out.append("e")
            case "ì", "í", "î", "ï", "ı": out.append("i")
            case "ñ": out.append("n")
            case "ò", "ó", "ô", "õ", "ö": out.append("o")
            case "ù", "ú", "û", "ü": out.append("u")
            case "ğ": out.append("g")
            case "ş": out.append("s")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `name` holds a word for `role`.
    static func says(_ role: Role, _ name: String) -> Bool {
        let folded = fold(name)
        return words(role).contains(where: folded.contains)
    }

    /// The follow direction a name says: followers, else following, else nil.
    static func direction(_ name: String) -> Schema.Node? {
        let folded = fold(name)
        // Following's words first: a followers word may start one (`abonne` in
        // `abonnements`, French for following); no following word is inside a followers one.
        if words(.following).contains(where: folded.contains) { return .following }
        if words(.followers).contains(where: folded.contains) { return .followers }
        return nil
    }

    /// Whether `name` is a word for `role` and no more, in the singular or a plural
    /// (`Users`, `usuarios`, `kullanıcılar`, `Postagens`, `publicaciones`): a root named for
    /// the role, not one whose name merely holds the word (`user_posts`,
    /// `users_private_info`, `postagens-curtidas`).
    static func names(_ role: Role, _ name: String) -> Bool {
        let folded = fold(name)
        let endings: Set<Substring> = ["", "s", "es", "i", "e", "en", "ler", "lar", "agem", "agens", "iones", "oes", "ions"]
        return words(role).contains { folded.hasPrefix($0) && endings.contains(folded.dropFirst($0.count)) }
    }
}
