package httpx

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	partnerKey
	staffKey
)

// RequestIDFrom returns the request ID set by RequestID.
func RequestIDFrom(ctx context.Context) string {
	v, _ := ctx.Value(requestIDKey).(string)
	return v
}

// PartnerFrom returns the authenticated EHR partner ID.
func PartnerFrom(ctx context.Context) string {
	v, _ := ctx.Value(partnerKey).(string)
	return v
}

// StaffFrom returns the authenticated staff user.
func StaffFrom(ctx context.Context) string {
	v, _ := ctx.Value(staffKey).(string)
	return v
}

// RequestID tags each request with an ID, reusing X-Request-ID when sent.
func RequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-ID")
		if id == "" {
			id = uuid.NewString()
		}
		w.Header().Set("X-Request-ID", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey, id)))
	})
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
func AccessLog(logger *slog.Logger) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			route := r.URL.Path
			if cur := mux.CurrentRoute(r); cur != nil {
				if tpl, err := cur.GetPathTemplate(); err == nil {
					route = tpl
				}
			}
			logger.Info("http",
				"method", r.Method, "route", route, "status", rec.status,
				"dur_ms", time.Since(start).Milliseconds(), "request_id", RequestIDFrom(r.Context()))
		})
	}
}

// Recoverer turns panics into 500s.
func Recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				slog.Error("panic", "value", p, "stack", string(debug.Stack()))
				WriteJSON(w, http.StatusInternalServerError, &Problem{Status: 500, Code: "internal"})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// PartnerResolver maps a hashed API key to a partner ID.
type PartnerResolver interface {
	PartnerByKeyHash(ctx context.Context, hash string) (string, error)
}

// PartnerAuth authenticates EHR partners by their API key.
func PartnerAuth(resolver PartnerResolver) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("X-Api-Key")
			if key == "" {
				WriteJSON(w, http.StatusUnauthorized, &Problem{Status: 401, Code: "missing_api_key"})
				return
			}
			sum := sha256.Sum256([]byte(key))
			partner, err := resolver.PartnerByKeyHash(r.Context(), hex.EncodeToString(sum[:]))
			if err != nil || partner == "" {
				WriteJSON(w, http.StatusUnauthorized, &Problem{Status: 401, Code: "invalid_api_key"})
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), partnerKey, partner)))
		})
	}
}

// TokenVerifier validates staff bearer tokens issued by the SSO.
type TokenVerifier interface {
	Verify(ctx context.Context, token string) (subject string, err error)
}

// StaffAuth authenticates lab staff (billing, client services).
func StaffAuth(v TokenVerifier) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok {
				WriteJSON(w, http.StatusUnauthorized, &Problem{Status: 401, Code: "missing_token"})
				return
			}
			sub, err := v.Verify(r.Context(), token)
			if err != nil {
				WriteJSON(w, http.StatusUnauthorized, &Problem{Status: 401, Code: "invalid_token"})
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), staffKey, sub)))
		})
	}
}

// WithPartner is used by tests and internal callers to set the partner.
func WithPartner(ctx context.Context, partner string) context.Context {
	return context.WithValue(ctx, partnerKey, partner)
}
