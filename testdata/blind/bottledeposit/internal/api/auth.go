package api

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"io"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
)

type ctxKey int

const walletKey ctxKey = iota

// TokenVerifier checks customer app tokens.
type TokenVerifier interface {
	// WalletID returns the wallet the bearer token was issued for.
	WalletID(ctx context.Context, token string) (uuid.UUID, error)
}

// requireWallet authenticates the app and makes sure the token belongs to
// the wallet in the path.
func requireWallet(v TokenVerifier) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			id, err := v.WalletID(r.Context(), token)
			if err != nil {
				writeError(w, http.StatusUnauthorized, "invalid token")
				return
			}
			if chi.URLParam(r, "walletID") != id.String() {
				writeError(w, http.StatusForbidden, "token does not match wallet")
				return
			}
			ctx := context.WithValue(r.Context(), walletKey, id)
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

func walletFrom(ctx context.Context) uuid.UUID {
	id, _ := ctx.Value(walletKey).(uuid.UUID)
	return id
}

// requireAdmin checks the static admin token issued to the back office.
func requireAdmin(token string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				writeError(w, http.StatusUnauthorized, "unauthorized")
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// verifySignature checks an HMAC-SHA256 hex signature of the raw body and
// puts the body back for the handler.
func verifySignature(header, secret string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
			if err != nil {
				writeError(w, http.StatusBadRequest, "unreadable body")
				return
			}
			mac := hmac.New(sha256.New, []byte(secret))
			mac.Write(body)
			want := hex.EncodeToString(mac.Sum(nil))
			if !hmac.Equal([]byte(want), []byte(r.Header.Get(header))) {
				writeError(w, http.StatusUnauthorized, "bad signature")
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			next.ServeHTTP(w, r)
		})
	}
}

// HMACTokens issues and verifies app tokens of the form
// "<wallet uuid>.<hex hmac>".
type HMACTokens struct {
	Secret []byte
}

func (t HMACTokens) sign(id string) string {
	mac := hmac.New(sha256.New, t.Secret)
	mac.Write([]byte(id))
	return hex.EncodeToString(mac.Sum(nil))
}

func (t HMACTokens) Issue(id uuid.UUID) string {
	return id.String() + "." + t.sign(id.String())
}

func (t HMACTokens) WalletID(_ context.Context, token string) (uuid.UUID, error) {
	idPart, sig, ok := strings.Cut(token, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(t.sign(idPart))) {
		return uuid.Nil, errInvalidToken
	}
	return uuid.Parse(idPart)
}
