package gifting

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/stripe/stripe-go/v82"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/idgen"
	"github.com/tiedknot/registry/internal/store"
)

// EventHandler handles one Stripe event type.
type EventHandler func(ctx context.Context, evt stripe.Event) error

// EventLedger remembers handled events.
type EventLedger interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Record(ctx context.Context, eventID, eventType string) error
}

// Processor routes verified Stripe events to handlers. Other packages add
// handlers for the event types they own with Register.
type Processor struct {
	tx       store.TxRunner
	repo     Repository
	jobs     Jobs
	ledger   EventLedger
	log      *slog.Logger
	now      func() time.Time
	handlers map[stripe.EventType]EventHandler

	newContributionID idgen.Generator
}

// NewProcessor builds the processor with the gifting handlers registered.
func NewProcessor(tx store.TxRunner, repo Repository, jobs Jobs, ledger EventLedger, log *slog.Logger) *Processor {
	p := &Processor{
		tx:                tx,
		repo:              repo,
		jobs:              jobs,
		ledger:            ledger,
		log:               log.With("svc", "stripe-webhooks"),
		now:               time.Now,
		handlers:          map[stripe.EventType]EventHandler{},
		newContributionID: idgen.Prefixed(idgen.PrefixContribution),
	}
	p.Register(stripe.EventTypePaymentIntentSucceeded, p.onPaymentIntentSucceeded)
	p.Register(stripe.EventTypeChargeRefunded, p.onChargeRefunded)
	return p
}

// Register adds the handler for an event type.
func (p *Processor) Register(t stripe.EventType, h EventHandler) {
	if _, dup := p.handlers[t]; dup {
		panic(fmt.Sprintf("stripe webhook: handler for %s registered twice", t))
	}
	p.handlers[t] = h
}

// Handle dispatches one event. Unknown types are acknowledged and ignored.
func (p *Processor) Handle(ctx context.Context, evt stripe.Event) error {
	h, ok := p.handlers[evt.Type]
	if !ok {
		p.log.DebugContext(ctx, "ignoring stripe event", "type", evt.Type, "event_id", evt.ID)
		return nil
	}
	if err := h(ctx, evt); err != nil {
		return fmt.Errorf("%s %s: %w", evt.Type, evt.ID, err)
	}
	return nil
}

func (p *Processor) onPaymentIntentSucceeded(ctx context.Context, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode payment intent: %w", err)
	}
	switch pi.Metadata[metaPurpose] {
	case purposePurchase:
		return p.applyPurchasePayment(ctx, evt, &pi)
	case purposeContribution:
		return p.applyContribution(ctx, evt, &pi)
	default:
		p.log.WarnContext(ctx, "payment intent without purpose", "payment_intent", pi.ID)
		return nil
	}
}

// applyPurchasePayment marks the purchase paid, turns the reservation into a
// purchase and schedules the retailer order. The processed-event row is
// written in the same transaction, so a redelivered event is a no-op.
func (p *Processor) applyPurchasePayment(ctx context.Context, evt stripe.Event, pi *stripe.PaymentIntent) error {
	purchaseID := pi.Metadata[metaPurchaseID]
	if purchaseID == "" {
		return errors.New("purchase payment without purchase_id")
	}
	return p.tx.InTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		fresh, err := q.InsertProcessedEvent(ctx, db.InsertProcessedEventParams{EventID: evt.ID, EventType: string(evt.Type)})
		if err != nil {
			return err
		}
		if fresh == 0 {
			return nil
		}
		purchase, err := q.GetPurchaseForUpdate(ctx, purchaseID)
		if err != nil {
			return fmt.Errorf("load purchase %s: %w", purchaseID, err)
		}
		if purchase.AmountCents != pi.AmountReceived {
			p.log.WarnContext(ctx, "amount mismatch", "purchase_id", purchase.ID, "expected", purchase.AmountCents, "received", pi.AmountReceived)
		}
		n, err := q.MarkPurchasePaid(ctx, db.MarkPurchasePaidParams{
			ID:     purchase.ID,
			PaidAt: pgtype.Timestamptz{Time: time.Unix(evt.Created, 0), Valid: true},
		})
		if err != nil {
			return err
		}
		if n == 0 {
			p.log.WarnContext(ctx, "payment for purchase not pending", "purchase_id", purchase.ID, "status", purchase.Status)
			return nil
		}
		if err := q.ConvertReservation(ctx, db.ConvertReservationParams{ID: purchase.ItemID, Quantity: purchase.Quantity}); err != nil {
			return err
		}
		return p.jobs.PlaceOrderTx(ctx, tx, purchase.ID)
	})
}

// applyContribution records a contribution and credits its group gift or
// cash fund. When a group gift reaches its target it is marked funded and
// the retailer order is scheduled.
func (p *Processor) applyContribution(ctx context.Context, evt stripe.Event, pi *stripe.PaymentIntent) error {
	seen, err := p.ledger.Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	md := pi.Metadata
	err = p.tx.InTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		c, err := q.UpsertContribution(ctx, db.UpsertContributionParams{
			ID:              p.newContributionID(),
			RegistryID:      md[metaRegistryID],
			GroupGiftID:     optText(md[metaGroupGiftID]),
			CashFundID:      optText(md[metaCashFundID]),
			GuestName:       md[metaGuestName],
			GuestEmail:      md[metaGuestEmail],
			Message:         md[metaMessage],
			AmountCents:     pi.AmountReceived,
			Currency:        string(pi.Currency),
			PaymentIntentID: pi.ID,
		})
		if err != nil {
			return err
		}
		if c.GroupGiftID.Valid {
			g, err := q.AddGroupGiftFunds(ctx, db.AddGroupGiftFundsParams{ID: c.GroupGiftID.String, AmountCents: c.AmountCents})
			if err != nil {
				return err
			}
			if g.Status == "open" && g.FundedCents >= g.TargetCents {
				moved, err := q.TransitionGroupGift(ctx, db.TransitionGroupGiftParams{ID: g.ID, FromStatus: "open", ToStatus: "funded"})
				if err != nil {
					return err
				}
				if moved == 1 {
					if err := p.jobs.GroupGiftFulfillTx(ctx, tx, g.ID); err != nil {
						return err
					}
				}
			}
		} else {
			if err := q.CreditCashFund(ctx, db.CreditCashFundParams{ID: c.CashFundID.String, AmountCents: c.AmountCents}); err != nil {
				return err
			}
		}
		return p.jobs.ContributionReceiptTx(ctx, tx, c.ID)
	})
	if err != nil {
		return err
	}
	return p.ledger.Record(ctx, evt.ID, string(evt.Type))
}

// onChargeRefunded mirrors full refunds made outside the cancellation flow
// (support refunds in the Stripe dashboard). Partial refunds are created by
// CancelUnits, which already adjusted the purchase.
func (p *Processor) onChargeRefunded(ctx context.Context, evt stripe.Event) error {
	var ch stripe.Charge
	if err := json.Unmarshal(evt.Data.Raw, &ch); err != nil {
		return fmt.Errorf("decode charge: %w", err)
	}
	if !ch.Refunded || ch.PaymentIntent == nil {
		return nil
	}
	changed, err := p.repo.MarkRefundedByIntent(ctx, ch.PaymentIntent.ID)
	if err != nil {
		return err
	}
	if changed {
		p.log.InfoContext(ctx, "purchase refunded from dashboard", "payment_intent", ch.PaymentIntent.ID)
	}
	return nil
}

func optText(s string) pgtype.Text {
	return pgtype.Text{String: s, Valid: s != ""}
}
