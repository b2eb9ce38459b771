package workers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/service/billing"
	"github.com/northgate/tolls/internal/storage/repo"
)

// snsEnvelope is the JSON SNS wraps around a message delivered to SQS
// without raw message delivery.
type snsEnvelope struct {
	Type      string `json:"Type"`
	MessageID string `json:"MessageId"`
	TopicArn  string `json:"TopicArn"`
	Message   string `json:"Message"`
}

// crmEvent is published by the CRM when an agent grants a credit.
type crmEvent struct {
	EventID     string `json:"event_id"`
	Type        string `json:"type"`
	AccountID   string `json:"account_id"`
	AmountCents int64  `json:"amount_cents"`
	CaseNumber  string `json:"case_number"`
	Agent       string `json:"agent"`
	Note        string `json:"note"`
}

const creditsConsumer = "account-events.credits"

// CreditHandler applies CRM credit events from the account-events queue.
type CreditHandler struct {
	billing billing.Service
	inbox   repo.InboxRepository
	log     *zap.Logger
}

// NewCreditHandler returns a CreditHandler.
func NewCreditHandler(b billing.Service, inbox repo.InboxRepository, log *zap.Logger) *CreditHandler {
	return &CreditHandler{billing: b, inbox: inbox, log: log.Named("credits")}
}

// Handle implements Handler.
func (h *CreditHandler) Handle(ctx context.Context, m Message) error {
	var env snsEnvelope
	if err := json.Unmarshal(m.Body, &env); err != nil {
		return errors.Join(errDrop, err)
	}
	var ev crmEvent
	if err := json.Unmarshal([]byte(env.Message), &ev); err != nil {
		return errors.Join(errDrop, err)
	}
	if ev.Type != "account.credit_granted" {
		return nil
	}
	if ev.EventID == "" {
		return fmt.Errorf("%w: credit event without id", errDrop)
	}

	seen, err := h.inbox.Seen(ctx, creditsConsumer, ev.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	entry, err := h.billing.Credit(ctx, billing.CreditParams{
		AccountID:   ev.AccountID,
		AmountCents: ev.AmountCents,
		Reference:   "crm:" + ev.CaseNumber,
		Memo:        ev.Note,
		Actor:       ev.Agent,
	})
	if err != nil {
		return err
	}
	h.log.Info("credit applied", zap.String("event_id", ev.EventID), zap.String("entry_id", entry.ID))
	return h.inbox.Mark(ctx, creditsConsumer, ev.EventID)
}
