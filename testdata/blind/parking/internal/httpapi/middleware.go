package httpapi

import (
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/cityparking/parking/internal/platform/logx"
)

type ctxKey int

const (
	accountKey ctxKey = iota
	officerKey
	deviceKey
	operatorKey
)

// RequestLogger gives every request a correlation ID (reusing the edge's
// X-Request-ID when present) and a logger carrying it.
func RequestLogger(base *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rid := r.Header.Get("X-Request-ID")
			if rid == "" {
				rid = uuid.NewString()
			}
			w.Header().Set("X-Request-ID", rid)
			l := base.With("request_id", rid)
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r.WithContext(logx.With(r.Context(), l)))
			l.Info("http", "method", r.Method, "path", r.URL.Path, "status", ww.Status(),
				"bytes", ww.BytesWritten(), "dur_ms", time.Since(start).Milliseconds())
		})
	}
}

// AccountAuth trusts the X-Account-ID header set by the API gateway after it
// has validated the driver's token.
func AccountAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := uuid.Parse(r.Header.Get("X-Account-ID"))
		if err != nil {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), accountKey, id)))
	})
}

// DeviceAuth reads the officer and device identity the ingress derives from
// the handheld's client certificate.
func DeviceAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		officer, device := r.Header.Get("X-Officer-ID"), r.Header.Get("X-Device-ID")
		if officer == "" || device == "" {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
			return
		}
		ctx := context.WithValue(r.Context(), officerKey, officer)
		ctx = context.WithValue(ctx, deviceKey, device)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// OperatorAuth guards the back-office routes.
func OperatorAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		op := r.Header.Get("X-Operator")
		if op == "" {
			writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), operatorKey, op)))
	})
}

// SharedSecret checks a static header used by the SMS gateway callbacks.
func SharedSecret(header, secret string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if secret == "" || subtle.ConstantTimeCompare([]byte(r.Header.Get(header)), []byte(secret)) != 1 {
				writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func accountID(r *http.Request) uuid.UUID {
	id, _ := r.Context().Value(accountKey).(uuid.UUID)
	return id
}

func officerID(r *http.Request) string {
	s, _ := r.Context().Value(officerKey).(string)
	return s
}

func deviceID(r *http.Request) string {
	s, _ := r.Context().Value(deviceKey).(string)
	return s
}

func operator(r *http.Request) string {
	s, _ := r.Context().Value(operatorKey).(string)
	return s
}
