package grpcx

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// HMACVerifier validates the compact tokens the staff SSO gateway mints:
// base64url(payload) "." base64url(hmac-sha256(payload)).
type HMACVerifier struct {
	Secret []byte
	Now    func() time.Time
}

type tokenClaims struct {
	Sub    string `json:"sub"`
	Centre string `json:"ctr"`
	Role   string `json:"role"`
	Exp    int64  `json:"exp"`
}

var errBadToken = errors.New("bad token")

// Verify implements TokenVerifier.
func (v HMACVerifier) Verify(_ context.Context, token string) (Staff, error) {
	payload, sig, ok := strings.Cut(token, ".")
	if !ok {
		return Staff{}, errBadToken
	}
	want := hmac.New(sha256.New, v.Secret)
	want.Write([]byte(payload))
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, want.Sum(nil)) {
		return Staff{}, errBadToken
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return Staff{}, errBadToken
	}
	var c tokenClaims
	if err := json.Unmarshal(raw, &c); err != nil {
		return Staff{}, errBadToken
	}
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	if c.Exp < now().Unix() || c.Sub == "" {
		return Staff{}, errBadToken
	}
	return Staff{ID: c.Sub, CentreID: c.Centre, Role: c.Role}, nil
}
