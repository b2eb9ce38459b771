package ach

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

// Webhook deliveries are signed with "t=<unix>,v1=<hex hmac>" in the
// Clearwire-Signature header. Clearwire retries a delivery with exponential
// backoff for up to three days until it gets a 2xx.
const SignatureHeader = "Clearwire-Signature"

var ErrBadSignature = errors.New("ach: webhook signature mismatch")

func VerifySignature(secret string, body []byte, header string, now time.Time) error {
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
	if now.Sub(time.Unix(unix, 0)) > 10*time.Minute {
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

type WebhookEvent struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

type PaymentEventData struct {
	PaymentID   string `json:"payment_id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount_cents"`
	FailureCode string `json:"failure_code,omitempty"`
}

type ReturnEventData struct {
	ReturnID    string `json:"return_id"`
	PaymentID   string `json:"payment_id"`
	ReturnCode  string `json:"return_code"`
	Description string `json:"description"`
	AmountCents int64  `json:"amount_cents"`
}
