"""silvestre1313/instagramCl: the Instagram clone of Jamilton Damasceno's Android course
(Java, Portuguese names, copied in many students' repositories): Realtime Database, every
node under one child of the root, `instagram` (ConfiguracaoFirebase.getFirebase()).
`instagram/usuarios/<uid>` {id, nome (upper-cased by setNome), email, caminhoFoto (once a
photo is chosen), seguidores, seguindo, postagens: the three counters}; posts by owner
`instagram/postagens/<uid>/<pushId>` {id, idUsuario, descricao, caminhoFoto} with no time
(a post is dated by its push id); follows kept on one side only,
`instagram/seguidores/<followed>/<follower>: {nome, caminhoFoto}` (no `seguindo` list:
the `seguindo` counter is all the app keeps of it); a feed of copies fanned out by the
client to the poster's followers at posting time, `instagram/feed/<follower>/<postId>`
{fotoPostagem, descricao, id, nomeUsuario, fotoUsuario} (not the poster's own; no
poster id); likes `instagram/postagens-curtidas/<postId>/<uid>: {nomeUsuario,
caminhoFoto}` with the like counter in the same node, `qtdCurtidas`, beside the likers;
comments `instagram/comentarios/<postId>/<pushId>` {idComentario, idPostagem, idUsuario,
caminhoFoto, nomeUsuario, comentario}.

Covers: a database whose app writes under one child of the root; Portuguese names;
follows written on the followed user's side only, each edge a record of the follower's
name and photo; counters in the user record under the names of follow roots
(`seguidores`, `seguindo`); a like counter kept inside the likes node, beside the likers'
uids (`qtdCurtidas` is no user); a like node left holding only `qtdCurtidas: 0` after the
last like was taken back; a feed of partial copies without the poster's id; copies of
the user's name and photo in follows, likes, comments and feed entries; no times.

Drift, as the app suffers it: salvarSeguidor increments the followed user's `seguidores`
from the record the search list read (stale: two users following the same person one
after the other both write n + 1), one short; PostagemCurtida writes the like, then
`qtdCurtidas` from the value read when the feed row was drawn (two likes at once: one
short); Postagem.salvar fans out to the followers read when the filter screen opened (one
who followed meanwhile misses the entry); a user renamed later (atualizar writes
`usuarios/<uid>/nome` only: every copy keeps the old name, beside the graph, no finding).
The story: everyone followed before posting (the app never copies older posts into a new
follower's feed, and a follow keeps no time).
"""
import datetime

from _graph import Graph, timed_push_id as push_id

APP = {
    "name": "jamilton_instagram",
    "repo": "silvestre1313/instagramCl",
    "files": ["app/src/main/java/com/example/instagram/helper/ConfiguracaoFirebase.java (getFirebase: the instagram child)",
              "app/src/main/java/com/example/instagram/helper/UsuarioFirebase.java (getDadosUsuarioLogado)",
              "app/src/main/java/com/example/instagram/model/Usuario.java (salvar, atualizarQtdPostagem, atualizar, setNome)",
              "app/src/main/java/com/example/instagram/model/Postagem.java (Postagem(), salvar: the feed fan-out)",
              "app/src/main/java/com/example/instagram/model/PostagemCurtida.java (salvar, atualizarQtd, remover)",
              "app/src/main/java/com/example/instagram/model/Comentario.java (salvar)",
              "app/src/main/java/com/example/instagram/model/Feed.java",
              "app/src/main/java/com/example/instagram/activity/PerfilAmigoActivity.java (salvarSeguidor, verificaSegueUsuarioAmigo)",
              "app/src/main/java/com/example/instagram/activity/FiltroActivity.java (recuperarDadosPostagem, publicarPostagem)",
              "app/src/main/java/com/example/instagram/activity/CadastroActivity.java (cadastrar)",
              "app/src/main/java/com/example/instagram/activity/EditarPerfilActivity.java (nome, foto)",
              "app/src/main/java/com/example/instagram/adapter/AdapterFeed.java (curtidas)"],
    "database": "rtdb",
    "layout": "all under instagram/: usuarios with seguidores/seguindo/postagens counters; postagens/<uid>/<id> without time; seguidores/<followed>/<follower> {nome, caminhoFoto} only; feed copies; postagens-curtidas/<post> {<uid>: {…}, qtdCurtidas}; comentarios",
}


GRAPH = Graph(seed=91, users=11, posts=27)
for _p in GRAPH.posts:
    _p.key = push_id(GRAPH.rng, _p.time)
    for _c in _p.comments:
        _c.key = push_id(GRAPH.rng, _c.time)

STORAGE = "https://firebasestorage.googleapis.com/v0/b/instagram-7f3c1.appspot.com/o/imagens%2F"
RENAMED = 4           # g.users[RENAMED] renamed after everything else


