package httpadapter

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"

	"github.com/brightfund/crowdfund/internal/core/ports"
)

// responseRecorder captures what the wrapped handler wrote.
type responseRecorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *responseRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *responseRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// Idempotent replays the stored response when a client repeats a request
// with the same Idempotency-Key. Requests without a key pass through.
func Idempotent(store ports.IdempotencyStore, scope string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if err != nil {
				writeJSON(w, http.StatusBadRequest, errorBody{Error: "unreadable_body"})
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(append([]byte(r.URL.Path+"\n"), body...))
			hash := hex.EncodeToString(sum[:])
			fullScope := scope + ":" + ActorFrom(r.Context()).ID

			rec, err := store.Lookup(r.Context(), fullScope, key)
			if err != nil {
				writeError(w, r, err)
				return
			}
			if rec != nil {
				if rec.RequestHash != hash {
					writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "idempotency_key_reused"})
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(rec.StatusCode)
				_, _ = w.Write(rec.Body)
				return
			}

			rw := &responseRecorder{ResponseWriter: w}
			next.ServeHTTP(rw, r)
			if rw.status >= 500 {
				return
			}
			if err := store.Save(r.Context(), ports.IdempotencyRecord{
				Scope:       fullScope,
				Key:         key,
				RequestHash: hash,
				StatusCode:  rw.status,
				Body:        rw.body.Bytes(),
			}); err != nil {
				slog.WarnContext(r.Context(), "storing idempotent response failed", "scope", scope, "err", err)
			}
		})
	}
}
