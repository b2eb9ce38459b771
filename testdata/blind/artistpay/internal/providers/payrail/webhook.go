package payrail

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// ErrBadSignature is returned for webhook bodies that fail verification.
var ErrBadSignature = errors.New("payrail: bad webhook signature")

// SignatureHeader carries "t=<unix>,v1=<hex hmac>".
const SignatureHeader = "Payrail-Signature"

// ParseEvent verifies the signature header and decodes the event.
func ParseEvent(body []byte, header, secret string, tolerance time.Duration) (Event, error) {
	var ev Event
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return ev, ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ev, ErrBadSignature
	}
	if tolerance > 0 && time.Since(time.Unix(unix, 0)) > tolerance {
		return ev, ErrBadSignature
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ev, ErrBadSignature
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		return ev, err
	}
	return ev, nil
}
