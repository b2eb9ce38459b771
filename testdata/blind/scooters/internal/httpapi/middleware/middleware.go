// Package middleware holds the HTTP middleware chain shared by every route.
package middleware

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/kickvolt/ridecore/internal/reqctx"
)

const (
	HeaderRequestID      = "X-Request-Id"
	HeaderIdempotencyKey = "Idempotency-Key"
	maxKeyLen            = 200
)

// RequestID propagates the caller's X-Request-Id or makes one up, for logs
// and outbound calls.
func RequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(HeaderRequestID)
		if id == "" || len(id) > 128 {
			id = uuid.NewString()
		}
		w.Header().Set(HeaderRequestID, id)
		next.ServeHTTP(w, r.WithContext(reqctx.WithRequestID(r.Context(), id)))
	})
}

// IdempotencyKey puts the client's Idempotency-Key header into the
// context for the services that honour it.
func IdempotencyKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimSpace(r.Header.Get(HeaderIdempotencyKey))
		if key == "" {
			next.ServeHTTP(w, r)
			return
		}
		if len(key) > maxKeyLen {
			http.Error(w, `{"error":"Idempotency-Key too long"}`, http.StatusBadRequest)
			return
		}
		next.ServeHTTP(w, r.WithContext(reqctx.WithIdempotencyKey(r.Context(), key)))
	})
}

// Authenticator resolves bearer tokens.
type Authenticator struct {
	// Lookup resolves the SHA-256 hex of a bearer token.
	Lookup func(ctx context.Context, tokenHash string, now time.Time) (reqctx.Principal, error)
	Now    func() time.Time
}

// Middleware rejects requests without a valid bearer token.
func (a *Authenticator) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || tok == "" {
			http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		sum := sha256.Sum256([]byte(tok))
		p, err := a.Lookup(r.Context(), hex.EncodeToString(sum[:]), a.Now())
		if err != nil {
			http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r.WithContext(reqctx.WithPrincipal(r.Context(), p)))
	})
}

// RequireRole lets through only callers with one of roles.
func RequireRole(roles ...reqctx.Role) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p, ok := reqctx.PrincipalFrom(r.Context())
			if ok {
				for _, role := range roles {
					if p.Role == role {
						next.ServeHTTP(w, r)
						return
					}
				}
			}
			http.Error(w, `{"error":"forbidden"}`, http.StatusForbidden)
		})
	}
}

// Logger writes one line per request.
func Logger(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			next.ServeHTTP(ww, r)
			log.InfoContext(r.Context(), "http",
				"method", r.Method,
				"path", r.URL.Path,
				"status", ww.Status(),
				"bytes", ww.BytesWritten(),
				"dur_ms", time.Since(start).Milliseconds(),
				"request_id", reqctx.RequestIDFrom(r.Context()),
			)
		})
	}
}
