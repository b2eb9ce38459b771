package httpapi

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/hammerline/auctions/internal/platform/ids"
	"github.com/hammerline/auctions/internal/platform/logx"
)

type principalKey struct{}

// Principal is the authenticated caller, as asserted by the API gateway.
type Principal struct {
	AccountID string
	Roles     []string
}

// Has reports whether the principal holds role.
func (p Principal) Has(role string) bool { return slices.Contains(p.Roles, role) }

func principal(ctx context.Context) Principal {
	p, _ := ctx.Value(principalKey{}).(Principal)
	return p
}

// authenticate trusts the identity headers set by the gateway in front of
// this service.
func authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Account-Id")
		if id == "" {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
			return
		}
		var roles []string
		if raw := r.Header.Get("X-Account-Roles"); raw != "" {
			roles = strings.Split(raw, ",")
		}
		ctx := context.WithValue(r.Context(), principalKey{}, Principal{AccountID: id, Roles: roles})
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func requireRole(role string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !principal(r.Context()).Has(role) {
				writeJSON(w, http.StatusForbidden, errorBody{Error: "forbidden"})
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// requestLogger tags every request with a correlation ID (taken from the
// caller when present) and logs its outcome.
func requestLogger(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reqID := r.Header.Get("X-Request-Id")
		if reqID == "" {
			reqID = ids.Request()
		}
		w.Header().Set("X-Request-Id", reqID)
		log := logx.From(r.Context()).With("request_id", reqID)
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		start := time.Now()
		next.ServeHTTP(ww, r.WithContext(logx.With(r.Context(), log)))
		log.Info("http", "method", r.Method, "path", r.URL.Path,
			"status", ww.Status(), "bytes", ww.BytesWritten(), "dur_ms", time.Since(start).Milliseconds())
	})
}
