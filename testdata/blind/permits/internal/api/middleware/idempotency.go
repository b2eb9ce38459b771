package middleware

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/store"
)

const maxReplayBody = 1 << 20

// captureWriter records the status and body written by the wrapped handler.
type captureWriter struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (c *captureWriter) WriteHeader(status int) {
	c.status = status
	c.ResponseWriter.WriteHeader(status)
}

func (c *captureWriter) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	if c.buf.Len()+len(b) <= maxReplayBody {
		c.buf.Write(b)
	}
	return c.ResponseWriter.Write(b)
}

// IdempotentReplay stores the response of a request that carries an
// Idempotency-Key and replays it for later requests with the same key.
type IdempotentReplay struct {
	Pool *pgxpool.Pool
	Repo store.IdempotencyRepo
	Log  *slog.Logger
}

// Wrap returns middleware for scope. Requests without the header pass
// through unchanged.
func (m IdempotentReplay) Wrap(scope string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			ctx := r.Context()
			resident := ResidentID(ctx)

			body, err := io.ReadAll(io.LimitReader(r.Body, maxReplayBody))
			if err != nil {
				http.Error(w, `{"error":"unreadable body"}`, http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(body)
			hash := hex.EncodeToString(sum[:])

			rec, err := m.Repo.Lookup(ctx, m.Pool, scope, resident, key)
			switch {
			case err == nil && rec.ResponseStatus != 0:
				if rec.RequestHash != hash {
					http.Error(w, `{"error":"Idempotency-Key reused with a different body"}`, http.StatusUnprocessableEntity)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(rec.ResponseStatus)
				_, _ = w.Write(rec.ResponseBody)
				return
			case err != nil && err != dbx.ErrNotFound:
				m.Log.ErrorContext(ctx, "idempotency lookup failed", "scope", scope, "err", err)
				http.Error(w, `{"error":"internal error"}`, http.StatusInternalServerError)
				return
			}

			cw := &captureWriter{ResponseWriter: w}
			next.ServeHTTP(cw, r)
			if cw.status >= 500 || cw.status == 0 {
				return
			}
			err = m.Repo.SaveResponse(ctx, m.Pool, &store.IdempotencyRecord{
				Scope:          scope,
				ResidentID:     resident,
				Key:            key,
				RequestHash:    hash,
				ResponseStatus: cw.status,
				ResponseBody:   cw.buf.Bytes(),
			})
			if err != nil {
				m.Log.WarnContext(ctx, "could not store idempotent response", "scope", scope, "err", err)
			}
		})
	}
}
