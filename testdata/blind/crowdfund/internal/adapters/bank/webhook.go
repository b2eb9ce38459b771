package bank

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"time"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/platform/config"
)

var ErrBadSignature = errors.New("bank webhook: bad signature")

type WebhookVerifier struct {
	secret []byte
}

func NewWebhookVerifier(cfg config.Config) *WebhookVerifier {
	return &WebhookVerifier{secret: []byte(cfg.BankWebhookSecret)}
}

type notification struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"`
	OccurredAt time.Time `json:"occurred_at"`
	Data       struct {
		TransferID string `json:"transfer_id"`
		EndToEndID string `json:"end_to_end_id"`
		Amount     int64  `json:"amount_minor"`
		Reason     string `json:"return_reason"`
	} `json:"data"`
}

func (v *WebhookVerifier) Parse(body []byte, timestamp, signature string) (domain.BankEvent, error) {
	mac := hmac.New(sha256.New, v.secret)
	mac.Write([]byte(timestamp + "."))
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return domain.BankEvent{}, ErrBadSignature
	}
	var n notification
	if err := json.Unmarshal(body, &n); err != nil {
		return domain.BankEvent{}, err
	}
	return domain.BankEvent{
		ID:          n.ID,
		Type:        n.Type,
		TransferRef: n.Data.TransferID,
		EndToEndID:  n.Data.EndToEndID,
		AmountCents: n.Data.Amount,
		Reason:      n.Data.Reason,
		OccurredAt:  n.OccurredAt,
	}, nil
}
