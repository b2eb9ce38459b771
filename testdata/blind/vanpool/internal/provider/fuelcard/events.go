// Package fuelcard has the fuel card processor's inbound message formats:
// the settlement webhook and the real-time event stream.
package fuelcard

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"time"
)

// ErrBadSignature is returned when a webhook signature does not verify.
var ErrBadSignature = errors.New("fuelcard: bad webhook signature")

// VerifyWebhook checks the X-Fleet-Signature header: base64 HMAC-SHA256 of the
// raw body with the shared secret.
func VerifyWebhook(secret string, body []byte, signature string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return ErrBadSignature
	}
	return nil
}

// WebhookEnvelope wraps every webhook delivery. ID is stable across resends.
type WebhookEnvelope struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

// SettlementPosted is the data of a "settlement.posted" webhook: the day's
// settled transactions for the fleet account.
type SettlementPosted struct {
	SettlementID string                  `json:"settlement_id"`
	BusinessDate string                  `json:"business_date"`
	Transactions []SettlementTransaction `json:"transactions"`
}

// SettlementTransaction is one settled purchase.
type SettlementTransaction struct {
	TransactionID string    `json:"transaction_id"`
	CardToken     string    `json:"card_token"`
	AuthID        string    `json:"auth_id"`
	AmountCents   int64     `json:"amount_cents"`
	GallonsMilli  int64     `json:"gallons_milli"`
	Odometer      *int      `json:"odometer"`
	MerchantName  string    `json:"merchant_name"`
	SettledAt     time.Time `json:"settled_at"`
}

// StreamEvent is one message on the processor's Kafka topic. ID is stable
// across redeliveries.
type StreamEvent struct {
	ID         string          `json:"event_id"`
	Type       string          `json:"event_type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

// Stream event types.
const (
	TypeAuthorized    = "transaction.authorized"
	TypeDeclined      = "transaction.declined"
	TypeReversed      = "transaction.reversed"
	TypeCardStatus    = "card.status_changed"
	TypeSettlementRdy = "settlement.ready"
)

// Authorization is the payload of transaction.authorized.
type Authorization struct {
	AuthID       string    `json:"auth_id"`
	CardToken    string    `json:"card_token"`
	AmountCents  int64     `json:"amount_cents"`
	MerchantName string    `json:"merchant_name"`
	MerchantMCC  string    `json:"merchant_mcc"`
	AuthorizedAt time.Time `json:"authorized_at"`
}

// Decline is the payload of transaction.declined.
type Decline struct {
	CardToken    string    `json:"card_token"`
	AmountCents  int64     `json:"amount_cents"`
	MerchantName string    `json:"merchant_name"`
	ReasonCode   string    `json:"reason_code"`
	DeclinedAt   time.Time `json:"declined_at"`
}

// Reversal is the payload of transaction.reversed.
type Reversal struct {
	AuthID      string    `json:"auth_id"`
	CardToken   string    `json:"card_token"`
	AmountCents int64     `json:"amount_cents"`
	ReversedAt  time.Time `json:"reversed_at"`
}

// CardStatus is the payload of card.status_changed.
type CardStatus struct {
	CardToken string    `json:"card_token"`
	Status    string    `json:"status"`
	ChangedAt time.Time `json:"changed_at"`
}

// DeclineReasonText maps processor reason codes to driver-friendly text.
func DeclineReasonText(code string) string {
	switch code {
	case "51":
		return "over the van's fuel limit"
	case "57":
		return "a product the card doesn't allow"
	case "61":
		return "over the daily spend limit"
	case "N7":
		return "a wrong driver PIN"
	case "O2":
		return "an odometer entry that didn't look right"
	default:
		return "a card restriction"
	}
}
