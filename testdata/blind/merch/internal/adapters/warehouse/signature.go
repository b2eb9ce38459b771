package warehouse

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// SignatureHeader carries "t=<unix>,v1=<hex hmac>" where the HMAC-SHA256
// covers "<t>.<body>".
const SignatureHeader = "X-Fulfilwell-Signature"

var ErrBadSignature = errors.New("warehouse webhook signature mismatch")

type Verifier struct {
	secret    []byte
	tolerance time.Duration
	now       func() time.Time
}

func NewVerifier(secret string) *Verifier {
	return &Verifier{secret: []byte(secret), tolerance: 5 * time.Minute, now: time.Now}
}

func (v *Verifier) Verify(body []byte, header string) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = val
		case "v1":
			sig = val
		}
	}
	if ts == "" || sig == "" {
		return ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	if d := v.now().Sub(time.Unix(unix, 0)); d > v.tolerance || d < -v.tolerance {
		return ErrBadSignature
	}
	mac := hmac.New(sha256.New, v.secret)
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(sig)
	if err != nil || !hmac.Equal(want, got) {
		return ErrBadSignature
	}
	return nil
}
