package a

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/laterrepo"
)

// Recouper posts through a function its constructor binds to another
// package's ledger, whose post commits on its own.
type Recouper struct {
	db   *sql.DB
	Post func(ctx context.Context, amount int64) error
}

// NewRecouper binds the post to l.
func NewRecouper(db *sql.DB, l *laterrepo.Ledger) *Recouper {
	return &Recouper{db: db, Post: l.Post}
}

// Apply posts the entry, then lowers the advance in another commit.
func (r *Recouper) Apply(w http.ResponseWriter, req *http.Request) {
	ctx := req.Context()
	if err := r.Post(ctx, 5); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into entries in Ledger.Post is not idempotent \(HTTP handler Recouper.Apply\)`
		return
	}
	r.db.ExecContext(ctx, "UPDATE advances SET outstanding = outstanding - 5 WHERE id = 1")
}

// Poster posts through a function its caller hands it: what runs there
// is the caller's to say.
type Poster struct {
	db   *sql.DB
	Post func(ctx context.Context, amount int64) error
}

// NewPoster keeps post.
func NewPoster(db *sql.DB, post func(ctx context.Context, amount int64) error) *Poster {
	return &Poster{db: db, Post: post}
}

// Apply posts the entry, then lowers the advance.
func (p *Poster) Apply(w http.ResponseWriter, req *http.Request) {
	ctx := req.Context()
	if err := p.Post(ctx, 5); err != nil {
		return
	}
	p.db.ExecContext(ctx, "UPDATE advances SET outstanding = outstanding - 5 WHERE id = 1")
}

// settle runs, for each kind of event, a method of another package's
// settler bound to it: each one is a retried operation of its own.
func settle(s *laterrepo.Settler) {
	handlers := map[string]func(ctx context.Context, transfer int64) error{
		"failed": s.Fail, // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into entries in Settler.Fail is not idempotent \(HTTP handler laterrepo.Settler.Fail, bound at boundfield.go:\d+:\d+\)`
		"paid":   s.Paid,
	}
	http.HandleFunc("/settle", func(w http.ResponseWriter, r *http.Request) {
		h, ok := handlers[r.URL.Query().Get("event")]
		if !ok {
			return
		}
		h(r.Context(), 1)
	})
}
