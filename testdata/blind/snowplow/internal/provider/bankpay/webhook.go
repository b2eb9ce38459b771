package bankpay

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Event types delivered to the payout webhook.
const (
	EventPayoutPaid     = "payout.paid"
	EventPayoutFailed   = "payout.failed"
	EventPayoutReturned = "payout.returned"
)

// Event is the webhook envelope. The partner redelivers an event with the
// same ID until it gets a 2xx.
type Event struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Created int64  `json:"created"`
	Data    struct {
		PayoutID      string            `json:"payout_id"`
		Status        string            `json:"status"`
		FailureCode   string            `json:"failure_code,omitempty"`
		FailureReason string            `json:"failure_message,omitempty"`
		Metadata      map[string]string `json:"metadata,omitempty"`
	} `json:"data"`
}

var ErrBadSignature = errors.New("bankpay: bad webhook signature")

// VerifySignature checks a "t=<unix>,v1=<hex>" signature header.
func VerifySignature(secret string, body []byte, header string, tolerance time.Duration, now time.Time) error {
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
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sig == "" {
		return ErrBadSignature
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return ErrBadSignature
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}
