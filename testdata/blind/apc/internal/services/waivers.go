package services

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/quillpress/apcdesk/internal/domain"
)

// WaiverService implements domain.WaiverService.
type WaiverService struct {
	store domain.Store
	log   *slog.Logger
	// maxEditorPercent caps discretionary waivers granted by handling
	// editors; larger ones go to the publisher's waiver committee.
	maxEditorPercent int
}

var _ domain.WaiverService = (*WaiverService)(nil)

// NewWaiverService wires a WaiverService.
func NewWaiverService(store domain.Store, log *slog.Logger, maxEditorPercent int) *WaiverService {
	if maxEditorPercent <= 0 || maxEditorPercent > 100 {
		maxEditorPercent = 50
	}
	return &WaiverService{store: store, log: log.With("service", "waivers"), maxEditorPercent: maxEditorPercent}
}

// Grant applies a percentage waiver to an open invoice. Several waivers
// may stack (e.g. society membership plus editor discretion), each taken
// off the list price.
func (s *WaiverService) Grant(ctx context.Context, invoiceID string, req domain.WaiverRequest) (domain.Waiver, error) {
	if err := s.validate(req); err != nil {
		return domain.Waiver{}, err
	}
	var w domain.Waiver
	err := s.store.Tx(ctx, func(tx domain.Store) error {
		inv, err := tx.Invoices().GetForUpdate(ctx, invoiceID)
		if err != nil {
			return err
		}
		if inv.Status != domain.InvoiceOpen {
			return domain.ErrNotPayable
		}
		amount := inv.ListPriceCents * int64(req.Percent) / 100
		if amount > inv.AmountDueCents {
			amount = inv.AmountDueCents
		}
		w = domain.Waiver{
			ID:          uuid.NewString(),
			InvoiceID:   inv.ID,
			Policy:      req.Policy,
			Percent:     req.Percent,
			AmountCents: amount,
			GrantedBy:   req.GrantedBy,
			Reason:      req.Reason,
		}
		if err := tx.Waivers().Create(ctx, &w); err != nil {
			return err
		}
		if err := tx.Invoices().ApplyDiscount(ctx, inv.ID, amount); err != nil {
			return err
		}
		if amount < inv.AmountDueCents {
			return nil
		}
		if _, err := tx.Invoices().Transition(ctx, inv.ID, domain.InvoiceWaived, domain.InvoiceOpen); err != nil {
			return err
		}
		msg, err := newOutboxMessage(domain.TopicBilling, inv.ID, domain.EventInvoiceCleared, clearedEvent(inv, "waiver"))
		if err != nil {
			return err
		}
		return tx.Outbox().Enqueue(ctx, msg)
	})
	if err != nil {
		return domain.Waiver{}, fmt.Errorf("grant waiver on %s: %w", invoiceID, err)
	}
	s.log.InfoContext(ctx, "waiver granted", "invoice", invoiceID, "policy", req.Policy, "percent", req.Percent, "by", req.GrantedBy)
	return w, nil
}

func (s *WaiverService) validate(req domain.WaiverRequest) error {
	switch req.Policy {
	case domain.WaiverResearch4Life, domain.WaiverSociety:
	case domain.WaiverEditor:
		if req.Percent > s.maxEditorPercent {
			return domain.Invalid("percent", "editor waivers are capped at %d%%", s.maxEditorPercent)
		}
	default:
		return domain.Invalid("policy", "unknown waiver policy %q", req.Policy)
	}
	if req.Percent < 1 || req.Percent > 100 {
		return domain.Invalid("percent", "must be between 1 and 100")
	}
	if req.GrantedBy == "" || req.Reason == "" {
		return domain.Invalid("reason", "granted_by and reason are required")
	}
	return nil
}
