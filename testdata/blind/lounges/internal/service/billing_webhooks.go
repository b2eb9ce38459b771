package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"

	"github.com/aerolounge/loungepass/internal/domain"
)

// renewalBonusGuestPasses are credited with every paid renewal invoice.
const renewalBonusGuestPasses = 2

// BillingWebhookService handles the Stripe Billing endpoint that carries
// subscription invoice events for auto-renewing memberships.
type BillingWebhookService interface {
	HandleBillingEvent(ctx context.Context, evt stripe.Event) error
}

type billingWebhookService struct {
	memberships MembershipStore
	catalog     Catalog
	events      StripeEventStore
	log         *slog.Logger
}

func NewBillingWebhookService(ms MembershipStore, catalog Catalog, events StripeEventStore, log *slog.Logger) BillingWebhookService {
	return &billingWebhookService{memberships: ms, catalog: catalog, events: events, log: log}
}

func (s *billingWebhookService) HandleBillingEvent(ctx context.Context, evt stripe.Event) error {
	seen, err := s.events.IsProcessed(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	switch evt.Type {
	case "invoice.paid":
		err = s.onInvoicePaid(ctx, evt)
	case "invoice.payment_failed":
		err = s.onInvoiceFailed(ctx, evt)
	default:
		s.log.DebugContext(ctx, "ignoring billing event", "type", evt.Type, "id", evt.ID)
	}
	if err != nil {
		return err
	}
	return s.events.MarkProcessed(ctx, evt.ID, string(evt.Type))
}

func subscriptionID(inv stripe.Invoice) string {
	if inv.Parent == nil || inv.Parent.SubscriptionDetails == nil || inv.Parent.SubscriptionDetails.Subscription == nil {
		return ""
	}
	return inv.Parent.SubscriptionDetails.Subscription.ID
}

func (s *billingWebhookService) membershipFor(ctx context.Context, inv stripe.Invoice) (domain.Membership, bool, error) {
	sub := subscriptionID(inv)
	if sub == "" {
		return domain.Membership{}, false, nil
	}
	m, err := s.memberships.GetBySubscription(ctx, sub)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "invoice for unknown subscription", "invoice", inv.ID, "subscription", sub)
		return m, false, nil
	}
	return m, err == nil, err
}

// onInvoicePaid extends the membership by one plan period for each paid
// renewal invoice.
func (s *billingWebhookService) onInvoicePaid(ctx context.Context, evt stripe.Event) error {
	inv, err := decodeObject[stripe.Invoice](evt)
	if err != nil {
		return err
	}
	if inv.BillingReason != stripe.InvoiceBillingReasonSubscriptionCycle {
		return nil
	}
	m, ok, err := s.membershipFor(ctx, inv)
	if err != nil || !ok {
		return err
	}
	plan, err := s.catalog.Plan(ctx, m.PlanCode)
	if err != nil {
		return err
	}
	if err := s.memberships.ExtendForInvoice(ctx, m.ID, plan.PeriodMonths, renewalBonusGuestPasses); err != nil {
		return fmt.Errorf("extend membership %s for invoice %s: %w", m.ID, inv.ID, err)
	}
	s.log.InfoContext(ctx, "membership renewed", "membership_id", m.ID, "invoice", inv.ID)
	return nil
}

func (s *billingWebhookService) onInvoiceFailed(ctx context.Context, evt stripe.Event) error {
	inv, err := decodeObject[stripe.Invoice](evt)
	if err != nil {
		return err
	}
	m, ok, err := s.membershipFor(ctx, inv)
	if err != nil || !ok {
		return err
	}
	return s.memberships.MarkPastDue(ctx, m.ID)
}
