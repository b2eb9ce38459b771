// Package invoices implements invoice intake and approvals.
package invoices

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/platform/ids"
	"github.com/northwind/payables/internal/repo"
)

// CreateInput is an invoice keyed in through the API.
type CreateInput struct {
	TenantID          string
	SupplierID        string
	Number            string
	Currency          string
	AmountMinor       int64
	IssueDate         time.Time
	DueDate           time.Time
	RequiredApprovals int
	DiscountBps       int
	DiscountUntil     *time.Time
}

// ParsedInvoice is the event emitted by the upstream PDF parser for an
// e-mailed invoice.
type ParsedInvoice struct {
	EventID       string     `json:"event_id"`
	TenantID      string     `json:"tenant_id"`
	SupplierID    string     `json:"supplier_id"`
	InvoiceNumber string     `json:"invoice_number"`
	Currency      string     `json:"currency"`
	TotalMinor    int64      `json:"total_minor"`
	IssueDate     time.Time  `json:"issue_date"`
	DueDate       time.Time  `json:"due_date"`
	DiscountBps   int        `json:"discount_bps"`
	DiscountUntil *time.Time `json:"discount_until"`
	Confidence    float64    `json:"confidence"`
}

// Decision is an approver's decision.
type Decision struct {
	TenantID   string
	InvoiceID  string
	ApproverID string
	Approve    bool
	Comment    string
}

// ApprovedEvent is published when an invoice reaches its approval quorum.
type ApprovedEvent struct {
	TenantID   string    `json:"tenant_id"`
	InvoiceID  string    `json:"invoice_id"`
	SupplierID string    `json:"supplier_id"`
	ApprovedAt time.Time `json:"approved_at"`
}

// Service is the invoice API.
type Service interface {
	Create(ctx context.Context, in CreateInput) (domain.Invoice, error)
	Get(ctx context.Context, tenantID, id string) (domain.Invoice, error)
	Decide(ctx context.Context, d Decision) (domain.Invoice, error)
	IngestParsed(ctx context.Context, ev ParsedInvoice, messageID string) error
}

type service struct {
	log      *slog.Logger
	tx       database.Transactor
	invoices repo.InvoiceRepo
	outbox   repo.OutboxRepo
	// minConfidence is the parser confidence below which an invoice needs
	// one extra approval.
	minConfidence float64
}

// New returns the invoice Service.
func New(log *slog.Logger, tx database.Transactor, invoices repo.InvoiceRepo, outbox repo.OutboxRepo) Service {
	return &service{log: log, tx: tx, invoices: invoices, outbox: outbox, minConfidence: 0.9}
}

func validate(currency string, amount int64, issue, due time.Time) error {
	if len(currency) != 3 {
		return httpx.BadRequest("currency must be an ISO 4217 code")
	}
	if amount <= 0 {
		return httpx.BadRequest("amount must be positive")
	}
	if due.Before(issue) {
		return httpx.BadRequest("due date before issue date")
	}
	return nil
}

func (s *service) Create(ctx context.Context, in CreateInput) (domain.Invoice, error) {
	if err := validate(in.Currency, in.AmountMinor, in.IssueDate, in.DueDate); err != nil {
		return domain.Invoice{}, err
	}
	if in.RequiredApprovals <= 0 {
		in.RequiredApprovals = 1
	}
	inv := domain.Invoice{
		ID:                uuid.NewString(),
		TenantID:          in.TenantID,
		SupplierID:        in.SupplierID,
		Number:            strings.TrimSpace(in.Number),
		Currency:          strings.ToUpper(in.Currency),
		AmountMinor:       in.AmountMinor,
		IssueDate:         in.IssueDate,
		DueDate:           in.DueDate,
		Status:            domain.InvoiceReceived,
		RequiredApprovals: in.RequiredApprovals,
		DiscountBps:       in.DiscountBps,
		DiscountUntil:     in.DiscountUntil,
	}
	if err := s.invoices.Insert(ctx, &inv); err != nil {
		return domain.Invoice{}, err
	}
	return inv, nil
}

