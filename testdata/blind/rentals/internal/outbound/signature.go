package outbound

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"time"
)

// ErrBadSignature is returned when a partner webhook signature is invalid.
var ErrBadSignature = errors.New("invalid webhook signature")

// VerifyHMAC checks a hex HMAC-SHA256 over "timestamp.body", rejecting
// timestamps outside the tolerance.
func VerifyHMAC(secret, timestamp, signature string, body []byte, tolerance time.Duration) error {
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	if d := time.Since(time.Unix(ts, 0)); d > tolerance || d < -tolerance {
		return ErrBadSignature
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp))
	mac.Write([]byte("."))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(want, got) {
		return ErrBadSignature
	}
	return nil
}
