package apiclient

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
)

// ErrBadSignature is returned for webhooks that fail verification.
var ErrBadSignature = errors.New("webhook signature mismatch")

// ParseSigned checks a hex HMAC-SHA256 of body under secret and decodes the
// body into T.
func ParseSigned[T any](secret string, body []byte, signature string) (*T, error) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(strings.TrimSpace(signature))) {
		return nil, ErrBadSignature
	}
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		return nil, err
	}
	return &v, nil
}
