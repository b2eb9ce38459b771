package idempotency

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/store"
)

// Replayer caches the response of a keyed request and replays it when the
// same key is presented again.
type Replayer struct {
	db   store.Querier
	repo store.IdempotencyKeys
	log  *slog.Logger
}

// NewReplayer returns a Replayer storing responses through repo.
func NewReplayer(db *store.DB, repo store.IdempotencyKeys, log *slog.Logger) *Replayer {
	return &Replayer{db: db.Q(), repo: repo, log: log}
}

// Middleware returns chi-compatible middleware for one scope. Requests
// without an Idempotency-Key pass straight through.
func (rp *Replayer) Middleware(scope string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
			key := r.Header.Get(Header)
			if key == "" {
				next.ServeHTTP(w, r)
				return nil
			}
			body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if err != nil {
				return httpx.BadRequest("read body: %v", err)
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			fp := Fingerprint(string(body))

			prev, err := rp.repo.Get(r.Context(), rp.db, scope, key)
			switch {
			case err == nil:
				if prev.Fingerprint != fp {
					return httpx.Conflict("%s", ErrKeyReused.Error())
				}
				if prev.ResponseStatus != nil {
					w.Header().Set("Content-Type", "application/json")
					w.Header().Set("Idempotent-Replayed", "true")
					w.WriteHeader(*prev.ResponseStatus)
					_, _ = w.Write(prev.ResponseBody)
					return nil
				}
			case !errors.Is(err, store.ErrNotFound):
				return err
			}

			rec := httpx.NewResponseRecorder(w)
			next.ServeHTTP(rec, r)
			if rec.Status >= 500 {
				return nil
			}
			if err := rp.repo.SaveResponse(r.Context(), rp.db, scope, key, fp, rec.Status, rec.Body.Bytes()); err != nil {
				rp.log.WarnContext(r.Context(), "idempotency: save response", "scope", scope, "err", err)
			}
			return nil
		})
	}
}
