package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/northline/coachbus/internal/db"
)

// IdempotencyStore keeps the first response to each Idempotency-Key.
type IdempotencyStore interface {
	GetIdempotencyRecord(ctx context.Context, arg db.GetIdempotencyRecordParams) (db.IdempotencyKey, error)
	SaveIdempotencyRecord(ctx context.Context, arg db.SaveIdempotencyRecordParams) error
}

type captureWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (c *captureWriter) Header() http.Header         { return c.header }
func (c *captureWriter) WriteHeader(code int)        { c.status = code }
func (c *captureWriter) Write(b []byte) (int, error) { return c.body.Write(b) }

// Idempotent replays the stored response when a request repeats an
// Idempotency-Key already seen for the same path. Requests without the
// header pass straight through.
func Idempotent(store IdempotencyStore, scope string, log *slog.Logger) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			ctx := r.Context()
			params := db.GetIdempotencyRecordParams{Scope: scope + ":" + r.URL.Path, Key: key}
			rec, err := store.GetIdempotencyRecord(ctx, params)
			switch {
			case err == nil:
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(int(rec.StatusCode))
				_, _ = w.Write(rec.ResponseBody)
				return
			case !db.IsNotFound(err):
				writeError(w, r, err)
				return
			}

			cw := &captureWriter{header: w.Header(), status: http.StatusOK}
			next.ServeHTTP(cw, r)
			if cw.status < 500 {
				if err := store.SaveIdempotencyRecord(ctx, db.SaveIdempotencyRecordParams{
					Scope:        params.Scope,
					Key:          key,
					StatusCode:   int32(cw.status),
					ResponseBody: cw.body.Bytes(),
				}); err != nil {
					log.ErrorContext(ctx, "store idempotency record", "key", key, "err", err)
				}
			}
			w.WriteHeader(cw.status)
			_, _ = w.Write(cw.body.Bytes())
		})
	}
}
