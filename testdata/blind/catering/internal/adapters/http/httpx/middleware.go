package httpx

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/platform/logging"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

// RequestLogger attaches a request-scoped logger and logs each request.
func RequestLogger(base *zap.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			l := base.With(zap.String("request_id", middleware.GetReqID(r.Context())))
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			next.ServeHTTP(ww, r.WithContext(logging.WithLogger(r.Context(), l)))
			l.Info("http",
				zap.String("method", r.Method),
				zap.String("path", r.URL.Path),
				zap.Int("status", ww.Status()),
				zap.Duration("took", time.Since(start)))
		})
	}
}

// CountRequests records requests per route pattern and status class.
func CountRequests(m *metrics.Metrics) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			next.ServeHTTP(ww, r)
			route := chi.RouteContext(r.Context()).RoutePattern()
			if route == "" {
				route = "unmatched"
			}
			m.HTTPRequests.WithLabelValues(route, strconv.Itoa(ww.Status()/100)+"xx").Inc()
		})
	}
}

// IdempotencyKey returns the Idempotency-Key request header.
func IdempotencyKey(r *http.Request) string {
	return r.Header.Get("Idempotency-Key")
}
