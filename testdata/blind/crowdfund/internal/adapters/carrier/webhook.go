package carrier

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"github.com/brightfund/crowdfund/internal/core/ports"
	"github.com/brightfund/crowdfund/internal/platform/config"
)

var ErrBadSignature = errors.New("carrier webhook: bad signature")

type WebhookVerifier struct {
	secret []byte
}

func NewWebhookVerifier(cfg config.Config) *WebhookVerifier {
	return &WebhookVerifier{secret: []byte(cfg.CarrierWebhookSecret)}
}

type trackingPayload struct {
	EventID    string    `json:"event_id"`
	ShipmentID string    `json:"shipment_id"`
	Status     string    `json:"status"`
	Detail     string    `json:"detail"`
	OccurredAt time.Time `json:"occurred_at"`
}

// Parse checks the X-ParcelHub-Signature header (hex HMAC-SHA256 of the
// body) and decodes a tracking event.
func (v *WebhookVerifier) Parse(body []byte, signature string) (ports.CarrierEvent, error) {
	mac := hmac.New(sha256.New, v.secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return ports.CarrierEvent{}, ErrBadSignature
	}
	var p trackingPayload
	if err := json.Unmarshal(body, &p); err != nil {
		return ports.CarrierEvent{}, err
	}
	return ports.CarrierEvent{
		EventID:           p.EventID,
		CarrierShipmentID: p.ShipmentID,
		Status:            p.Status,
		Detail:            p.Detail,
		OccurredAt:        p.OccurredAt,
	}, nil
}
