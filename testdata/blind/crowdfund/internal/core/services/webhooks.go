package services

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type eventHandler[E any] func(ctx context.Context, ev E) error

type identified interface {
	EventID() string
}

// once skips events whose id was already processed and records the id
// after the handler succeeds.
func once[E identified](events ports.WebhookEventRepository, provider string, h eventHandler[E]) eventHandler[E] {
	return func(ctx context.Context, ev E) error {
		seen, err := events.Seen(ctx, provider, ev.EventID())
		if err != nil {
			return err
		}
		if seen {
			return nil
		}
		if err := h(ctx, ev); err != nil {
			return err
		}
		return events.Record(ctx, provider, ev.EventID())
	}
}

func dispatch[E any](ctx context.Context, table map[string]eventHandler[E], kind string, ev E, log *slog.Logger) error {
	h, ok := table[kind]
	if !ok {
		log.DebugContext(ctx, "ignoring event", "type", kind)
		return nil
	}
	return h(ctx, ev)
}

type Webhooks struct {
	repos ports.Repos
	uow   ports.UnitOfWork
	clock ports.Clock
	log   *slog.Logger

	payment map[string]eventHandler[domain.PaymentEvent]
	bank    map[string]eventHandler[domain.BankEvent]
}

func NewWebhooks(repos ports.Repos, uow ports.UnitOfWork, clock ports.Clock, log *slog.Logger) *Webhooks {
	w := &Webhooks{repos: repos, uow: uow, clock: clock, log: log.With("svc", "webhooks")}
	w.payment = map[string]eventHandler[domain.PaymentEvent]{
		"payment_intent.amount_capturable_updated": w.onAuthorized,
		"charge.dispute.created":                   w.onDisputeCreated,
		"charge.refunded":                          once(repos.WebhookEvents(), "stripe", w.onChargeRefunded),
	}
	w.bank = map[string]eventHandler[domain.BankEvent]{
		"transfer.settled":  w.onTransferSettled,
		"transfer.returned": w.onTransferReturned,
	}
	return w
}

func (w *Webhooks) HandlePayment(ctx context.Context, ev domain.PaymentEvent) error {
	return dispatch(ctx, w.payment, ev.Type, ev, w.log)
}

func (w *Webhooks) HandleBank(ctx context.Context, ev domain.BankEvent) error {
	return dispatch(ctx, w.bank, ev.Type, ev, w.log)
}

// pledgeFor resolves the pledge behind a PaymentIntent. Intents created
// outside the platform (dashboard tests) are ignored.
func (w *Webhooks) pledgeFor(ctx context.Context, r ports.Repos, paymentIntentID string) (domain.Pledge, bool, error) {
	if paymentIntentID == "" {
		return domain.Pledge{}, false, nil
	}
	p, err := r.Pledges().GetByPaymentIntent(ctx, paymentIntentID)
	if errors.Is(err, domain.ErrNotFound) {
		w.log.WarnContext(ctx, "event for unknown payment intent", "payment_intent", paymentIntentID)
		return domain.Pledge{}, false, nil
	}
	return p, err == nil, err
}

// onAuthorized completes pledges whose authorisation needed 3-D Secure.
func (w *Webhooks) onAuthorized(ctx context.Context, ev domain.PaymentEvent) error {
	ok, err := w.repos.Pledges().MarkAuthorized(ctx, ev.PaymentIntentID)
	if err != nil {
		return err
	}
	if ok {
		w.log.InfoContext(ctx, "pledge authorized", "payment_intent", ev.PaymentIntentID)
	}
	return nil
}

func (w *Webhooks) onDisputeCreated(ctx context.Context, ev domain.PaymentEvent) error {
	return w.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		p, ok, err := w.pledgeFor(ctx, r, ev.PaymentIntentID)
		if err != nil || !ok {
			return err
		}
		if err := r.Disputes().Create(ctx, domain.Dispute{
			ID:              uuid.NewString(),
			StripeDisputeID: ev.DisputeID,
			PledgeID:        p.ID,
			AmountCents:     ev.AmountCents,
			Reason:          ev.Reason,
			Status:          ev.Status,
		}); err != nil {
			return err
		}
		return r.Pledges().SetStatus(ctx, p.ID, domain.PledgeDisputed)
	})
}

