// Package creditnotes records supplier credit notes against open invoices.
package creditnotes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/platform/ids"
	"github.com/northwind/payables/internal/repo"
)

// ManualInput is a credit keyed in by an AP clerk (for example after a
// phone call with the supplier); it has no supplier document number.
type ManualInput struct {
	TenantID    string
	SupplierID  string
	InvoiceID   string
	AmountMinor int64
	Currency    string
	Reason      string
}

// ParsedCreditNote is emitted by the upstream PDF parser.
type ParsedCreditNote struct {
	EventID          string `json:"event_id"`
	TenantID         string `json:"tenant_id"`
	SupplierID       string `json:"supplier_id"`
	CreditNoteNumber string `json:"credit_note_number"`
	InvoiceNumber    string `json:"invoice_number"`
	InvoiceID        string `json:"invoice_id"`
	Currency         string `json:"currency"`
	TotalMinor       int64  `json:"total_minor"`
}

// Service is the credit note API.
type Service interface {
	RecordManual(ctx context.Context, in ManualInput) (domain.CreditNote, error)
	IngestParsed(ctx context.Context, ev ParsedCreditNote, messageID string) error
}

type service struct {
	log         *slog.Logger
	tx          database.Transactor
	creditNotes repo.CreditNoteRepo
	invoices    repo.InvoiceRepo
}

// New returns the credit note Service.
func New(log *slog.Logger, tx database.Transactor, cn repo.CreditNoteRepo, invoices repo.InvoiceRepo) Service {
	return &service{log: log, tx: tx, creditNotes: cn, invoices: invoices}
}

// apply stores cn and reduces the linked invoice in one transaction.
func (s *service) apply(ctx context.Context, cn *domain.CreditNote, sourceEventID string) error {
	return s.tx.InTx(ctx, func(tx *sql.Tx) error {
		if cn.InvoiceID != "" {
			inv, err := s.invoices.WithTx(tx).GetForUpdate(ctx, cn.InvoiceID)
			if errors.Is(err, database.ErrNotFound) || (err == nil && inv.TenantID != cn.TenantID) {
				return httpx.NotFound("invoice %s", cn.InvoiceID)
			}
			if err != nil {
				return err
			}
			if inv.Currency != cn.Currency {
				return httpx.Unprocessable("credit note currency %s does not match invoice %s", cn.Currency, inv.Currency)
			}
		}
		if err := s.creditNotes.WithTx(tx).Insert(ctx, cn, sourceEventID); err != nil {
			return err
		}
		if cn.InvoiceID == "" {
			return nil
		}
		return s.invoices.WithTx(tx).ReduceDue(ctx, cn.InvoiceID, cn.AmountMinor)
	})
}

func (s *service) RecordManual(ctx context.Context, in ManualInput) (domain.CreditNote, error) {
	if in.AmountMinor <= 0 {
		return domain.CreditNote{}, httpx.BadRequest("amount must be positive")
	}
	cn := domain.CreditNote{
		ID:          uuid.NewString(),
		TenantID:    in.TenantID,
		SupplierID:  in.SupplierID,
		InvoiceID:   in.InvoiceID,
		Number:      "MAN-" + ids.NewULID(),
		AmountMinor: in.AmountMinor,
		Currency:    strings.ToUpper(in.Currency),
		Reason:      in.Reason,
	}
	if err := s.apply(ctx, &cn, ""); err != nil {
		return domain.CreditNote{}, err
	}
	return cn, nil
}

func (s *service) IngestParsed(ctx context.Context, ev ParsedCreditNote, messageID string) error {
	if ev.TotalMinor <= 0 || ev.CreditNoteNumber == "" {
		s.log.WarnContext(ctx, "dropping unparseable credit note", "event_id", ev.EventID)
		return nil
	}
	cn := domain.CreditNote{
		ID:          uuid.NewString(),
		TenantID:    ev.TenantID,
		SupplierID:  ev.SupplierID,
		InvoiceID:   ev.InvoiceID,
		Number:      strings.TrimSpace(ev.CreditNoteNumber),
		AmountMinor: ev.TotalMinor,
		Currency:    strings.ToUpper(ev.Currency),
		Reason:      "supplier credit note " + ev.InvoiceNumber,
	}
	if err := s.apply(ctx, &cn, messageID); err != nil {
		return fmt.Errorf("credit note %s: %w", cn.Number, err)
	}
	return nil
}
