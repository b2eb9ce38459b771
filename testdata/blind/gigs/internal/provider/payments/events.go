package payments

import (
	"encoding/json"
	"time"

	"github.com/gigbridge/escrow/internal/provider/httpjson"
)

// SignatureHeader carries the webhook signature.
const SignatureHeader = "Payments-Signature"

// Event is a webhook delivery. ID is stable across redeliveries.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

// ChargeEventData is the payload of charge.* events.
type ChargeEventData struct {
	ChargeID      string `json:"id"`
	Status        string `json:"status"`
	AmountMinor   int64  `json:"amount"`
	Currency      string `json:"currency"`
	FailureReason string `json:"failure_message"`
}

const (
	EventChargeSucceeded = "charge.succeeded"
	EventChargeFailed    = "charge.failed"
)

// VerifyWebhook checks the signature header against the raw body.
func VerifyWebhook(secret, header string, body []byte, now time.Time) error {
	return httpjson.VerifyTimestamped(secret, header, body, now, 5*time.Minute)
}
