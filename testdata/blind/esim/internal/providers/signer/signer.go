// Package signer signs outbound provider requests with the platform's
// partner credentials. Every provider client shares one Transport.
package signer

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Credentials identify the platform to one partner.
type Credentials struct {
	KeyID  string
	Secret []byte
}

// Signer computes request signatures.
type Signer struct {
	creds map[string]Credentials
	now   func() time.Time
}

// New returns a signer with per-host credentials.
func New(creds map[string]Credentials) *Signer {
	return &Signer{creds: creds, now: time.Now}
}

// Sign adds X-Partner-Key, X-Partner-Timestamp and X-Partner-Signature to req.
// The signature covers method, path, timestamp and the body digest.
func (s *Signer) Sign(req *http.Request, body []byte) error {
	c, ok := s.creds[req.URL.Host]
	if !ok {
		return fmt.Errorf("signer: no credentials for host %q", req.URL.Host)
	}
	ts := strconv.FormatInt(s.now().Unix(), 10)
	digest := sha256.Sum256(body)
	mac := hmac.New(sha256.New, c.Secret)
	fmt.Fprintf(mac, "%s\n%s\n%s\n%s", req.Method, req.URL.RequestURI(), ts, hex.EncodeToString(digest[:]))
	req.Header.Set("X-Partner-Key", c.KeyID)
	req.Header.Set("X-Partner-Timestamp", ts)
	req.Header.Set("X-Partner-Signature", hex.EncodeToString(mac.Sum(nil)))
	return nil
}

// Transport signs each attempt just before it goes on the wire, so retried
// attempts carry a fresh timestamp.
type Transport struct {
	Base   http.RoundTripper
	Signer *Signer
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, fmt.Errorf("signer: read body: %w", err)
		}
		_ = req.Body.Close()
		body = b
	}
	out := req.Clone(req.Context())
	out.Body = io.NopCloser(bytes.NewReader(body))
	out.ContentLength = int64(len(body))
	if err := t.Signer.Sign(out, body); err != nil {
		return nil, err
	}
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	return base.RoundTrip(out)
}
