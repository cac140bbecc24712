"""josefrancisco7/RedSocialFutbol ("FutbolFanatico", Kotlin, Android, in Spanish): Cloud
Firestore, images on Supabase Storage. Users `usuarios/<uid>` as RegistroFragment writes
them in one transaction with the username's reservation `nombres_usuarios/<lowercased>`
{uid, creado_en}: {nombre_mostrado, nombre_usuario, nombre_usuario_lower, foto_url,
biografia, email, seguidores: 0, siguiendo: 0, fecha_registro}. Follows are root documents
`seguimientos/<follower>_<followed>` {seguidor, seguido, creado_en}, written in a
transaction that also moves the counters `seguidores` (the followed's) and `seguidos` (the
follower's): a field registration never writes, so `siguiendo` stays 0 forever and a user
who never followed anyone has no `seguidos` (the profile reads `seguidos ?: 0`). Flat posts
`publicaciones/<autoId>` {id_usuario, texto, tipo ("texto" or "imagen"), url_media ("" for
a text post), etiquetas [hashtags], cantidad_likes, cantidad_comentarios, creado_en}; likes
`likes/<post>_<uid>` {id_publicacion, id_usuario, creado_en} with `cantidad_likes` in the
same transaction; comments `comentarios/<autoId>` {id_publicacion, id_usuario, texto,
creado_en} with `cantidad_comentarios`; chats `conversaciones/<a>_<b>` (sorted uids)
{participantes, ultimo_mensaje, ...} with `mensajes`; reports `reportes`.

Covers: Spanish collection and field names (usuarios, publicaciones, seguimientos,
comentarios, id_usuario, cantidad_likes); follows and likes as root documents keyed
`<a>_<b>`; a following counter under one name (`seguidos`) beside a dead one
(`siguiendo`, always 0); text posts beside image posts; a username reservation
collection; chats, emails and reports (hidden).

Drift, as the app suffers it: ReporteHelper.eliminarPublicacion deletes the post document
only (its likes and comments stay behind, naming no post); eliminarComentario deletes the
comment and never recounts (cantidad_comentarios one too high). A user who never followed
anyone lacks `seguidos` (counter_missing: the app reads it as 0)."""
import random

from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "redsocialfutbol",
    "repo": "josefrancisco7/RedSocialFutbol",
    "files": ["app/src/main/java/com/fran/futbolfanatico/fragmets/RegistroFragment.kt (registro)",
              "app/src/main/java/com/fran/futbolfanatico/fragmets/EditarPerfilFragment.kt (guardar, eliminarCuenta)",
              "app/src/main/java/com/fran/futbolfanatico/fragmets/CrearPublicacionFragment.kt (publicar)",
              "app/src/main/java/com/fran/futbolfanatico/fragmets/PerfilOtrosUsuariosFragment.kt (alternarSeguimiento, alternarMeGustas)",
              "app/src/main/java/com/fran/futbolfanatico/fragmets/ComentarioFragment.kt (enviarComentario)",
              "app/src/main/java/com/fran/futbolfanatico/fragmets/ChatFragment.kt (enviarMensaje)",
              "app/src/main/java/com/fran/futbolfanatico/utils/ReporteHelper.kt (eliminarPublicacion, eliminarComentario, reportes)",
              "app/src/main/java/com/fran/futbolfanatico/utils/HashtagUtils.kt (extraerHashtags)",
              "app/src/main/java/com/fran/futbolfanatico/model/Conversacion.kt (generarId)",
              "app/src/main/java/com/fran/futbolfanatico/model/Publicacion.kt"],
    "database": "firestore",
    "layout": "usuarios with seguidores/seguidos counters (siguiendo stuck at 0); seguimientos/<a>_<b> {seguidor, seguido}; flat publicaciones {id_usuario, texto, tipo, url_media, cantidad_likes, cantidad_comentarios}; likes/<post>_<uid>; root comentarios; conversaciones/*/mensajes",
}

GRAPH = Graph(seed=77, users=11, posts=26)
_rng = random.Random(7700)


def _auto():
    return push_id(_rng)


for _p in GRAPH.posts:
    _p.key = _auto()
    for _c in _p.comments:
        _c.key = _auto()
DELETED = _auto()
DELETED_COMMENT = _auto()
SUPABASE = "https://xyzcompany.supabase.co/storage/v1/object/public/media/"
CHAT_TEXTS = ["vamos al partido del domingo?", "tengo dos entradas de sobra"]
REPORT = "spam en los comentarios de esta cuenta"


def uncounted():
    return next(p for p in GRAPH.posts if p.comments)


