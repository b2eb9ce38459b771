// Package storage signs object-store keys into time-limited download URLs
// for the court gateway and process servers.
package storage

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strconv"
	"time"
)

// Signer produces URLs verified by the document edge proxy.
type Signer struct {
	base   string
	secret []byte
	now    func() time.Time
}

// NewSigner returns a Signer for the given public base URL.
func NewSigner(base, secret string) *Signer {
	return &Signer{base: base, secret: []byte(secret), now: time.Now}
}

// SignedURL returns a URL for key valid for ttl.
func (s *Signer) SignedURL(key string, ttl time.Duration) string {
	exp := strconv.FormatInt(s.now().Add(ttl).Unix(), 10)
	mac := hmac.New(sha256.New, s.secret)
	mac.Write([]byte(key + "\n" + exp))
	u, err := url.JoinPath(s.base, "docs", key)
	if err != nil {
		u = s.base + "/docs/" + url.PathEscape(key)
	}
	q := url.Values{"exp": {exp}, "sig": {hex.EncodeToString(mac.Sum(nil))}}
	return u + "?" + q.Encode()
}
