package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"github.com/northline/coachbus/internal/usecase"
)

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// accessLog logs one line per request.
func accessLog(log *slog.Logger) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			log.InfoContext(r.Context(), "http",
				"method", r.Method, "path", r.URL.Path, "status", rec.status,
				"duration_ms", time.Since(start).Milliseconds())
		})
	}
}

// recoverPanics turns a panic into a 500 instead of killing the connection.
func recoverPanics(log *slog.Logger) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if v := recover(); v != nil {
					log.ErrorContext(r.Context(), "panic", "value", v, "path", r.URL.Path)
					writeJSON(w, http.StatusInternalServerError, errorBody{Error: "internal error"})
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

type partnerKey struct{}

func partnerFrom(ctx context.Context) usecase.Partner {
	p, _ := ctx.Value(partnerKey{}).(usecase.Partner)
	return p
}

// partnerAuth resolves the Bearer API key to a partner.
func partnerAuth(partners usecase.PartnerBookings) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			p, err := partners.Authenticate(r.Context(), key)
			if err != nil {
				writeError(w, r, err)
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), partnerKey{}, p)))
		})
	}
}
