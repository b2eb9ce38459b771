// Package auth resolves the principal behind an API call.
package auth

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"
)

// Roles a principal may hold.
const (
	RoleCustomer = "customer"
	RoleReseller = "reseller"
	RoleSupport  = "support"
)

// ErrUnauthenticated is returned for missing or invalid credentials.
var ErrUnauthenticated = errors.New("auth: unauthenticated")

// Principal is the authenticated caller.
type Principal struct {
	Subject    string
	Role       string
	ResellerID string
}

type ctxKey struct{}

// WithPrincipal stores p in ctx.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// From returns the principal stored in ctx.
func From(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(ctxKey{}).(Principal)
	return p, ok
}

// Verifier turns a bearer token into a principal.
type Verifier interface {
	Verify(ctx context.Context, token string) (Principal, error)
}

// TokenVerifier checks tokens of the form base64(role:subject[:reseller]).sig
// where sig is an HMAC-SHA256 over the payload with the platform secret.
type TokenVerifier struct {
	Secret []byte
}

// Verify implements Verifier.
func (v TokenVerifier) Verify(_ context.Context, token string) (Principal, error) {
	payload, sig, ok := strings.Cut(token, ".")
	if !ok {
		return Principal{}, ErrUnauthenticated
	}
	mac := hmac.New(sha256.New, v.Secret)
	mac.Write([]byte(payload))
	want := base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return Principal{}, ErrUnauthenticated
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return Principal{}, ErrUnauthenticated
	}
	parts := strings.Split(string(raw), ":")
	if len(parts) < 2 {
		return Principal{}, ErrUnauthenticated
	}
	p := Principal{Role: parts[0], Subject: parts[1]}
	if p.Role == RoleReseller && len(parts) > 2 {
		p.ResellerID = parts[2]
	}
	return p, nil
}