func (w *Webhooks) onChargeRefunded(ctx context.Context, ev domain.PaymentEvent) error {
	return w.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		p, ok, err := w.pledgeFor(ctx, r, ev.PaymentIntentID)
		if err != nil || !ok {
			return err
		}
		if err := r.Campaigns().AddCollected(ctx, p.CampaignID, -ev.RefundedCents); err != nil {
			return err
		}
		if ev.RefundedCents >= p.AmountCents {
			if err := r.Pledges().SetStatus(ctx, p.ID, domain.PledgeRefunded); err != nil {
				return err
			}
		}
		email, err := r.Backers().Email(ctx, p.BackerID)
		if err != nil {
			return err
		}
		return queueNotification(ctx, r, domain.TplRefunded, p.ID, email, map[string]string{
			"currency": p.Currency,
		})
	})
}

func (w *Webhooks) onTransferSettled(ctx context.Context, ev domain.BankEvent) error {
	ok, err := w.repos.Payouts().MarkSettled(ctx, ev.TransferRef, ev.OccurredAt)
	if err != nil {
		return err
	}
	if !ok {
		w.log.InfoContext(ctx, "settlement for unknown or settled transfer", "transfer", ev.TransferRef)
	}
	return nil
}

// onTransferReturned credits the creator's balance back when the bank
// bounces a payout (closed account, wrong details).
func (w *Webhooks) onTransferReturned(ctx context.Context, ev domain.BankEvent) error {
	return w.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		p, err := r.Payouts().MarkReturned(ctx, ev.TransferRef)
		if err != nil {
			return err
		}
		return r.Ledger().Append(ctx, domain.LedgerEntry{
			ID:          ksuid.New().String(),
			CampaignID:  p.CampaignID,
			PayoutID:    p.ID,
			Kind:        domain.LedgerPayoutReturned,
			AmountCents: p.AmountCents,
			Memo:        "returned: " + ev.Reason,
		})
	})
}

var carrierStatuses = map[string]domain.ShipmentStatus{
	"in_transit":       domain.ShipmentInTransit,
	"out_for_delivery": domain.ShipmentInTransit,
	"delivered":        domain.ShipmentDelivered,
	"exception":        domain.ShipmentException,
	"returned":         domain.ShipmentReturned,
}

// HandleCarrier applies a ParcelHub tracking event.
func (w *Webhooks) HandleCarrier(ctx context.Context, ev ports.CarrierEvent) error {
	status, known := carrierStatuses[strings.ToLower(ev.Status)]
	if !known {
		return nil
	}
	return w.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		fresh, err := r.Shipments().RecordEvent(ctx, domain.ShipmentEvent{
			CarrierEventID:    ev.EventID,
			CarrierShipmentID: ev.CarrierShipmentID,
			Status:            status,
			Detail:            ev.Detail,
			OccurredAt:        ev.OccurredAt,
		})
		if err != nil || !fresh {
			return err
		}
		sh, err := r.Shipments().GetByCarrierID(ctx, ev.CarrierShipmentID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := r.Shipments().SetStatus(ctx, sh.ID, status); err != nil {
			return err
		}
		if status != domain.ShipmentDelivered {
			return nil
		}
		p, err := r.Pledges().Get(ctx, sh.PledgeID)
		if err != nil {
			return err
		}
		email, err := r.Backers().Email(ctx, p.BackerID)
		if err != nil {
			return err
		}
		return queueNotification(ctx, r, domain.TplDelivered, sh.ID, email, map[string]string{
			"tracking_number": sh.TrackingNumber,
		})
	})
}
