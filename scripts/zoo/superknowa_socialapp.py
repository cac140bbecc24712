"""superknowa/flutter-socialapp: a Turkish Flutter course's social app ("socialapp", every
name in Turkish), Cloud Firestore and Cloud Functions. Users `kullanicilar/<uid>`
{kullaniciAdi (the typed name, or the Google display name), email, fotoUrl ("" for an
e-mail sign-up, the Google photo otherwise),
hakkinda (bio), olusturulmaZamani} (kullaniciOlustur). A follow (takipEt) writes two empty
documents, `takipciler/<followed>/kullanicininTakipcileri/<follower>` and
`takipedilenler/<follower>/kullanicininTakipleri/<followed>`, in two writes it does not
wait for, and a notification. Posts grouped by owner
`gonderiler/<uid>/kullaniciGonderileri/<autoId>` {gonderiResmiUrl, aciklama, yayinlayanId,
begeniSayisi (a counter), konum, olusturulmaZamani} (gonderiOlustur); likes by post id
alone, `begeniler/<postId>/gonderiBegenileri/<uid>: {}` (gonderiBegen, which reads the post
and writes begeniSayisi + 1); comments `yorumlar/<postId>/gonderiYorumlari/<autoId>`
{icerik, yayinlayanId, olusturulmaZamani} (yorumEkle); notifications
`duyurular/<uid>/kullanicininDuyurulari/<autoId>` {aktiviteYapanId, aktiviteTipi: takip |
begeni | yorum, gonderiId, gonderiFoto, yorum, olusturulmaZamani} (duyuruEkle). The Cloud
Functions keep a timeline of full copies, `akislar/<reader>/kullaniciAkisGonderileri/<postId>`
(the post's fields as they are): of the posts of those the reader follows, never the
reader's own (takipGerceklesti copies the followed user's posts on a follow,
yeniGonderiEklendi fans a new post out to the followers, gonderiGuncellendi copies every
update of the post, begeniSayisi included, takiptenCikildi and gonderiSilindi delete).

Covers: a course layout whose every collection and field is named in Turkish; posts by
owner with the owner id also in the post (`yayinlayanId`, the comments' author spelled the
same); likes as empty documents in a root keyed by post id alone; a like counter in the
post; follows as two roots of empty documents; a timeline of full copies kept by Cloud
Functions, the reader's own posts not in it; notifications beside the graph; times as
timestamps; emails (hidden).

Drift, as the app suffers it:
- gonderiSil deletes the post, its comments and its notifications, never its likes:
  `begeniler/<deleted>/gonderiBegenileri` stays (like_dangling); gonderiSilindi removes
  the copies.
- the like button (GonderiKarti._begeniDegistir) calls gonderiBegen before begeniVarmi has
  answered, so a second tap by the same user wrote begeniSayisi + 1 again over one like
  document: the counter one too high (like_count_mismatch), and gonderiGuncellendi copied
  that count into every follower's copy (timeline_copy_mismatch for each: the post's
  fields as the repair leaves them differ from the copy's).
- takipEt's second write (the follower's `takipedilenler` side) lost
  (follow_mirror_missing); takipGerceklesti, run by the first, made the copies.
"""
import datetime

from _graph import Graph, iso, push_id
from firestore_emulator import Timestamp

APP = {
    "name": "superknowa_socialapp",
    "repo": "superknowa/flutter-socialapp",
    "files": ["lib/servisler/firestoreservisi.dart (kullaniciOlustur, kullaniciGuncelle, takipEt, takiptenCik, "
              "duyuruEkle, gonderiOlustur, gonderiSil, gonderiBegen, gonderiBegeniKaldir, begeniVarmi, yorumEkle)",
              "functions/index.js (takipGerceklesti, takiptenCikildi, yeniGonderiEklendi, gonderiGuncellendi, "
              "gonderiSilindi)",
              "lib/servisler/yetkilendirmeservisi.dart (mailIleKayit, googleIleGiris)",
              "lib/sayfalar/hesapolustur.dart (_kullaniciOlustur)", "lib/sayfalar/girissayfasi.dart (Google sign-in)",
              "lib/sayfalar/yukle.dart (gonderiOlustur)", "lib/widgetlar/gonderikarti.dart (_begeniDegistir, begeniVarmi)",
              "lib/modeller/gonderi.dart", "lib/modeller/kullanici.dart", "lib/modeller/yorum.dart",
              "lib/modeller/duyuru.dart"],
    "database": "firestore",
    "layout": "Turkish names: kullanicilar {kullaniciAdi, fotoUrl}; gonderiler/*/kullaniciGonderileri {yayinlayanId, begeniSayisi}; begeniler/<post>/gonderiBegenileri/<uid> {}; yorumlar/*/gonderiYorumlari; takipciler/takipedilenler of empty documents; akislar/*/kullaniciAkisGonderileri copies by Cloud Functions; duyurular",
}

