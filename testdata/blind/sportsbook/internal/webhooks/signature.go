// Package webhooks receives callbacks from the PSP and the payout partner.
package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

var errBadSignature = errors.New("webhooks: bad signature")

// maxSkew is how old a signed PSP timestamp may be.
const maxSkew = 5 * time.Minute

// verifyPSP checks a "t=<unix>,v1=<hex>" signature over "<t>.<body>".
func verifyPSP(secret []byte, header string, body []byte, now time.Time) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return errBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errBadSignature
	}
	if d := now.Sub(time.Unix(unix, 0)); d > maxSkew || d < -maxSkew {
		return errBadSignature
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig)) {
		return errBadSignature
	}
	return nil
}

// verifyHex checks a plain hex HMAC-SHA256 of the body.
func verifyHex(secret []byte, sig string, body []byte) error {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(strings.ToLower(sig))) {
		return errBadSignature
	}
	return nil
}

func readBody(r *http.Request) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r.Body, 1<<20))
}

func reply(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(msg))
}
