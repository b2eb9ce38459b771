package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/postgres"
)

type ctxKey int

const (
	customerKey ctxKey = iota
	staffKey
)

// chain wraps h so that the first middleware is the outermost.
func chain(h http.Handler, mws ...func(http.Handler) http.Handler) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// requireCustomer reads the member ID that the edge proxy sets after
// verifying the app's session token.
func requireCustomer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := uuid.Parse(r.Header.Get("X-Customer-ID"))
		if err != nil {
			platform.WriteError(w, http.StatusUnauthorized, "unauthenticated", "")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), customerKey, id)))
	})
}

// requireStaff reads the staff ID set by the edge proxy for console sessions.
func requireStaff(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Staff-ID")
		if id == "" {
			platform.WriteError(w, http.StatusUnauthorized, "unauthenticated", "")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), staffKey, id)))
	})
}

func customerID(r *http.Request) uuid.UUID {
	id, _ := r.Context().Value(customerKey).(uuid.UUID)
	return id
}

func staffID(r *http.Request) string {
	id, _ := r.Context().Value(staffKey).(string)
	return id
}

// ResponseStore keeps responses for Idempotency-Key replay.
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (*postgres.StoredResponse, error)
	Save(ctx context.Context, resp postgres.StoredResponse) error
}

// Idempotent replays the stored response when a member resends a request
// with an Idempotency-Key that already completed. Responses below 500 are
// stored; server errors are not, so the client may retry them.
func Idempotent(store ResponseStore, scope string, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				platform.WriteError(w, http.StatusBadRequest, "idempotency_key_required", "")
				return
			}
			fullScope := scope + ":" + customerID(r).String()
			prev, err := store.Lookup(r.Context(), fullScope, key)
			if err != nil {
				log.ErrorContext(r.Context(), "idempotency lookup", "err", err)
				platform.WriteError(w, http.StatusInternalServerError, "internal", "")
				return
			}
			if prev != nil {
				w.Header().Set("Content-Type", prev.ContentType)
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.StatusCode)
				_, _ = w.Write(prev.Body)
				return
			}

			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			err = store.Save(r.Context(), postgres.StoredResponse{
				Scope:       fullScope,
				Key:         key,
				StatusCode:  rec.status,
				ContentType: rec.Header().Get("Content-Type"),
				Body:        rec.body.Bytes(),
			})
			if err != nil {
				log.ErrorContext(r.Context(), "idempotency save", "scope", fullScope, "err", err)
			}
		})
	}
}

type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func logRequests(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(sw, r)
			log.InfoContext(r.Context(), "http request",
				"method", r.Method, "path", r.URL.Path, "status", sw.status, "took", time.Since(start))
		})
	}
}

func recoverPanics(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if p := recover(); p != nil {
					log.ErrorContext(r.Context(), "panic serving request", "panic", p, "path", r.URL.Path)
					platform.WriteError(w, http.StatusInternalServerError, "internal", "")
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}