GRAPH = Graph(seed=1907, users=12, posts=30)
CITIES = ["", "", "İstanbul", "Ankara", "İzmir", "Bursa"]


def drift():
    g = GRAPH
    # the double-tapped post: liked, its owner followed by the fewest (at least one)
    liked = [p for p in g.posts if p.likes and g.followers(p.owner)]
    tapped = min(liked, key=lambda p: (len(g.followers(p.owner)), g.posts.index(p)))
    lost = sorted(g.follows)[5]  # (follower, followed): the takipedilenler write lost
    return tapped, lost


def deleted_post():
    g = GRAPH
    rng = __import__("random").Random(19070)
    owner = g.users[4].uid
    return push_id(rng), owner, [g.users[1].uid, g.users[7].uid]


def post_fields(g, p, i, likes):
    return {"gonderiResmiUrl": p.image, "aciklama": p.caption, "yayinlayanId": p.owner, "begeniSayisi": likes,
            "konum": CITIES[i % len(CITIES)], "olusturulmaZamani": Timestamp(iso(p.time))}


def notify(docs, rng, recipient, actor, kind, time, post=None, text=None):
    if actor == recipient:
        return  # duyuruEkle: no notice of one's own act
    docs["duyurular/%s/kullanicininDuyurulari/%s" % (recipient, push_id(rng))] = {
        "aktiviteYapanId": actor, "aktiviteTipi": kind, "gonderiId": post.key if post else None,
        "gonderiFoto": post.image if post else None, "yorum": text, "olusturulmaZamani": Timestamp(iso(time))}


def documents():
    g = GRAPH
    rng = g.rng
    tapped, lost = drift()
    start = g.posts[0].time - datetime.timedelta(days=20)
    docs = {}
    for i, u in enumerate(g.users):
        google = i % 3 != 0  # googleIleGiris: the Google name and photo; mailIleKayit: the typed name, fotoUrl ""
        docs["kullanicilar/" + u.uid] = {
            "kullaniciAdi": u.name if google else u.username, "email": u.email, "fotoUrl": u.avatar if google else "",
            "hakkinda": u.bio if i % 2 else "", "olusturulmaZamani": Timestamp(iso(start + datetime.timedelta(hours=i)))}
    for n, (a, b) in enumerate(sorted(g.follows)):
        docs["takipciler/%s/kullanicininTakipcileri/%s" % (b, a)] = {}
        if (a, b) != lost:
            docs["takipedilenler/%s/kullanicininTakipleri/%s" % (a, b)] = {}
        notify(docs, rng, b, a, "takip", start + datetime.timedelta(days=1, minutes=n))
    for i, p in enumerate(g.posts):
        count = len(p.likes) + (p is tapped)
        fields = post_fields(g, p, i, count)
        docs["gonderiler/%s/kullaniciGonderileri/%s" % (p.owner, p.key)] = fields
        for reader in g.followers(p.owner):
            docs["akislar/%s/kullaniciAkisGonderileri/%s" % (reader, p.key)] = dict(fields)
        for j, u in enumerate(sorted(p.likes)):
            docs["begeniler/%s/gonderiBegenileri/%s" % (p.key, u)] = {}
            notify(docs, rng, p.owner, u, "begeni", p.time + datetime.timedelta(minutes=20 + j), post=p)
            if p is tapped and j == 0:  # the second gonderiBegen sent its notice again
                notify(docs, rng, p.owner, u, "begeni", p.time + datetime.timedelta(minutes=20, seconds=1), post=p)
        for c in p.comments:
            docs["yorumlar/%s/gonderiYorumlari/%s" % (p.key, c.key)] = {
                "icerik": c.text, "yayinlayanId": c.author, "olusturulmaZamani": Timestamp(iso(c.time))}
            notify(docs, rng, p.owner, c.author, "yorum", c.time, post=p, text=c.text)
    # the deleted post: gonderiSil removed it, its comments, its notifications; gonderiSilindi
    # its copies; its likes stayed.
    gone, _, likers = deleted_post()
    for u in likers:
        docs["begeniler/%s/gonderiBegenileri/%s" % (gone, u)] = {}
    return docs


def truth():
    g = GRAPH
    tapped, (a, b) = drift()
    gone, _, _ = deleted_post()
    findings = [
        {"code": "like_dangling", "path": "begeniler/%s/gonderiBegenileri" % gone},
        {"code": "like_count_mismatch",
         "path": "gonderiler/%s/kullaniciGonderileri/%s/begeniSayisi" % (tapped.owner, tapped.key)},
        {"code": "follow_mirror_missing", "path": "takipedilenler/%s/kullanicininTakipleri/%s" % (a, b)},
    ] + [{"code": "timeline_copy_mismatch", "path": "akislar/%s/kullaniciAkisGonderileri/%s" % (r, tapped.key)}
         for r in g.followers(tapped.owner)]
    return g.truth(findings, hidden=[u.email for u in g.users])
