package httpx

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cedarleaf/pharmacy/internal/platform/logx"
)

// RequestLogger tags every request with a request ID (taken from the caller
// when present) and attaches a logger to the context.
func RequestLogger(base *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			reqID := r.Header.Get("X-Request-ID")
			if reqID == "" {
				reqID = uuid.NewString()
			}
			w.Header().Set("X-Request-ID", reqID)
			l := base.With(slog.String("request_id", reqID), slog.String("method", r.Method), slog.String("path", r.URL.Path))
			start := time.Now()
			next.ServeHTTP(w, r.WithContext(logx.WithLogger(r.Context(), l)))
			l.Debug("request done", slog.Duration("elapsed", time.Since(start)))
		})
	}
}

// StaffAuth is a very small bearer-token gate in front of the admin and
// pharmacist routes; the real SSO sits at the edge proxy.
func StaffAuth(tokens map[string]string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			for staffID, want := range tokens {
				if subtle.ConstantTimeCompare([]byte(tok), []byte(want)) == 1 {
					r.Header.Set("X-Staff-ID", staffID)
					next.ServeHTTP(w, r)
					return
				}
			}
			JSON(w, http.StatusUnauthorized, NewError(http.StatusUnauthorized, "unauthorized", "staff token required"))
		})
	}
}

// VerifyHMAC checks a hex-encoded SHA-256 HMAC of body.
func VerifyHMAC(secret string, body []byte, sig string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(strings.TrimPrefix(sig, "sha256=")))
}
