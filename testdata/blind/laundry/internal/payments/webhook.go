package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// WebhookEvent is what the processor POSTs to us. It retries delivery with
// the same event id until we answer 2xx, for up to three days.
type WebhookEvent struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

type ChargeCaptured struct {
	PaymentIntent  string `json:"payment_intent"`
	AmountCaptured int64  `json:"amount_captured"`
	Currency       string `json:"currency"`
}

type ChargeRefunded struct {
	PaymentIntent string `json:"payment_intent"`
	Refund        Refund `json:"refund"`
}

var ErrBadSignature = errors.New("processor: bad webhook signature")

// VerifySignature checks the "t=<unix>,v1=<hex>" header against body.
func VerifySignature(secret string, header string, body []byte, tolerance time.Duration) error {
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
		return ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	if tolerance > 0 && time.Since(time.Unix(unix, 0)) > tolerance {
		return fmt.Errorf("%w: too old", ErrBadSignature)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}
