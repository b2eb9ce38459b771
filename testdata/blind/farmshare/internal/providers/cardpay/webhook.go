package cardpay

import "encoding/json"

// Webhook event types we subscribe to.
const (
	EventChargeSucceeded = "charge.succeeded"
	EventChargeFailed    = "charge.failed"
	EventChargeRefunded  = "charge.refunded"
	EventDisputeCreated  = "charge.dispute.created"
)

// Event is the envelope Cardpay posts to our webhook endpoint. Cardpay
// retries delivery with backoff for three days until it gets a 2xx.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

// ChargeEventData is the data object of charge.* events.
type ChargeEventData struct {
	Charge
	Metadata       map[string]string `json:"metadata"`
	AmountRefunded int64             `json:"amount_refunded"`
}