func (s *service) Get(ctx context.Context, tenantID, id string) (domain.Invoice, error) {
	inv, err := s.invoices.Get(ctx, tenantID, id)
	if errors.Is(err, database.ErrNotFound) {
		return inv, httpx.NotFound("invoice %s", id)
	}
	return inv, err
}

// Decide records an approver's decision. Each approver counts once; when
// the quorum is reached the invoice is approved and an event is queued.
func (s *service) Decide(ctx context.Context, d Decision) (domain.Invoice, error) {
	var inv domain.Invoice
	err := s.tx.InTx(ctx, func(tx *sql.Tx) error {
		invoices := s.invoices.WithTx(tx)
		var err error
		inv, err = invoices.GetForUpdate(ctx, d.InvoiceID)
		if errors.Is(err, database.ErrNotFound) || (err == nil && inv.TenantID != d.TenantID) {
			return httpx.NotFound("invoice %s", d.InvoiceID)
		}
		if err != nil {
			return err
		}
		switch inv.Status {
		case domain.InvoiceReceived:
		case domain.InvoiceApproved, domain.InvoiceScheduled, domain.InvoicePaid, domain.InvoiceRejected:
			return nil // decision already final
		}
		decision := "approve"
		if !d.Approve {
			decision = "reject"
		}
		if _, err := invoices.AddApproval(ctx, domain.Approval{
			InvoiceID: inv.ID, ApproverID: d.ApproverID, Decision: decision, Comment: d.Comment,
		}); err != nil {
			return err
		}
		if !d.Approve {
			inv.Status = domain.InvoiceRejected
			return invoices.SetStatus(ctx, inv.ID, inv.Status)
		}
		n, err := invoices.CountApprovals(ctx, inv.ID, "approve")
		if err != nil {
			return err
		}
		if n < inv.RequiredApprovals {
			return nil
		}
		inv.Status = domain.InvoiceApproved
		if err := invoices.SetStatus(ctx, inv.ID, inv.Status); err != nil {
			return err
		}
		payload, _ := json.Marshal(ApprovedEvent{
			TenantID: inv.TenantID, InvoiceID: inv.ID, SupplierID: inv.SupplierID, ApprovedAt: time.Now().UTC(),
		})
		return s.outbox.WithTx(tx).Add(ctx, domain.OutboxMessage{
			ID:          ids.DeriveString("invoice.approved", inv.ID),
			Topic:       "invoice.approved",
			AggregateID: inv.ID,
			TenantID:    inv.TenantID,
			Payload:     payload,
		})
	})
	return inv, err
}

// IngestParsed stores an invoice extracted from an e-mailed PDF. Suppliers
// often e-mail the same invoice twice, and the parser may emit the event
// more than once; the (supplier, invoice number) key absorbs both.
func (s *service) IngestParsed(ctx context.Context, ev ParsedInvoice, messageID string) error {
	if err := validate(ev.Currency, ev.TotalMinor, ev.IssueDate, ev.DueDate); err != nil {
		s.log.WarnContext(ctx, "dropping unparseable invoice", "event_id", ev.EventID, "err", err)
		return nil
	}
	approvals := 1
	if ev.Confidence < s.minConfidence {
		approvals = 2
	}
	inv := domain.Invoice{
		ID:                ids.DeriveString("invoice", ev.TenantID, ev.SupplierID, ev.InvoiceNumber),
		TenantID:          ev.TenantID,
		SupplierID:        ev.SupplierID,
		Number:            strings.TrimSpace(ev.InvoiceNumber),
		Currency:          strings.ToUpper(ev.Currency),
		AmountMinor:       ev.TotalMinor,
		IssueDate:         ev.IssueDate,
		DueDate:           ev.DueDate,
		Status:            domain.InvoiceReceived,
		RequiredApprovals: approvals,
		DiscountBps:       ev.DiscountBps,
		DiscountUntil:     ev.DiscountUntil,
		SourceEventID:     messageID,
	}
	created, err := s.invoices.InsertIfAbsent(ctx, &inv)
	if err != nil {
		return fmt.Errorf("ingest invoice %s: %w", ev.InvoiceNumber, err)
	}
	if !created {
		s.log.InfoContext(ctx, "duplicate invoice ignored", "supplier_id", ev.SupplierID, "number", ev.InvoiceNumber)
	}
	return nil
}
