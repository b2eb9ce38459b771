package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
	"github.com/larkspur-travel/tourdesk/internal/platform/ids"
	"github.com/larkspur-travel/tourdesk/internal/tasks"
)

// InvoiceService receives, reconciles and approves supplier invoices.
type InvoiceService struct {
	tx         db.Transactor
	invoices   InvoiceStore
	departures DepartureStore
	holds      HoldStore
	queue      tasks.Enqueuer
	log        *slog.Logger

	newInvoiceID func() string
	newLedgerID  func() string
	now          Clock
	// tolerance is the variance accepted without a dispute.
	tolerance int64
}

// NewInvoiceService constructs an InvoiceService.
func NewInvoiceService(tx db.Transactor, invoices InvoiceStore, departures DepartureStore, holds HoldStore,
	queue tasks.Enqueuer, log *slog.Logger) *InvoiceService {
	return &InvoiceService{
		tx: tx, invoices: invoices, departures: departures, holds: holds, queue: queue, log: log,
		newInvoiceID: ids.Invoice,
		newLedgerID:  ids.Ledger,
		now:          time.Now,
		tolerance:    500,
	}
}

// InvoiceInput is an invoice keyed in by accounts payable or posted by a
// supplier's billing system.
type InvoiceInput struct {
	DepartureID   string `json:"departure_id"`
	InvoiceNumber string `json:"invoice_number"`
	AmountCents   int64  `json:"amount_cents"`
	Currency      string `json:"currency"`
	IssuedOn      string `json:"issued_on"`
}

// Receive records a supplier invoice and schedules its reconciliation.
func (s *InvoiceService) Receive(ctx context.Context, supplierID string, in InvoiceInput) (*domain.SupplierInvoice, error) {
	number := strings.TrimSpace(in.InvoiceNumber)
	if number == "" {
		return nil, domain.Invalid("invoice_number", "required")
	}
	if in.AmountCents <= 0 {
		return nil, domain.Invalid("amount_cents", "must be positive")
	}
	issued, err := time.Parse("2006-01-02", in.IssuedOn)
	if err != nil {
		return nil, domain.Invalid("issued_on", "must be YYYY-MM-DD")
	}
	sup, err := s.departures.GetSupplier(ctx, supplierID)
	if err != nil {
		return nil, err
	}
	dep, err := s.departures.Get(ctx, in.DepartureID)
	if err != nil {
		return nil, err
	}
	currency := strings.ToLower(in.Currency)
	if currency == "" {
		currency = dep.Currency
	}
	inv := &domain.SupplierInvoice{
		ID:            s.newInvoiceID(),
		SupplierID:    sup.ID,
		DepartureID:   dep.ID,
		InvoiceNumber: number,
		AmountCents:   in.AmountCents,
		Currency:      currency,
		Status:        domain.InvoiceReceived,
		IssuedOn:      issued,
		DueOn:         issued.AddDate(0, 0, sup.PaymentTermDays),
		ReceivedAt:    s.now().UTC(),
	}
	if err := s.invoices.Create(ctx, inv); err != nil {
		return nil, err
	}
	if err := s.queue.Enqueue(ctx, tasks.TypeInvoiceReconcile, tasks.InvoicePayload{InvoiceID: inv.ID},
		asynq.TaskID(ids.TaskID("reconcile", inv.ID))); err != nil {
		return nil, err
	}
	return inv, nil
}

// Get loads an invoice.
func (s *InvoiceService) Get(ctx context.Context, id string) (*domain.SupplierInvoice, error) {
	return s.invoices.Get(ctx, id)
}

