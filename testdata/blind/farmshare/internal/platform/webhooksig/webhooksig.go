// Package webhooksig verifies HMAC-SHA256 webhook signatures of the form
// "t=<unix>,v1=<hex>" used by our payment and bank partners.
package webhooksig

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// ErrInvalid is returned for missing, malformed or mismatched signatures.
var ErrInvalid = errors.New("invalid webhook signature")

// Verify checks header against body with secret, rejecting timestamps older
// than tolerance.
func Verify(secret, header string, body []byte, tolerance time.Duration, now time.Time) error {
	if secret == "" {
		return nil
	}
	var ts int64
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return ErrInvalid
			}
			ts = n
		case "v1":
			sigs = append(sigs, v)
		}
	}
	if ts == 0 || len(sigs) == 0 {
		return ErrInvalid
	}
	if now.Sub(time.Unix(ts, 0)) > tolerance {
		return ErrInvalid
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(ts, 10)))
	mac.Write([]byte("."))
	mac.Write(body)
	want := mac.Sum(nil)
	for _, s := range sigs {
		got, err := hex.DecodeString(s)
		if err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return ErrInvalid
}
