// Package invoicing bills delivered shipments and carrier accessorial fees
// through Stripe and applies Stripe's payment events.
package invoicing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/acme/freight/internal/billing"
	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/idgen"
	"github.com/acme/freight/internal/jobs"
	"github.com/acme/freight/internal/store/bunstore"
)

type Store interface {
	EnsureInvoice(ctx context.Context, inv *domain.Invoice) (*domain.Invoice, error)
	MarkInvoiceOpen(ctx context.Context, id, stripeInvoiceID string) error
	MarkPaidByStripeID(ctx context.Context, stripeInvoiceID string) (string, error)
	InsertPayment(ctx context.Context, id, invoiceID, stripeEventID string, amount int64, paidAt time.Time) error
	RecordStripeEvent(ctx context.Context, eventID, eventType string) (bool, error)
	EnsureOutbox(ctx context.Context, m *domain.OutboxMessage) (string, error)
}

type Shipments interface {
	Get(ctx context.Context, id string) (*domain.Shipment, error)
	BillingAccount(ctx context.Context, shipperID string) (*domain.BillingAccount, error)
}

type Gateway interface {
	CreateInvoiceItem(ctx context.Context, in billing.InvoiceItemInput) (string, error)
	CreateInvoice(ctx context.Context, in billing.InvoiceInput) (string, error)
	FinalizeInvoice(ctx context.Context, stripeInvoiceID, idempotencyKey string) error
}

// ChargeStore is satisfied by *bunstore.Repo[bunstore.AccessorialCharge].
type ChargeStore interface {
	Insert(ctx context.Context, m *bunstore.AccessorialCharge) error
	Update(ctx context.Context, m *bunstore.AccessorialCharge, cols ...string) error
}

type TxManager interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	tx        TxManager
	store     Store
	shipments Shipments
	gw        Gateway
	charges   ChargeStore
	jobs      jobs.Enqueuer

	newID func() string
	now   func() time.Time
}

func NewService(tx TxManager, store Store, shipments Shipments, gw Gateway, charges ChargeStore, enq jobs.Enqueuer) *Service {
	return &Service{
		tx:        tx,
		store:     store,
		shipments: shipments,
		gw:        gw,
		charges:   charges,
		jobs:      enq,
		newID:     idgen.ULID,
		now:       time.Now,
	}
}

// quote prices a shipment: base rate plus a per-kilogram rate.
func quote(sh *domain.Shipment) int64 {
	const baseCents, perKgCents = 1200, 85
	kg := int64((sh.WeightGrams + 999) / 1000)
	return baseCents + kg*perKgCents
}

// Generate invoices a delivered shipment. The local invoice row is the
// durable intent: it is committed before Stripe is called and its ID seeds
// every Stripe idempotency key, so retries converge on one Stripe invoice.
func (s *Service) Generate(ctx context.Context, shipmentID string) error {
	sh, err := s.shipments.Get(ctx, shipmentID)
	if err != nil {
		return err
	}
	acct, err := s.shipments.BillingAccount(ctx, sh.ShipperID)
	if err != nil {
		return err
	}
	var inv *domain.Invoice
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		inv, err = s.store.EnsureInvoice(ctx, &domain.Invoice{
			ID:          s.newID(),
			ShipmentID:  sh.ID,
			CustomerID:  acct.CustomerID,
			AmountCents: quote(sh),
			Currency:    sh.Currency,
		})
		return err
	})
	if err != nil {
		return err
	}
	if inv.Status != "pending" {
		return nil
	}

	meta := map[string]string{"invoice_id": inv.ID, "shipment_id": sh.ID, "reference": sh.Reference}
	if _, err := s.gw.CreateInvoiceItem(ctx, billing.InvoiceItemInput{
		StripeCustomerID: acct.StripeCustomerID,
		AmountCents:      inv.AmountCents,
		Currency:         inv.Currency,
		Description:      "Freight " + sh.Reference,
		Metadata:         meta,
		IdempotencyKey:   "invoice-item:" + inv.ID,
	}); err != nil {
		return err
	}
	stripeID, err := s.gw.CreateInvoice(ctx, billing.InvoiceInput{
		StripeCustomerID: acct.StripeCustomerID,
		Description:      "Shipment " + sh.Reference,
		Metadata:         meta,
		IdempotencyKey:   "invoice:" + inv.ID,
	})
	if err != nil {
		return err
	}
	if err := s.gw.FinalizeInvoice(ctx, stripeID, "invoice-finalize:"+inv.ID); err != nil {
		return err
	}

	payload, err := json.Marshal(map[string]any{
		"invoice_id":  inv.ID,
		"shipment_id": sh.ID,
		"amount":      inv.AmountCents,
		"currency":    inv.Currency,
	})
	if err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.store.MarkInvoiceOpen(ctx, inv.ID, stripeID); err != nil {
			return err
		}
		outboxID, err := s.store.EnsureOutbox(ctx, &domain.OutboxMessage{
			ID:         s.newID(),
			CustomerID: acct.CustomerID,
			EventType:  "invoice.ready",
			SubjectID:  inv.ID,
			Payload:    payload,
		})
		if err != nil {
			return err
		}
		return s.jobs.Enqueue(ctx, jobs.DeliverInvoiceWebhookArgs{OutboxID: outboxID})
	})
}