def documents():
    g = GRAPH
    docs = {}
    for i, u in enumerate(g.users):
        docs["usuarios/" + u.uid] = {
            "nombre_mostrado": u.name, "nombre_usuario": u.username, "nombre_usuario_lower": u.username.lower(),
            "foto_url": SUPABASE + "avatars/%s.jpg" % u.uid if i % 3 else SUPABASE + "avatars/usuario.png",
            "biografia": "" if i % 4 == 3 else u.bio, "email": u.email,
            "seguidores": len(g.followers(u.uid)), "siguiendo": 0,
            "fecha_registro": Timestamp(iso(g.posts[0].time)),
        }
        if g.following(u.uid):
            docs["usuarios/" + u.uid]["seguidos"] = len(g.following(u.uid))
        docs["nombres_usuarios/" + u.username.lower()] = {"uid": u.uid, "creado_en": Timestamp(iso(g.posts[0].time))}
    for a, b in sorted(g.follows):
        docs["seguimientos/%s_%s" % (a, b)] = {"seguidor": a, "seguido": b, "creado_en": Timestamp(iso(g.posts[1].time))}
    for n, p in enumerate(g.posts):
        text = n % 7 == 5
        tags = ["#futbol"] if n % 3 == 0 else []
        docs["publicaciones/" + p.key] = {
            "id_usuario": p.owner, "texto": p.caption + (" #futbol" if tags else ""), "tipo": "texto" if text else "imagen",
            "url_media": "" if text else SUPABASE + "posts/%s/%s.jpg" % (p.owner, p.key), "etiquetas": tags,
            "cantidad_likes": len(p.likes), "cantidad_comentarios": len(p.comments), "creado_en": Timestamp(iso(p.time))}
        for u in sorted(p.likes):
            docs["likes/%s_%s" % (p.key, u)] = {"id_publicacion": p.key, "id_usuario": u, "creado_en": Timestamp(iso(p.time))}
        for c in p.comments:
            docs["comentarios/" + c.key] = {"id_publicacion": p.key, "id_usuario": c.author, "texto": c.text,
                                            "creado_en": Timestamp(iso(c.time))}
    a, b = sorted([g.users[0].uid, g.users[1].uid])
    conv = "%s_%s" % (a, b)
    docs["conversaciones/" + conv] = {"participantes": [a, b], "ultimo_mensaje": CHAT_TEXTS[1], "ultimo_mensaje_de": b,
                                      "actualizado_en": Timestamp(iso(g.posts[3].time)),
                                      "creado_en": Timestamp(iso(g.posts[2].time)), a + "_no_leidos": 1, b + "_no_leidos": 0}
    for k, text in enumerate(CHAT_TEXTS):
        docs["conversaciones/%s/mensajes/%s" % (conv, _auto())] = {
            "de": [a, b][k], "texto": text, "creado_en": Timestamp(iso(g.posts[2 + k].time)), "leido": k == 0}
    docs["reportes/" + _auto()] = {"tipo": "publicacion", "id_item": g.posts[4].key, "id_reportante": g.users[2].uid,
                                   "motivo": "spam", "detalle": REPORT, "estado": "pendiente",
                                   "creado_en": Timestamp(iso(g.posts[5].time))}
    # drift 1: a comment deleted without a recount
    docs["publicaciones/" + uncounted().key]["cantidad_comentarios"] += 1
    # drift 2: a post deleted alone: one like and one comment stay behind
    liker = g.users[5].uid
    docs["likes/%s_%s" % (DELETED, liker)] = {"id_publicacion": DELETED, "id_usuario": liker,
                                              "creado_en": Timestamp("2021-02-27T12:00:00Z")}
    docs["comentarios/" + DELETED_COMMENT] = {"id_publicacion": DELETED, "id_usuario": g.users[2].uid,
                                              "texto": "golazo", "creado_en": Timestamp("2021-02-27T12:00:00Z")}
    return docs


def truth():
    g = GRAPH
    findings = [
        {"code": "comment_count_mismatch", "path": "publicaciones/%s/cantidad_comentarios" % uncounted().key},
        {"code": "like_dangling", "path": "likes/%s_%s" % (DELETED, g.users[5].uid)},
        {"code": "comment_dangling", "path": "comentarios/" + DELETED_COMMENT},
    ]
    findings += [{"code": "counter_missing", "path": "usuarios/%s/seguidos" % u.uid} for u in g.users if not g.following(u.uid)]
    return g.truth(findings, hidden=[u.email for u in g.users] + CHAT_TEXTS + [REPORT])
