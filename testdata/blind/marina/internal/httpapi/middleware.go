package httpapi

import (
	"bytes"
	"context"
	"io"
	"net/http"

	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/storage"
)

type ctxKey int

const staffKey ctxKey = iota

// StaffUser reads the authenticated staff user set by the edge proxy.
func StaffUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user := r.Header.Get("X-Staff-User")
		if user == "" {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "staff user required"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), staffKey, user)))
	})
}

func staff(ctx context.Context) string {
	s, _ := ctx.Value(staffKey).(string)
	return s
}

// IdempotencyStore persists responses by idempotency key.
type IdempotencyStore interface {
	Get(ctx context.Context, scope, key string) (*storage.IdemRecord, error)
	Save(ctx context.Context, rec storage.IdemRecord) error
}

// Idempotent replays the stored response when a request repeats an
// Idempotency-Key, and stores the response of the first request.
func Idempotent(store IdempotencyStore, scope string, log *zap.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			body, err := readBody(r)
			if err != nil {
				writeError(w, log, err)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			hash := hashBody([]byte(r.Method), []byte(r.URL.Path), body)

			rec, err := store.Get(r.Context(), scope, key)
			if err != nil {
				writeError(w, log, err)
				return
			}
			if rec.Done() {
				if rec.RequestHash != hash {
					writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "idempotency key reused", Code: "idempotency_key_reused"})
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(rec.StatusCode)
				_, _ = w.Write(rec.Body)
				return
			}

			rw := &recordingWriter{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rw, r)
			if rw.status >= 500 {
				return
			}
			if err := store.Save(context.WithoutCancel(r.Context()), storage.IdemRecord{
				Scope:       scope,
				Key:         key,
				RequestHash: hash,
				StatusCode:  rw.status,
				Body:        rw.buf.Bytes(),
			}); err != nil {
				log.Warn("store idempotent response", zap.String("scope", scope), zap.Error(err))
			}
		})
	}
}

type recordingWriter struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (w *recordingWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}
