// Package webhook holds helpers shared by the partner webhook receivers:
// signature verification and delivery de-duplication.
package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/veinline/plasmaops/internal/platform/apperr"
)

// MaxBody caps webhook payloads.
const MaxBody = 1 << 20

// Verifier checks "t=<unix>,v1=<hex hmac>" style signature headers over
// "<t>.<body>", the scheme both the card issuer and the lab partner use.
type Verifier struct {
	Secret    []byte
	Header    string
	Tolerance time.Duration
	Now       func() time.Time
}

// ReadAndVerify reads the request body and verifies its signature.
func (v Verifier) ReadAndVerify(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxBody))
	if err != nil {
		return nil, apperr.Invalid("read body: %v", err)
	}
	header := r.Header.Get(v.Header)
	if header == "" {
		return nil, apperr.Unauthenticated("missing %s header", v.Header)
	}
	var ts int64
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts, _ = strconv.ParseInt(val, 10, 64)
		case "v1":
			sigs = append(sigs, val)
		}
	}
	if ts == 0 || len(sigs) == 0 {
		return nil, apperr.Unauthenticated("malformed signature header")
	}
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	tol := v.Tolerance
	if tol == 0 {
		tol = 5 * time.Minute
	}
	if d := now().Sub(time.Unix(ts, 0)); d > tol || d < -tol {
		return nil, apperr.Unauthenticated("signature timestamp outside tolerance")
	}
	mac := hmac.New(sha256.New, v.Secret)
	fmt.Fprintf(mac, "%d.", ts)
	mac.Write(body)
	want := mac.Sum(nil)
	for _, s := range sigs {
		got, err := hex.DecodeString(s)
		if err == nil && hmac.Equal(got, want) {
			return body, nil
		}
	}
	return nil, apperr.Unauthenticated("signature mismatch")
}
