package api

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/soundledger/royalties/internal/platform/httpx"
	"github.com/soundledger/royalties/internal/platform/ids"
	"github.com/soundledger/royalties/internal/platform/logging"
)

type actorKey struct{}

// requestID tags each request with an ID for logs and support tickets. It
// is echoed in X-Request-ID and has no meaning beyond correlation.
func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rid := r.Header.Get("X-Request-ID")
		if rid == "" {
			rid = ids.NewULID()
		}
		w.Header().Set("X-Request-ID", rid)
		ctx := logging.With(r.Context(), slog.String("request_id", rid))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// withLogger installs the service logger in the request context.
func withLogger(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(logging.Into(r.Context(), log)))
		})
	}
}

func accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		logging.FromContext(r.Context()).Info("http request",
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", ww.Status()),
			slog.Duration("took", time.Since(start)))
	})
}

func (h *Handler) requireAdmin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok {
			httpx.JSON(w, http.StatusUnauthorized, map[string]string{"error": "missing bearer token"})
			return
		}
		actor, ok := h.Auth.Actor(token)
		if !ok {
			httpx.JSON(w, http.StatusForbidden, map[string]string{"error": "unknown token"})
			return
		}
		ctx := context.WithValue(r.Context(), actorKey{}, actor)
		ctx = logging.With(ctx, slog.String("actor", actor))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func actorFrom(ctx context.Context) string {
	if a, ok := ctx.Value(actorKey{}).(string); ok {
		return a
	}
	return "unknown"
}

// StaticTokens authenticates against a fixed token→actor map from config.
type StaticTokens map[string]string

// Actor implements TokenAuthenticator.
func (s StaticTokens) Actor(token string) (string, bool) {
	a, ok := s[token]
	return a, ok
}
