package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/tasks"
)

// PaymentWebhookService handles the Stripe payments endpoint
// (payment_intent.* and refund.* events).
type PaymentWebhookService interface {
	HandlePaymentEvent(ctx context.Context, evt stripe.Event) error
}

type paymentWebhookService struct {
	members     MemberStore
	memberships MembershipStore
	passes      DayPassStore
	refunds     RefundStore
	catalog     Catalog
	queue       TaskQueue
	now         NowFunc
	log         *slog.Logger
}

func NewPaymentWebhookService(members MemberStore, ms MembershipStore, passes DayPassStore, refunds RefundStore,
	catalog Catalog, queue TaskQueue, now NowFunc, log *slog.Logger) PaymentWebhookService {
	return &paymentWebhookService{members: members, memberships: ms, passes: passes, refunds: refunds,
		catalog: catalog, queue: queue, now: now, log: log}
}

// paymentHandlers routes payment events by type. Every handler only moves
// rows forward from the state it expects, so replays leave them unchanged.
func (s *paymentWebhookService) paymentHandlers() map[stripe.EventType]func(context.Context, stripe.Event) error {
	return map[stripe.EventType]func(context.Context, stripe.Event) error{
		"payment_intent.succeeded":      s.onPaymentSucceeded,
		"payment_intent.payment_failed": s.onPaymentFailed,
		"refund.updated":                s.onRefundUpdated,
	}
}

func (s *paymentWebhookService) HandlePaymentEvent(ctx context.Context, evt stripe.Event) error {
	h, ok := s.paymentHandlers()[evt.Type]
	if !ok {
		s.log.DebugContext(ctx, "ignoring stripe event", "type", evt.Type, "id", evt.ID)
		return nil
	}
	return h(ctx, evt)
}

func decodeObject[T any](evt stripe.Event) (T, error) {
	var out T
	if evt.Data == nil {
		return out, fmt.Errorf("event %s has no data: %w", evt.ID, domain.ErrValidation)
	}
	if err := json.Unmarshal(evt.Data.Raw, &out); err != nil {
		return out, fmt.Errorf("decode %s object: %w", evt.Type, err)
	}
	return out, nil
}

func (s *paymentWebhookService) onPaymentSucceeded(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](evt)
	if err != nil {
		return err
	}
	switch pi.Metadata["kind"] {
	case "membership":
		id, err := uuid.Parse(pi.Metadata["membership_id"])
		if err != nil {
			return fmt.Errorf("payment intent %s: bad membership_id: %w", pi.ID, domain.ErrValidation)
		}
		m, err := s.memberships.Get(ctx, id)
		if err != nil {
			return err
		}
		plan, err := s.catalog.Plan(ctx, m.PlanCode)
		if err != nil {
			return err
		}
		if _, err := s.memberships.Activate(ctx, m.ID, s.now(), plan.PeriodMonths, plan.GuestPassesPerMonth); err != nil {
			return fmt.Errorf("activate membership %s: %w", m.ID, err)
		}
		// Stripe can deliver this before Purchase has attached the intent, so
		// the receipt is queued whether or not this delivery did the
		// activation.
		return s.queueReceipt(ctx, "membership", m.ID, m.MemberID, pi)

	case "day_pass":
		id, err := uuid.Parse(pi.Metadata["day_pass_id"])
		if err != nil {
			return fmt.Errorf("payment intent %s: bad day_pass_id: %w", pi.ID, domain.ErrValidation)
		}
		p, err := s.passes.Get(ctx, id)
		if err != nil {
			return err
		}
		if _, err := s.passes.Activate(ctx, p.ID); err != nil {
			return fmt.Errorf("activate day pass %s: %w", p.ID, err)
		}
		if p.MemberID == nil {
			return nil
		}
		return s.queueReceipt(ctx, "day_pass", p.ID, *p.MemberID, pi)
	}
	return nil
}

func (s *paymentWebhookService) queueReceipt(ctx context.Context, kind string, subject, memberID uuid.UUID, pi stripe.PaymentIntent) error {
	member, err := s.members.Get(ctx, memberID)
	if err != nil {
		return err
	}
	return s.queue.EnqueueReceipt(ctx, tasks.ReceiptPayload{
		Kind:        kind,
		SubjectID:   subject,
		Email:       member.Email,
		AmountCents: pi.Amount,
		Currency:    string(pi.Currency),
		PaymentRef:  pi.ID,
	})
}

func (s *paymentWebhookService) onPaymentFailed(ctx context.Context, evt stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](evt)
	if err != nil {
		return err
	}
	switch pi.Metadata["kind"] {
	case "membership":
		if id, err := uuid.Parse(pi.Metadata["membership_id"]); err == nil {
			return s.memberships.MarkFailed(ctx, id)
		}
	case "day_pass":
		if id, err := uuid.Parse(pi.Metadata["day_pass_id"]); err == nil {
			return s.passes.MarkFailed(ctx, id)
		}
	}
	return nil
}

func (s *paymentWebhookService) onRefundUpdated(ctx context.Context, evt stripe.Event) error {
	r, err := decodeObject[stripe.Refund](evt)
	if err != nil {
		return err
	}
	if r.Status != stripe.RefundStatusSucceeded {
		return nil
	}
	_, err = s.refunds.ConfirmByStripeID(ctx, r.ID)
	return err
}
