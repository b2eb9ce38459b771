package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"

	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/repo"
)

// responseRecorder captures the status and body written by a handler.
type responseRecorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (rr *responseRecorder) WriteHeader(code int) {
	rr.status = code
	rr.ResponseWriter.WriteHeader(code)
}

func (rr *responseRecorder) Write(b []byte) (int, error) {
	if rr.status == 0 {
		rr.status = http.StatusOK
	}
	rr.body.Write(b)
	return rr.ResponseWriter.Write(b)
}

// idempotent replays the stored response for a repeated Idempotency-Key.
// Requests without the header pass through unchanged.
func (h *Handlers) idempotent(scope string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			ctx := r.Context()
			tenant := httpx.TenantFrom(ctx)

			raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
			if err != nil {
				h.writeError(w, r, httpx.BadRequest("read body: %v", err))
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(raw))
			sum := sha256.Sum256(raw)
			hash := hex.EncodeToString(sum[:])

			prev, err := h.Idempotency.Lookup(ctx, tenant, scope, key)
			if err != nil {
				h.writeError(w, r, err)
				return
			}
			if prev != nil && prev.Completed() {
				if prev.RequestHash != hash {
					h.writeError(w, r, httpx.Conflict("Idempotency-Key reused with a different request"))
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.ResponseCode)
				_, _ = w.Write(prev.ResponseBody)
				return
			}

			rec := &responseRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 || rec.status == 0 {
				return
			}
			if err := h.Idempotency.Save(ctx, repo.IdempotencyRecord{
				TenantID:     tenant,
				Scope:        scope,
				Key:          key,
				RequestHash:  hash,
				ResponseCode: rec.status,
				ResponseBody: rec.body.Bytes(),
			}); err != nil {
				h.Log.ErrorContext(ctx, "store idempotency record", "scope", scope, "err", err)
			}
		})
	}
}
