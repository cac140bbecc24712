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
            // seguindo pt, seguido(s) pt/es, siguiendo es, abonnements/suivis fr, takip edilen tr,
            // mengikuti/diikuti id, folgt/gefolgt/abonniert de, seguiti it; and the one
            // followed, as an edge's field names it (`followed`, `followee`, `seguido`)
            return ["following", "seguindo", "seguido", "siguiendo", "abonnement", "suivi", "takipedilen",
                    "mengikuti", "diikuti", "folgt", "abonniert", "seguiti", "followed", "followee"]
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

    // MARK: Fields

    /// Words, folded, in the names of the fields a detector reads by what their name says,
    /// in the same languages as the roles.
    enum FieldWords {
        /// A text someone wrote, a comment's or a post's: texto pt/es, conteúdo pt,
        /// contenido es, contenu fr, contenuto it, konten/teks id, içerik/metin tr, Inhalt de,
        /// testo it.
        static let text = ["text", "body", "message", "content", "conten", "konten", "teks", "icerik", "metin", "inhalt", "testo"]
        /// A post's caption: a text, or a description or legend (descrição pt, descripción
        /// es, description fr, deskripsi/keterangan id, açıklama tr, Beschreibung de,
        /// legenda pt, leyenda es, légende fr, didascalia it).
        static let caption = text + ["caption", "desc", "deskrip", "keterangan", "aciklama", "beschreib", "legenda", "leyenda", "legende",
                                     "didascal"]
        /// A profile photo: foto pt/es/it/id/tr/de, imagem/imagen (`image`), gambar id,
        /// resim tr, Bild de.
        static let photo = ["picture", "photo", "avatar", "image", "foto", "gambar", "resim", "bild"]
        /// A username: a user (in `Role.users`' languages), a handle, a nickname (pseudo fr,
        /// apodo es, apelido pt, takma ad tr).
        static let handle = ["handle", "nick", "pseudo", "apodo", "apelido", "takma"] + RoleWords.words(.users)
        /// A member naming the comment a reply answers, to break a tie between members that
        /// name one by value: parent, reply, answer (resposta pt, respuesta es, réponse fr,
        /// yanıt tr, balasan id, Antwort de, risposta it), thread.
        static let parent = ["parent", "reply", "replied", "answer", "respost", "respuest", "reponse", "yanit", "balas", "antwort",
                             "rispost", "thread", "inreplyto"]
        /// A record that is live, as a boolean's name says it (`isActive`, `visible`, `published`):
        /// ativo pt, activo es, actif fr, aktif tr/id, aktiv de, attivo it, visível pt,
        /// publicado pt/es, publié fr. Matched as the whole name, an `is`/`has` before it aside.
        static let live = ["active", "visible", "published", "live", "enabled", "ativo", "ativa", "activo", "activa", "actif", "aktif",
                           "aktiv", "attivo", "attiva", "visivel", "publicado", "publicada", "publie", "yayinda"]
        /// A record that is gone, as a boolean's name says it (`isDeleted`, `removed`, `trashed`):
        /// excluído/apagado pt, eliminado/borrado es, supprimé fr, silindi tr, dihapus id,
        /// gelöscht de, eliminato/cancellato it. Matched as `live` is.
        static let gone = ["deleted", "removed", "trashed", "excluido", "excluida", "apagado", "apagada", "eliminado", "eliminada",
                           "borrado", "borrada", "supprime", "supprimee", "silindi", "silinmis", "dihapus", "geloscht", "entfernt",
                           "eliminato", "eliminata", "cancellato", "cancellata"]

        /// A post's time: created or published (criado pt, creado es, créé fr, oluşturulma
        /// tr, dibuat id, erstellt de), a date or a time (fecha es, data pt/it, date fr,
        /// tarih/zaman tr, tanggal/waktu id, Datum/Zeit de, heure fr, ora it).
        static let time = ["creat", "crea", "cree", "criad", "olustur", "dibuat", "erstellt", "publish", "posted", "date", "time",
                           "fecha", "data", "tarih", "zaman", "tanggal", "waktu", "datum", "zeit", "heure"]
    }

    /// What a boolean's name says of a record: `true` for a record gone where the value is
    /// true (`isDeleted`, `removed`), `false` for one gone where it is false (`isActive`,
    /// `visible`), nil when the name says neither (`FieldWords.live`, `FieldWords.gone`).
    static func deletedWhen(_ name: String) -> Bool? {
        var folded = Substring(fold(name))
        for prefix in ["is", "has", "esta", "est"] where folded.hasPrefix(prefix) && folded.count > prefix.count + 2 {
            let rest = folded.dropFirst(prefix.count)
            if FieldWords.gone.contains(String(rest)) || FieldWords.live.contains(String(rest)) { folded = rest; break }
        }
        if FieldWords.gone.contains(String(folded)) { return true }
        if FieldWords.live.contains(String(folded)) { return false }
        return nil
    }

    /// Whether `name`, folded, holds one of `words`.
    static func holds(_ words: [String], _ name: String) -> Bool {
        let folded = fold(name)
        return words.contains(where: folded.contains)
    }

    /// `name` folded for matching: lowercased, accents dropped (`ç` is `c`, the Turkish
    /// dotless `ı` is `i`), separators removed. A Firestore field keyed as shadowed by a
    /// subcollection of its name (`followers%`, `FirestoreNames.shadowedFieldKey`) says
    /// what its name says.
    static func fold(_ name: String) -> String {
        var out = ""
        out.reserveCapacity(name.utf8.count)
        let name = FirestoreNames.isShadowedFieldKey(name) ? String(name.dropLast()) : name
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

    /// Whether `name` holds a word for `role`; for likes, not where it says their opposite
    /// (`dislikedIDs`, `unlikes`, `downvotes`, `descurtidas`, `nomegusta`: never likes).
    static func says(_ role: Role, _ name: String) -> Bool {
        let folded = fold(name)
        if role == .likes && notLikes.contains(where: folded.contains) { return false }
        return words(role).contains(where: folded.contains)
    }

    /// Other words apps name a like by, folded, that say it only in a counter's name
    /// (`good_count`, `heartsCount`, `favorites_count`, `kudos_count`, `upvotes_count`,
    /// `iine_count`: いいね): not in `words(.likes)`, since alone they say other things.
    static let likeSynonyms = ["good", "heart", "fav", "favorite", "favourite", "kudos", "upvote", "love", "clap", "iine"]

    /// Whether `name` is a counter named for a like synonym: `<word>_count`, `<word>sCount`,
    /// `<word>s_count` with `<word>` one of `likeSynonyms`.
    static func isLikeSynonymCounter(_ name: String) -> Bool {
        let folded = fold(name)
        guard folded.hasSuffix("count") else { return false }
        let word = folded.dropLast("count".count)
        return likeSynonyms.contains { word == $0 || word == $0 + "s" }
    }

    /// Words for the opposite of a like, folded.
    static let notLikes = ["dislike", "unlike", "downvote", "descurt", "nomegusta", "jaimepas"]

    /// The follow direction a name says: the role of the longest follow word it holds
    /// (`abonne`, followers, is inside `abonnements`, following; `seguido`, following, is
    /// inside `seguidores`, followers), else nil.
    static func direction(_ name: String) -> Schema.Node? {
        let folded = fold(name)
        let following = words(.following).filter(folded.contains).map(\.count).max() ?? 0
        let followers = words(.followers).filter(folded.contains).map(\.count).max() ?? 0
        if following == 0 && followers == 0 { return nil }
        return following > followers ? .following : .followers
    }

    /// Which end of a follow a field of an edge document names (`follows/<id>: {followerId,
    /// followingId}`, `seguimientos/<a>_<b>: {seguidor, seguido}`, `{from, to}`, `{source,
    /// target}`): `.followers` for the follower, `.following` for the one followed, nil when
    /// the name says neither. A follow word says it as `direction` reads it, but an agent's
    /// name (`followedBy`) is the follower; `from`/`source` and `to`/`target` say it only as
    /// the whole name, an id's affix aside (`fromUid`, `to_user_id`, `idTarget`: `to` is
    /// inside many names, `photo`).
    static func edgeEnd(_ name: String) -> Schema.Node? {
        let folded = fold(name)
        if let node = direction(name) {
            return node == .following && folded.hasSuffix("by") ? .followers : node
        }
        var core = Substring(folded)
        for prefix in ["id", "user", "uid"] where core.hasPrefix(prefix) && core.count > prefix.count { core = core.dropFirst(prefix.count) }
        for suffix in ["userid", "useruid", "user", "uid", "id"] where core.hasSuffix(suffix) && core.count > suffix.count {
            core = core.dropLast(suffix.count)
            break
        }
        if ["from", "source", "src"].contains(core) { return .followers }
        if ["to", "target", "dest"].contains(core) { return .following }
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