def nome(u):
    return u.name.upper()


def photo(u, i):
    """caminhoFoto: set by EditarPerfil; a user who never chose a photo has none."""
    return None if i % 4 == 2 else STORAGE + "perfil%%2F%s.jpeg?alt=media" % u.uid


def drift():
    g = GRAPH
    # the followed user whose seguidores counter is one short
    short = next(u.uid for u in g.users if len(g.followers(u.uid)) >= 2)
    liked = next(p for p in g.posts[3:] if len(p.likes) >= 2)            # qtdCurtidas one short
    # a follower who followed while the poster's filter screen was open
    post = next(p for p in g.posts[12:] if g.followers(p.owner))
    reader = g.followers(post.owner)[-1]
    unliked = next(p for p in g.posts if not p.likes)                   # {qtdCurtidas: 0} left
    return short, liked, post, reader, unliked


def documents():
    g = GRAPH
    rng = g.rng
    short, liked, post, reader, unliked = drift()
    index = {u.uid: i for i, u in enumerate(g.users)}
    root = {"usuarios": {}, "postagens": {}, "seguidores": {}, "feed": {}, "postagens-curtidas": {},
            "comentarios": {}}

    def who(uid):
        u, i = g.user(uid), index[uid]
        rec = {"nome": nome(u)}
        if photo(u, i):
            rec["caminhoFoto"] = photo(u, i)
        return rec

    for i, u in enumerate(g.users):
        rec = {"id": u.uid, "nome": nome(u), "email": u.email,
               "seguidores": len(g.followers(u.uid)), "seguindo": len(g.following(u.uid)),
               "postagens": sum(1 for p in g.posts if p.owner == u.uid)}
        if photo(u, i):
            rec["caminhoFoto"] = photo(u, i)
        root["usuarios"][u.uid] = rec
    for a, b in sorted(g.follows):
        root["seguidores"].setdefault(b, {})[a] = {"nome": nome(g.user(a)), **(
            {"caminhoFoto": photo(g.user(a), index[a])} if photo(g.user(a), index[a]) else {})}
    for n, p in enumerate(g.posts):
        owner = g.user(p.owner)
        image = STORAGE + "postagens%%2F%s.jpeg?alt=media&token=%08x-2b7d-4e0f-a1c3-%012x" % (p.key, n * 104729, n)
        root["postagens"].setdefault(p.owner, {})[p.key] = {
            "id": p.key, "idUsuario": p.owner, "descricao": p.caption, "caminhoFoto": image}
        for f in g.followers(p.owner):
            root["feed"].setdefault(f, {})[p.key] = {
                "fotoPostagem": image, "descricao": p.caption, "id": p.key,
                "nomeUsuario": nome(owner), "fotoUsuario": photo(owner, index[owner.uid]) or ""}
        if p.likes:
            node = {u: who(u) for u in sorted(p.likes)}
            node["qtdCurtidas"] = len(p.likes)
            root["postagens-curtidas"][p.key] = node
        for c in p.comments:
            author = g.user(c.author)
            rec = {"idComentario": c.key, "idPostagem": p.key, "idUsuario": c.author,
                   "nomeUsuario": nome(author), "comentario": c.text}
            if photo(author, index[c.author]):
                rec["caminhoFoto"] = photo(author, index[c.author])
            root["comentarios"].setdefault(p.key, {})[c.key] = rec
    # drift: seguidores written from a stale record: one short
    root["usuarios"][short]["seguidores"] -= 1
    # drift: qtdCurtidas written from the value the feed row read: one short
    root["postagens-curtidas"][liked.key]["qtdCurtidas"] -= 1
    # drift: a follower who followed while the filter screen was open misses the entry
    del root["feed"][reader][post.key]
    # the last like taken back: remover deletes the like and writes qtdCurtidas 0
    root["postagens-curtidas"][unliked.key] = {"qtdCurtidas": 0}
    # a rename written to usuarios only (the copies keep the old name; no finding)
    renamed = g.users[RENAMED]
    root["usuarios"][renamed.uid]["nome"] = (renamed.username + " " + "silva").upper()
    return {"instagram": root}


def truth():
    g = GRAPH
    short, liked, post, reader, unliked = drift()
    findings = [
        {"code": "follower_count_mismatch", "path": "instagram/usuarios/%s/seguidores" % short},
        {"code": "like_count_mismatch", "path": "instagram/postagens-curtidas/%s/qtdCurtidas" % liked.key},
        {"code": "timeline_missing", "path": "instagram/feed/%s/%s" % (reader, post.key)},
    ]
    return g.truth(findings, hidden=[u.email for u in g.users])
