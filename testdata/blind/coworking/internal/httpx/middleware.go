package httpx

import (
	"context"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/deskhive/coworking/internal/idgen"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	memberIDKey
)

// HeaderRequestID is echoed back on every response.
const HeaderRequestID = "X-Request-Id"

// HeaderIdempotencyKey is the client-supplied idempotency key header.
const HeaderIdempotencyKey = "Idempotency-Key"

// Middleware decorates a handler.
type Middleware func(http.Handler) http.Handler

// Chain applies mws so that the first one is outermost.
func Chain(h http.Handler, mws ...Middleware) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// RequestIDs assigns every request a correlation ID, honouring an incoming
// X-Request-Id from the edge proxy when present.
func RequestIDs() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := r.Header.Get(HeaderRequestID)
			if id == "" {
				id = idgen.Short()
			}
			w.Header().Set(HeaderRequestID, id)
			ctx := context.WithValue(r.Context(), requestIDKey, id)
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// RequestID returns the correlation ID assigned by RequestIDs.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// AccessLog logs one line per request.
func AccessLog(log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			log.InfoContext(r.Context(), "http",
				"method", r.Method,
				"path", r.URL.Path,
				"status", rec.status,
				"duration_ms", time.Since(start).Milliseconds(),
				"request_id", RequestID(r.Context()),
			)
		})
	}
}

// Recover turns panics into 500s.
func Recover(log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if v := recover(); v != nil {
					log.ErrorContext(r.Context(), "panic", "value", v, "stack", string(debug.Stack()))
					JSON(w, http.StatusInternalServerError, map[string]string{"error": "internal"})
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

// IdempotencyKey returns the trimmed Idempotency-Key header, if any.
func IdempotencyKey(r *http.Request) string {
	k := r.Header.Get(HeaderIdempotencyKey)
	if len(k) > 255 {
		return ""
	}
	return k
}

// RequireIdempotencyKey returns the Idempotency-Key header or a 400.
func RequireIdempotencyKey(r *http.Request) (string, error) {
	k := IdempotencyKey(r)
	if k == "" {
		return "", Errorf(http.StatusBadRequest, "idempotency_key_required", "the %s header is required", HeaderIdempotencyKey)
	}
	return k, nil
}
