"""DAguileraBusselle/GameToday ("Game2day", Java, Android, in Spanish): Realtime Database.
`Users/<uid>` as registrarUsuario writes it: {displayName, correo (the email), id (the uid),
colorTema, fondo}, later `bio` and `conectado` (EditarPerfilActivity, HomeActivity);
follows kept INSIDE the user records as pushed lists of uids: the follower's
`Users/<a>/siguiendo/<pushId>: <b>` and the followed's `Users/<b>/seguidores/<pushId>: <a>`
(SearchAdapter, PerfilPersonalActivity); and registration pushes the user's own uid into
their `siguiendo` (so the feed shows their own posts: the profile shows
`siguiendo.getChildrenCount() - 1`). Flat posts `Publicaciones/<pushId>` {user (the
display name), texto, userId, fechaPubliMilis (ms), imagenPubli ("no" for a text post,
else the Storage file name "<id>_publi.jpg", no URL)}; likes inside the post as a pushed
list of uids `Publicaciones/<id>/likes/<pushId>: <uid>`, beside the liker's own
`Users/<uid>/likes/<pushId>: <postId>`. Chats in the user records:
`Users/<a>/chats/<b>/<pushId>` {entrante, texto, leido, fechaMsjMilis} and `escribiendo`.
No comments.

Covers: Spanish role names (Publicaciones, seguidores, siguiendo) inside the user record;
follows and likes as pushed lists whose VALUES are the ids; a self-follow every user has
on purpose; posts with no image URL (a file name, or "no"); chats and emails (hidden).

Drift, as the app suffers it: the follow and like buttons read the list, then push: two
taps before the first push lands push the same uid twice (a second like: like_duplicate;
the self-follow is reported as self_follow at each user, the app's own convention)."""
from _graph import Graph, millis, timed_push_id as push_id

APP = {
    "name": "gametoday",
    "repo": "DAguileraBusselle/GameToday",
    "files": ["app/src/main/java/com/dam/gametoday/RegistrarActivity.java (registrarUsuario)",
              "app/src/main/java/com/dam/gametoday/HomeActivity.java (enviarPubli, aceptarEditarPubli, borrar)",
              "app/src/main/java/com/dam/gametoday/PerfilPersonalActivity.java (seguir, dejar de seguir, counts)",
              "app/src/main/java/com/dam/gametoday/rvUtils/SearchAdapter.java (seguir)",
              "app/src/main/java/com/dam/gametoday/rvUtils/FeedAdapter.java (like)",
              "app/src/main/java/com/dam/gametoday/ChatActivity.java (mensajes)",
              "app/src/main/java/com/dam/gametoday/EditarPerfilActivity.java (displayName, bio)",
              "app/src/main/java/com/dam/gametoday/model/Publicacion.java"],
    "database": "rtdb",
    "layout": "Users/<uid> {displayName, correo} with siguiendo/seguidores/likes pushed lists of ids inside (self in siguiendo), chats; flat Publicaciones {userId, texto, fechaPubliMilis, imagenPubli file name or \"no\", likes: {push: uid}}; no comments",
}

GRAPH = Graph(seed=211, users=10, posts=24)
for _p in GRAPH.posts:
    _p.comments = []          # the app has no comments
    _p.key = push_id(GRAPH.rng, _p.time)


def _dup():
    return next(p for p in GRAPH.posts[2:] if p.likes)


SELF_KEYS = {}
DUP_KEY = None


def documents():
    global DUP_KEY
    g = GRAPH
    rng = g.rng
    users = {}
    for i, u in enumerate(g.users):
        rec = {"displayName": u.username, "correo": u.email, "id": u.uid,
               "colorTema": ["morao", "verde", "azul"][i % 3], "fondo": "hex", "conectado": i % 2 == 0}
        if i % 3 != 1:
            rec["bio"] = u.bio
        users[u.uid] = rec
    base = g.posts[0].time
    for u in g.users:
        SELF_KEYS[u.uid] = push_id(rng, base)
        users[u.uid]["siguiendo"] = {SELF_KEYS[u.uid]: u.uid}
    for a, b in sorted(g.follows):
        users[a].setdefault("siguiendo", {})[push_id(rng, base)] = b
        users[b].setdefault("seguidores", {})[push_id(rng, base)] = a
    pubs = {}
    for n, p in enumerate(g.posts):
        rec = {"user": g.user(p.owner).username, "texto": p.caption, "userId": p.owner,
               "fechaPubliMilis": millis(p.time), "imagenPubli": "no" if n % 5 == 3 else p.key + "_publi.jpg"}
        likes = {}
        for u in sorted(p.likes):
            likes[push_id(rng, p.time)] = u
            users[u].setdefault("likes", {})[push_id(rng, p.time)] = p.key
        if likes:
            rec["likes"] = likes
        pubs[p.key] = rec
    # drift: a second tap pushed the same like again
    d = _dup()
    first = max(k for k, v in pubs[d.key]["likes"].items())
    DUP_KEY = first[:8] + "zzzz" + first[12:]
    pubs[d.key]["likes"][DUP_KEY] = pubs[d.key]["likes"][first]
    # chats, both sides
    a, b = g.users[0].uid, g.users[1].uid
    for who, other, incoming in ((a, b, False), (b, a, True)):
        users[who]["chats"] = {other: {push_id(rng, base): {"entrante": incoming, "texto": "quedamos a las ocho",
                                                             "leido": "si", "fechaMsjMilis": millis(base)},
                                       "escribiendo": False}}
    return {"Users": users, "Publicaciones": pubs}


def truth():
    g = GRAPH
    if not SELF_KEYS:
        documents()  # the keys the fixture's documents were written with, not a second draw
    findings = [{"code": "self_follow", "path": "Users/%s/siguiendo/%s" % (u, k)} for u, k in SELF_KEYS.items()]
    findings.append({"code": "like_duplicate", "path": "Publicaciones/%s/likes/%s" % (_dup().key, DUP_KEY)})
    hidden = [u.email for u in g.users] + ["quedamos a las ocho"]
    return g.truth(findings, hidden=hidden)
