package services

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/quillpress/apcdesk/internal/domain"
)

// AgreementService implements domain.AgreementService.
type AgreementService struct {
	store domain.Store
	log   *slog.Logger
	now   Clock
}

var _ domain.AgreementService = (*AgreementService)(nil)

// NewAgreementService wires an AgreementService.
func NewAgreementService(store domain.Store, log *slog.Logger) *AgreementService {
	return &AgreementService{store: store, log: log.With("service", "agreements"), now: UTC}
}

// DrawDown pays an open invoice out of an agreement's prepaid credit.
func (s *AgreementService) DrawDown(ctx context.Context, agreementID, invoiceID, actor string) (domain.LedgerEntry, error) {
	appendAudit(ctx, s.store, s.log, actor, "agreement.drawdown_requested", agreementID, map[string]any{"invoice_id": invoiceID})

	ag, err := s.store.Agreements().Get(ctx, agreementID)
	if err != nil {
		return domain.LedgerEntry{}, err
	}
	inv, err := s.store.Invoices().Get(ctx, invoiceID)
	if err != nil {
		return domain.LedgerEntry{}, err
	}
	now := s.now()
	switch {
	case !ag.Covers(now):
		return domain.LedgerEntry{}, domain.ErrAgreementInactive
	case inv.InstitutionID != "" && inv.InstitutionID != ag.InstitutionID:
		return domain.LedgerEntry{}, fmt.Errorf("%w: invoice belongs to another institution", domain.ErrAgreementInactive)
	case !inv.Payable():
		return domain.LedgerEntry{}, domain.ErrNotPayable
	case !strings.EqualFold(ag.Currency, inv.Currency):
		return domain.LedgerEntry{}, domain.Invalid("currency", "agreement is in %s, invoice in %s", ag.Currency, inv.Currency)
	}

	ok, err := s.store.Agreements().Debit(ctx, ag.ID, inv.AmountDueCents)
	if err != nil {
		return domain.LedgerEntry{}, fmt.Errorf("debit agreement %s: %w", ag.ExternalRef, err)
	}
	if !ok {
		return domain.LedgerEntry{}, domain.ErrInsufficientFunds
	}

	entry := domain.LedgerEntry{
		ID:          uuid.NewString(),
		AgreementID: ag.ID,
		InvoiceID:   inv.ID,
		Kind:        domain.LedgerDrawdown,
		AmountCents: -inv.AmountDueCents,
		SourceRef:   "invoice:" + inv.Number,
		CreatedAt:   now,
	}
	err = s.store.Tx(ctx, func(tx domain.Store) error {
		if err := tx.Agreements().AppendLedger(ctx, entry); err != nil {
			return err
		}
		settled, err := tx.Invoices().MarkSettled(ctx, inv.ID, ag.ID, now)
		if err != nil {
			return err
		}
		if !settled {
			return fmt.Errorf("%w: invoice %s changed state during drawdown", domain.ErrConflict, inv.Number)
		}
		settledMsg, err := newOutboxMessage(domain.TopicBilling, inv.ID, domain.EventInvoiceSettled,
			map[string]string{"invoice_id": inv.ID, "agreement_id": ag.ID})
		if err != nil {
			return err
		}
		clearedMsg, err := newOutboxMessage(domain.TopicBilling, inv.ID, domain.EventInvoiceCleared, clearedEvent(inv, "agreement"))
		if err != nil {
			return err
		}
		return tx.Outbox().Enqueue(ctx, settledMsg, clearedMsg)
	})
	if err != nil {
		return domain.LedgerEntry{}, fmt.Errorf("record drawdown for %s: %w", inv.Number, err)
	}
	s.log.InfoContext(ctx, "agreement drawdown", "agreement", ag.ExternalRef, "invoice", inv.Number, "amount", inv.AmountDueCents)
	return entry, nil
}

// Sync creates or refreshes an agreement from the CRM. Balance is only
// ever moved by top-ups and drawdowns, never by sync.
func (s *AgreementService) Sync(ctx context.Context, ev domain.AgreementUpserted) (domain.Agreement, error) {
	from, err := time.Parse(time.DateOnly, ev.ValidFrom)
	if err != nil {
		return domain.Agreement{}, domain.Invalid("valid_from", "%v", err)
	}
	to, err := time.Parse(time.DateOnly, ev.ValidTo)
	if err != nil {
		return domain.Agreement{}, domain.Invalid("valid_to", "%v", err)
	}
	a := domain.Agreement{
		ID:            uuid.NewString(),
		ExternalRef:   ev.ExternalRef,
		InstitutionID: ev.InstitutionID,
		Name:          ev.Name,
		Currency:      strings.ToUpper(ev.Currency),
		Status:        domain.AgreementStatus(ev.Status),
		ValidFrom:     from,
		ValidTo:       to,
	}
	if err := s.store.Agreements().Upsert(ctx, &a); err != nil {
		return domain.Agreement{}, fmt.Errorf("upsert agreement %s: %w", ev.ExternalRef, err)
	}
	return a, nil
}

// TopUp adds purchased credit to an agreement.
func (s *AgreementService) TopUp(ctx context.Context, ev domain.AgreementToppedUp) error {
	if ev.AmountCents <= 0 {
		return domain.Invalid("amount_cents", "must be positive")
	}
	ag, err := s.store.Agreements().ByExternalRef(ctx, ev.ExternalRef)
	if err != nil {
		return fmt.Errorf("top-up for %s: %w", ev.ExternalRef, err)
	}
	if !strings.EqualFold(ag.Currency, ev.Currency) {
		return domain.Invalid("currency", "agreement %s is in %s", ag.ExternalRef, ag.Currency)
	}
	return s.store.Tx(ctx, func(tx domain.Store) error {
		if err := tx.Agreements().AppendLedger(ctx, domain.LedgerEntry{
			ID:          uuid.NewString(),
			AgreementID: ag.ID,
			Kind:        domain.LedgerTopUp,
			AmountCents: ev.AmountCents,
			SourceRef:   ev.PurchaseRef,
		}); err != nil {
			return err
		}
		return tx.Agreements().Credit(ctx, ag.ID, ev.AmountCents)
	})
}
