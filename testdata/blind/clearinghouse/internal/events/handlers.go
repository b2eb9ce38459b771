package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/medbridge-health/clearinghouse/internal/service"
)

// Statements is the statement use case driven by internal events.
type Statements interface {
	IssueFromRemittance(ctx context.Context, ev service.RemittancePosted) error
	NotifyPatient(ctx context.Context, ev service.StatementIssued) error
}

// Payouts is the payout use case driven by internal events.
type Payouts interface {
	SettleTransfer(ctx context.Context, ev service.PayoutTransferred) error
}

// subscription binds a topic to a handler.
type subscription struct {
	name    string
	topic   string
	handler message.NoPublishHandlerFunc
}

func handle[T any](fn func(ctx context.Context, v T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var v T
		if err := json.Unmarshal(msg.Payload, &v); err != nil {
			// A payload we cannot decode will never succeed; drop it.
			return nil
		}
		if err := fn(msg.Context(), v); err != nil {
			return fmt.Errorf("message %s: %w", msg.UUID, err)
		}
		return nil
	}
}

// Register adds every internal event subscription to the router.
func Register(r *message.Router, bus *Bus, st *service.StatementService, po *service.PayoutService) {
	register(r, bus, st, po)
}

func register(r *message.Router, bus *Bus, st Statements, po Payouts) {
	subs := []subscription{
		{"statement-from-remittance", service.TopicRemittancePosted, handle(st.IssueFromRemittance)},
		{"statement-patient-sms", service.TopicStatementIssued, handle(st.NotifyPatient)},
		{"payout-settlement", service.TopicPayoutTransfered, handle(po.SettleTransfer)},
	}
	for _, s := range subs {
		r.AddConsumerHandler(s.name, s.topic, bus.Subscriber(), s.handler)
	}
}
