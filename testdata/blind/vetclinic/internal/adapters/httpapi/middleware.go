package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/pawpath/vetclinic/internal/core/ports"
)

type ctxKey int

const staffKey ctxKey = iota

// StaffOnly requires the X-Staff-Id header set by the clinic gateway after
// it authenticates a staff session.
func StaffOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Staff-Id")
		if id == "" {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthorized"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), staffKey, id)))
	})
}

func staffID(ctx context.Context) string {
	id, _ := ctx.Value(staffKey).(string)
	return id
}

// recorder captures a handler's response while passing it through.
type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Replay makes a route answer a repeated Idempotency-Key with the response
// stored for the first request. Responses of 5xx are not stored, so the
// client can retry them.
func Replay(store ports.IdempotencyStore, scope string, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
			if err != nil {
				writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid", Message: "unreadable body"})
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(append([]byte(r.Method+" "+r.URL.Path+"\n"), body...))
			hash := hex.EncodeToString(sum[:])

			prev, err := store.Lookup(r.Context(), scope, key)
			if err != nil {
				writeError(w, r, log, err)
				return
			}
			if prev != nil && prev.Completed {
				if prev.RequestHash != hash {
					writeJSON(w, http.StatusUnprocessableEntity, errorBody{
						Error: "idempotency_key_reused", Message: "Idempotency-Key was used for a different request"})
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.StatusCode)
				_, _ = w.Write(prev.Response)
				return
			}

			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			if err := store.Save(r.Context(), ports.IdempotencyRecord{
				Scope:       scope,
				Key:         key,
				RequestHash: hash,
				StatusCode:  rec.status,
				Response:    rec.buf.Bytes(),
			}); err != nil {
				log.WarnContext(r.Context(), "store idempotent response", "scope", scope,
					"key", key, "status", strconv.Itoa(rec.status), "err", err)
			}
		})
	}
}
