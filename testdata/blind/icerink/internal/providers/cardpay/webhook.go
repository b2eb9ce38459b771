package cardpay

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/frostline-arena/rinkops/internal/platform"
)

const SignatureHeader = "Cardpay-Signature"

// Event is the envelope Cardpay posts to our webhook endpoint. Cardpay
// retries a delivery with the same event ID until it gets a 2xx, for up to
// three days.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

type ChargeEventData struct {
	ChargeID    string            `json:"id"`
	AmountCents int64             `json:"amount"`
	Customer    string            `json:"customer"`
	Metadata    map[string]string `json:"metadata"`
}

// ParseEvent verifies the signature and decodes the envelope.
func ParseEvent(secret, signature string, body []byte) (*Event, error) {
	if err := platform.VerifyHMAC(secret, signature, body, 5*time.Minute); err != nil {
		return nil, err
	}
	var evt Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return nil, fmt.Errorf("decode cardpay event: %w", err)
	}
	if evt.ID == "" || evt.Type == "" {
		return nil, fmt.Errorf("cardpay event missing id or type")
	}
	return &evt, nil
}

func (e *Event) ChargeData() (*ChargeEventData, error) {
	var d ChargeEventData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return nil, fmt.Errorf("decode charge data: %w", err)
	}
	return &d, nil
}
