package httpx

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/harborline/claims/internal/platform/logx"
)

// HeaderRequestID is echoed back on every response.
const HeaderRequestID = "X-Request-Id"

// HeaderIdempotencyKey is the caller-supplied key honoured by POST endpoints
// that replay their first response.
const HeaderIdempotencyKey = "Idempotency-Key"

// RequestID tags the request with an id for log correlation. A caller-sent
// X-Request-Id is kept; otherwise a new one is minted.
func RequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(HeaderRequestID)
		if id == "" {
			id = uuid.NewString()
		}
		w.Header().Set(HeaderRequestID, id)
		ctx := logx.With(r.Context(), "request_id", id)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// AccessLog logs one line per request at level.
func AccessLog(level slog.Level) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r)
			logx.From(r.Context()).Log(r.Context(), level, "http",
				"method", r.Method,
				"path", r.URL.Path,
				"status", ww.Status(),
				"bytes", ww.BytesWritten(),
				"dur", time.Since(start),
			)
		})
	}
}

// IdempotencyKey returns the trimmed Idempotency-Key header.
func IdempotencyKey(r *http.Request) string {
	return strings.TrimSpace(r.Header.Get(HeaderIdempotencyKey))
}

// RequireIdempotencyKey rejects POSTs without an Idempotency-Key header.
func RequireIdempotencyKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && IdempotencyKey(r) == "" {
			WriteJSON(w, http.StatusBadRequest, map[string]string{
				"code":    "idempotency_key_required",
				"message": "Idempotency-Key header is required",
			})
			return
		}
		next.ServeHTTP(w, r)
	})
}
