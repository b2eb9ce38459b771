// Package payevents applies the payments provider's webhook events: settled
// quota purchases are credited to the vessel's holding and paid invoices are
// closed.
package payevents

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

type Service struct {
	uow       ports.UnitOfWork
	purchases ports.PurchaseRepository
	holdings  ports.HoldingRepository
	ledger    ports.LedgerRepository
	invoices  ports.InvoiceRepository
	log       *slog.Logger

	handlers map[string]func(ctx context.Context, evt *ports.PaymentEvent) error
}

func New(
	uow ports.UnitOfWork,
	purchases ports.PurchaseRepository,
	holdings ports.HoldingRepository,
	ledger ports.LedgerRepository,
	invoices ports.InvoiceRepository,
	log *slog.Logger,
) *Service {
	s := &Service{uow: uow, purchases: purchases, holdings: holdings, ledger: ledger, invoices: invoices, log: log}
	s.handlers = map[string]func(context.Context, *ports.PaymentEvent) error{
		"charge.succeeded": s.chargeSucceeded,
		"charge.failed":    s.chargeFailed,
	}
	return s
}

// Handle applies one webhook event in a single transaction.
func (s *Service) Handle(ctx context.Context, evt *ports.PaymentEvent) error {
	h, ok := s.handlers[evt.Type]
	if !ok {
		s.log.Debug("ignoring payment event", "type", evt.Type, "id", evt.ID)
		return nil
	}
	if err := s.uow.Do(ctx, func(ctx context.Context) error { return h(ctx, evt) }); err != nil {
		return fmt.Errorf("payevents: %s %s: %w", evt.Type, evt.ID, err)
	}
	return nil
}

func (s *Service) chargeSucceeded(ctx context.Context, evt *ports.PaymentEvent) error {
	if id, ok := metadataID(evt, "purchase_id"); ok {
		return s.settlePurchase(ctx, id, evt)
	}
	if id, ok := metadataID(evt, "invoice_id"); ok {
		_, err := s.invoices.MarkPaid(ctx, id, evt.Created)
		return err
	}
	return nil
}

func (s *Service) settlePurchase(ctx context.Context, purchaseID uuid.UUID, evt *ports.PaymentEvent) error {
	p, err := s.purchases.Get(ctx, purchaseID)
	if err != nil {
		return err
	}
	h, err := s.holdings.Ensure(ctx, p.VesselID, p.Species, p.Area, p.Season)
	if err != nil {
		return err
	}
	if err := s.holdings.Credit(ctx, h.ID, p.QuantityKg); err != nil {
		return err
	}
	if err := s.ledger.Append(ctx, &domain.QuotaLedgerEntry{
		HoldingID: h.ID, DeltaKg: p.QuantityKg, Reason: "reserve_purchase", Reference: evt.ChargeID,
	}); err != nil {
		return err
	}
	return s.purchases.SetStatus(ctx, p.ID, domain.PurchaseSettled)
}

func (s *Service) chargeFailed(ctx context.Context, evt *ports.PaymentEvent) error {
	if id, ok := metadataID(evt, "purchase_id"); ok {
		return s.purchases.SetStatus(ctx, id, domain.PurchaseFailed)
	}
	if id, ok := metadataID(evt, "invoice_id"); ok {
		_, err := s.invoices.Transition(ctx, id, []string{domain.InvoiceCharged}, domain.InvoiceFailed, "")
		return err
	}
	return nil
}

func metadataID(evt *ports.PaymentEvent, key string) (uuid.UUID, bool) {
	raw, ok := evt.Metadata[key]
	if !ok {
		return uuid.Nil, false
	}
	id, err := uuid.Parse(raw)
	return id, err == nil
}