// Reconcile compares an invoice with the holds we placed at the supplier and
// records the result. Each run is logged; the invoice keeps the latest
// variance.
func (s *InvoiceService) Reconcile(ctx context.Context, invoiceID string) error {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != domain.InvoiceReceived && inv.Status != domain.InvoiceReconciled {
		return nil
	}
	lines, err := s.departures.ServicesForSupplier(ctx, inv.DepartureID, inv.SupplierID)
	if err != nil {
		return err
	}
	holds, err := s.holds.ListForInvoice(ctx, inv.DepartureID, inv.SupplierID)
	if err != nil {
		return err
	}
	expected, notes := expectedCost(lines, holds)
	variance := inv.AmountCents - expected
	run := &domain.ReconciliationRun{
		ID:            uuid.NewString(),
		InvoiceID:     inv.ID,
		ExpectedCents: expected,
		InvoicedCents: inv.AmountCents,
		Matched:       abs(variance) <= s.tolerance,
		Notes:         notes,
		RanAt:         s.now().UTC(),
	}
	return s.tx.Tx(ctx, func(ctx context.Context) error {
		if err := s.invoices.AppendReconciliation(ctx, run); err != nil {
			return err
		}
		return s.invoices.SetReconciled(ctx, inv.ID, variance)
	})
}

// expectedCost prices the supplier's holds with the plan's unit costs.
func expectedCost(lines []domain.DepartureService, holds []domain.SupplierHold) (int64, string) {
	cost := make(map[string]int64, len(lines))
	for _, l := range lines {
		cost[l.ServiceDate.Format("2006-01-02")] = l.UnitCostCents
	}
	var (
		total   int64
		missing []string
	)
	for _, h := range holds {
		day := h.ServiceDate.Format("2006-01-02")
		unit, ok := cost[day]
		if !ok {
			missing = append(missing, day)
			continue
		}
		nights := int64(h.Nights)
		if nights < 1 {
			nights = 1
		}
		total += unit * int64(h.Quantity) * nights
	}
	if len(missing) > 0 {
		return total, "no plan line for " + strings.Join(missing, ", ")
	}
	return total, fmt.Sprintf("%d holds priced", len(holds))
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// Approve approves an invoice for payment: it posts the payable to the
// supplier ledger and schedules the payout for the due date.
func (s *InvoiceService) Approve(ctx context.Context, invoiceID, approver string) (*domain.SupplierInvoice, error) {
	var inv *domain.SupplierInvoice
	err := s.tx.Tx(ctx, func(ctx context.Context) error {
		var err error
		inv, err = s.invoices.GetForUpdate(ctx, invoiceID)
		if err != nil {
			return err
		}
		switch inv.Status {
		case domain.InvoiceDisputed, domain.InvoicePaid:
			return fmt.Errorf("invoice %s is %s: %w", inv.ID, inv.Status, domain.ErrInvalidState)
		}
		if err := s.invoices.SetApproved(ctx, inv.ID); err != nil {
			return err
		}
		entryID := s.newLedgerID()
		return s.invoices.AppendLedger(ctx, &domain.LedgerEntry{
			ID:          entryID,
			SupplierID:  inv.SupplierID,
			InvoiceID:   &inv.ID,
			EntryType:   "invoice_approved",
			AmountCents: inv.AmountCents,
			Currency:    inv.Currency,
			Memo:        fmt.Sprintf("invoice %s approved by %s", inv.InvoiceNumber, approver),
		})
	})
	if err != nil {
		return nil, err
	}
	delay := time.Until(inv.DueOn.AddDate(0, 0, -2))
	if delay < 0 {
		delay = 0
	}
	if err := s.queue.Enqueue(ctx, tasks.TypePayoutSupplier, tasks.InvoicePayload{InvoiceID: inv.ID},
		asynq.TaskID(ids.TaskID("payout", inv.ID)), asynq.ProcessIn(delay)); err != nil {
		return nil, err
	}
	return s.invoices.Get(ctx, inv.ID)
}

// Dispute flags an invoice. Disputing an already disputed invoice is a
// no-op.
func (s *InvoiceService) Dispute(ctx context.Context, invoiceID, reason string) (*domain.SupplierInvoice, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return nil, domain.Invalid("reason", "required")
	}
	changed, err := s.invoices.Dispute(ctx, invoiceID, reason)
	if err != nil {
		return nil, err
	}
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return nil, err
	}
	if !changed && inv.Status != domain.InvoiceDisputed {
		return nil, fmt.Errorf("invoice %s is %s: %w", inv.ID, inv.Status, domain.ErrInvalidState)
	}
	return inv, nil
}
