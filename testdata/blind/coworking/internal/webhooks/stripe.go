// Package webhooks processes inbound provider webhooks (Stripe and the
// door-access partner).
package webhooks

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/store"
	"github.com/deskhive/coworking/internal/tasks"
)

type stripeHandler func(ctx context.Context, evt stripe.Event) error

// StripeProcessor verifies and applies Stripe events. Stripe retries any
// delivery that does not get a 2xx, for up to three days.
type StripeProcessor struct {
	store    store.Store
	enqueuer tasks.Enqueuer
	secret   string
	log      *slog.Logger
	handlers map[stripe.EventType]stripeHandler
}

// NewStripeProcessor builds the processor and its event table.
func NewStripeProcessor(s store.Store, enq tasks.Enqueuer, secret string, log *slog.Logger) *StripeProcessor {
	p := &StripeProcessor{store: s, enqueuer: enq, secret: secret, log: log}
	p.handlers = map[stripe.EventType]stripeHandler{
		stripe.EventTypeInvoicePaid:                 p.onInvoicePaid,
		stripe.EventTypeInvoicePaymentFailed:        p.onInvoicePaymentFailed,
		stripe.EventTypeCustomerSubscriptionDeleted: p.onSubscriptionDeleted,
	}
	return p
}

// Verify checks the signature header and decodes the event.
func (p *StripeProcessor) Verify(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEvent(payload, signature, p.secret)
}

// Process applies evt at most once per event ID.
func (p *StripeProcessor) Process(ctx context.Context, evt stripe.Event) error {
	h, ok := p.handlers[evt.Type]
	if !ok {
		return nil
	}
	seen, err := p.store.StripeWebhookEventExists(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		p.log.DebugContext(ctx, "duplicate stripe event", "event_id", evt.ID)
		return nil
	}
	if err := h(ctx, evt); err != nil {
		return fmt.Errorf("%s %s: %w", evt.Type, evt.ID, err)
	}
	return p.store.RecordStripeWebhookEvent(ctx, db.RecordStripeWebhookEventParams{
		EventID:   evt.ID,
		EventType: string(evt.Type),
	})
}

func decodeInvoice(evt stripe.Event) (*stripe.Invoice, string, error) {
	var inv stripe.Invoice
	if err := json.Unmarshal(evt.Data.Raw, &inv); err != nil {
		return nil, "", fmt.Errorf("decode invoice: %w", err)
	}
	subID := ""
	if inv.Parent != nil && inv.Parent.SubscriptionDetails != nil && inv.Parent.SubscriptionDetails.Subscription != nil {
		subID = inv.Parent.SubscriptionDetails.Subscription.ID
	}
	return &inv, subID, nil
}

// onInvoicePaid activates the membership and tops up its monthly credits.
func (p *StripeProcessor) onInvoicePaid(ctx context.Context, evt stripe.Event) error {
	inv, subID, err := decodeInvoice(evt)
	if err != nil {
		return err
	}
	if subID == "" {
		// One-off invoice (usage, day passes): just mark it paid.
		_, err := p.store.MarkInvoicePaid(ctx, inv.ID)
		if store.IsNotFound(err) {
			return nil
		}
		return err
	}

	var membership db.Membership
	err = p.store.ExecTx(ctx, func(q *db.Queries) error {
		m, err := q.ActivateMembershipBySubscription(ctx, sql.NullString{String: subID, Valid: true})
		if err != nil {
			return fmt.Errorf("activate membership for %s: %w", subID, err)
		}
		plan, err := q.GetPlan(ctx, m.PlanID)
		if err != nil {
			return err
		}
		if plan.CreditMinutes > 0 {
			if err := q.AddCredits(ctx, db.AddCreditsParams{Minutes: plan.CreditMinutes, ID: m.MemberID}); err != nil {
				return err
			}
			if err := q.InsertCreditLedgerEntry(ctx, db.InsertCreditLedgerEntryParams{
				ID:           idgen.NewID(),
				MemberID:     m.MemberID,
				DeltaMinutes: plan.CreditMinutes,
				Reason:       "plan_renewal",
				Reference:    inv.ID,
			}); err != nil {
				return err
			}
		}
		membership = m
		return nil
	})
	if err != nil {
		return err
	}

	t, err := tasks.New(tasks.TypeActivateMembership, tasks.MembershipPayload{MembershipID: membership.ID},
		asynq.TaskID(idgen.Derived("activate", membership.ID.String())),
		asynq.Queue(tasks.QueueCritical),
	)
	if err != nil {
		return err
	}
	return p.enqueuer.Enqueue(ctx, t)
}

// onInvoicePaymentFailed flags the membership and schedules the late fee.
func (p *StripeProcessor) onInvoicePaymentFailed(ctx context.Context, evt stripe.Event) error {
	inv, subID, err := decodeInvoice(evt)
	if err != nil {
		return err
	}
	if subID != "" {
		if err := p.store.MarkMembershipPastDue(ctx, sql.NullString{String: subID, Valid: true}); err != nil {
			return err
		}
	}
	memberID, err := uuid.Parse(inv.Metadata["member_id"])
	if err != nil && inv.Parent != nil && inv.Parent.SubscriptionDetails != nil {
		memberID, err = uuid.Parse(inv.Parent.SubscriptionDetails.Metadata["member_id"])
	}
	if err != nil {
		p.log.WarnContext(ctx, "failed invoice without member reference", "invoice", inv.ID)
		return nil
	}
	t, err := tasks.New(tasks.TypeLateFee, tasks.LateFeePayload{MemberID: memberID, StripeInvoiceID: inv.ID},
		asynq.TaskID(idgen.Derived("late-fee", inv.ID)),
		asynq.ProcessIn(72*time.Hour),
		asynq.Retention(30*24*time.Hour),
		asynq.MaxRetry(5),
	)
	if err != nil {
		return err
	}
	return p.enqueuer.Enqueue(ctx, t)
}

// onSubscriptionDeleted closes the membership and revokes its cards.
func (p *StripeProcessor) onSubscriptionDeleted(ctx context.Context, evt stripe.Event) error {
	var sub stripe.Subscription
	if err := json.Unmarshal(evt.Data.Raw, &sub); err != nil {
		return fmt.Errorf("decode subscription: %w", err)
	}
	membershipID, err := uuid.Parse(sub.Metadata["membership_id"])
	if err != nil {
		p.log.WarnContext(ctx, "subscription without membership reference", "subscription", sub.ID)
		return nil
	}
	if _, err := p.store.CancelMembership(ctx, membershipID); err != nil {
		return err
	}
	t, err := tasks.New(tasks.TypeRevokeCards, tasks.MembershipPayload{MembershipID: membershipID},
		asynq.TaskID(idgen.Derived("revoke-cards", membershipID.String())),
		asynq.Queue(tasks.QueueCritical),
	)
	if err != nil {
		return err
	}
	return p.enqueuer.Enqueue(ctx, t)
}