// AccessorialFee is an extra carrier charge (liftgate, re-delivery, ...).
type AccessorialFee struct {
	ShipmentID     string
	CarrierEventID string
	FeeCode        string
	AmountCents    int64
	Currency       string
}

var feeDescriptions = map[string]string{
	"LIFTGATE":    "Liftgate delivery",
	"REDELIVERY":  "Re-delivery attempt",
	"RESIDENTIAL": "Residential surcharge",
	"ADDR_CORR":   "Address correction",
}

// ChargeAccessorial passes a carrier accessorial fee on to the shipper as a
// pending Stripe invoice item, picked up by the shipment's invoice.
func (s *Service) ChargeAccessorial(ctx context.Context, f AccessorialFee) error {
	sh, err := s.shipments.Get(ctx, f.ShipmentID)
	if err != nil {
		return err
	}
	acct, err := s.shipments.BillingAccount(ctx, sh.ShipperID)
	if err != nil {
		return err
	}
	charge := &bunstore.AccessorialCharge{
		ID:          idgen.ULID(),
		ShipmentID:  f.ShipmentID,
		FeeCode:     f.FeeCode,
		AmountCents: f.AmountCents,
		Currency:    f.Currency,
		Status:      "pending",
		CreatedAt:   s.now().UTC(),
	}
	if err := s.charges.Insert(ctx, charge); err != nil {
		return err
	}
	desc, ok := feeDescriptions[f.FeeCode]
	if !ok {
		desc = "Carrier fee " + f.FeeCode
	}
	itemID, err := s.gw.CreateInvoiceItem(ctx, billing.InvoiceItemInput{
		StripeCustomerID: acct.StripeCustomerID,
		AmountCents:      f.AmountCents,
		Currency:         f.Currency,
		Description:      fmt.Sprintf("%s (%s)", desc, sh.Reference),
		Metadata:         map[string]string{"charge_id": charge.ID, "shipment_id": sh.ID},
	})
	if err != nil {
		return err
	}
	charge.StripeInvoiceItemID = itemID
	charge.Status = "billed"
	return s.charges.Update(ctx, charge, "stripe_invoice_item_id", "status")
}

// HandleStripeEvent applies a verified Stripe webhook event. The event ID is
// recorded in the same transaction as its effects, so redelivered events are
// no-ops.
func (s *Service) HandleStripeEvent(ctx context.Context, ev stripe.Event) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		fresh, err := s.store.RecordStripeEvent(ctx, ev.ID, string(ev.Type))
		if err != nil || !fresh {
			return err
		}
		switch ev.Type {
		case stripe.EventTypeInvoicePaid:
			var inv stripe.Invoice
			if err := json.Unmarshal(ev.Data.Raw, &inv); err != nil {
				return fmt.Errorf("decode invoice: %w", err)
			}
			localID, err := s.store.MarkPaidByStripeID(ctx, inv.ID)
			if errors.Is(err, domain.ErrNotFound) {
				slog.InfoContext(ctx, "stripe invoice not ours", "stripe_invoice", inv.ID)
				return nil
			}
			if err != nil {
				return err
			}
			return s.store.InsertPayment(ctx, idgen.UUID(), localID, ev.ID, inv.AmountPaid, time.Unix(ev.Created, 0))
		default:
			slog.DebugContext(ctx, "ignoring stripe event", "type", ev.Type)
		}
		return nil
	})
}
