// Package billing invoices property managers monthly for the reports they
// ordered, through Stripe Invoicing.
package billing

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/platform/dbtx"
	"github.com/tenantlens/screening/internal/providers/payments"
	"github.com/tenantlens/screening/internal/store"
)

type Store interface {
	dbtx.TxRunner
	GetManager(ctx context.Context, id string) (domain.Manager, error)
	SetStripeCustomerID(ctx context.Context, managerID, customerID string) error
	ManagersWithUsage(ctx context.Context, from, to time.Time) ([]string, error)
	UsageSummary(ctx context.Context, q dbtx.Queryer, managerID string, from, to time.Time) ([]store.UsageLine, error)
	InsertInvoice(ctx context.Context, q dbtx.Queryer, inv domain.Invoice) error
	InsertInvoiceLine(ctx context.Context, q dbtx.Queryer, l domain.InvoiceLine) error
	AttachUsage(ctx context.Context, q dbtx.Queryer, invoiceID, managerID string, from, to time.Time) (int64, error)
	DraftInvoices(ctx context.Context, limit int) ([]domain.Invoice, error)
	SetLineInvoiceItem(ctx context.Context, lineID, itemID string) error
	SetStripeInvoice(ctx context.Context, invoiceID, stripeID string) error
	MarkInvoicePublished(ctx context.Context, invoiceID string, at time.Time) error
}

// Invoicer is the Stripe surface used for invoicing.
type Invoicer interface {
	CreateCustomer(ctx context.Context, managerID, name, email string) (string, error)
	CreateInvoiceItem(ctx context.Context, in payments.InvoiceItemInput, opts ...payments.CallOption) (string, error)
	CreateInvoice(ctx context.Context, in payments.InvoiceInput, opts ...payments.CallOption) (string, error)
	FinalizeInvoice(ctx context.Context, invoiceID string) error
}

type Service struct {
	store    Store
	invoicer Invoicer
	newID    func() string
	now      func() time.Time

	daysUntilDue int64
	labels       map[string]string
}

func NewService(st Store, inv Invoicer, newID func() string) *Service {
	return &Service{
		store:        st,
		invoicer:     inv,
		newID:        newID,
		now:          time.Now,
		daysUntilDue: 30,
		labels: map[string]string{
			"credit":   "Resident credit reports",
			"eviction": "National eviction searches",
			"criminal": "Criminal background checks",
		},
	}
}

// EnsureCustomer makes sure the manager has a Stripe customer to invoice.
func (s *Service) EnsureCustomer(ctx context.Context, managerID string) (string, error) {
	m, err := s.store.GetManager(ctx, managerID)
	if err != nil {
		return "", err
	}
	if m.StripeCustomerID != "" {
		return m.StripeCustomerID, nil
	}
	customerID, err := s.invoicer.CreateCustomer(ctx, m.ID, m.Name, m.BillingEmail)
	if err != nil {
		return "", err
	}
	if err := s.store.SetStripeCustomerID(ctx, m.ID, customerID); err != nil {
		return "", fmt.Errorf("save stripe customer: %w", err)
	}
	return customerID, nil
}

// Period is a calendar month in UTC.
type Period struct {
	Start, End time.Time
}

// MonthPeriod returns the month containing t.
func MonthPeriod(t time.Time) Period {
	t = t.UTC()
	start := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	return Period{Start: start, End: start.AddDate(0, 1, 0)}
}

// ParsePeriod parses "2006-01".
func ParsePeriod(s string) (Period, error) {
	t, err := time.Parse("2006-01", s)
	if err != nil {
		return Period{}, domain.Invalid("period", "must be YYYY-MM")
	}
	return MonthPeriod(t), nil
}

// RunSummary reports what a billing run did.
type RunSummary struct {
	Period   string `json:"period"`
	Invoices int    `json:"invoices_created"`
	Skipped  int    `json:"managers_skipped"`
}

// BuildInvoices creates one draft invoice per manager with usage in the
// period. Drafts are pushed to Stripe by PublishDrafts.
func (s *Service) BuildInvoices(ctx context.Context, p Period) (RunSummary, error) {
	if !p.End.Before(s.now()) && !p.End.Equal(s.now()) {
		return RunSummary{}, domain.Invalid("period", "period has not ended")
	}
	sum := RunSummary{Period: p.Start.Format("2006-01")}
	managers, err := s.store.ManagersWithUsage(ctx, p.Start, p.End)
	if err != nil {
		return sum, err
	}
	for _, managerID := range managers {
		created, err := s.buildOne(ctx, managerID, p)
		if err != nil {
			return sum, fmt.Errorf("invoice for %s: %w", managerID, err)
		}
		if created {
			sum.Invoices++
		} else {
			sum.Skipped++
		}
	}
	return sum, nil
}

func (s *Service) buildOne(ctx context.Context, managerID string, p Period) (bool, error) {
	created := false
	err := s.store.WithTx(ctx, func(tx *sql.Tx) error {
		usage, err := s.store.UsageSummary(ctx, tx, managerID, p.Start, p.End)
		if err != nil {
			return err
		}
		if len(usage) == 0 {
			return nil
		}
		inv := domain.Invoice{
			ID:          "inv_" + s.newID(),
			ManagerID:   managerID,
			PeriodStart: p.Start,
			PeriodEnd:   p.End,
			Status:      domain.InvoiceDraft,
		}
		for _, u := range usage {
			inv.TotalCents += u.TotalCents
		}
		if err := s.store.InsertInvoice(ctx, tx, inv); err != nil {
			return err
		}
		for _, u := range usage {
			line := domain.InvoiceLine{
				ID:          "inl_" + s.newID(),
				InvoiceID:   inv.ID,
				Description: fmt.Sprintf("%s (%s)", s.labels[u.ReportType], p.Start.Format("January 2006")),
				ReportType:  u.ReportType,
				Quantity:    u.Quantity,
				UnitCents:   u.UnitCents,
				AmountCents: u.TotalCents,
			}
			if err := s.store.InsertInvoiceLine(ctx, tx, line); err != nil {
				return err
			}
		}
		if _, err := s.store.AttachUsage(ctx, tx, inv.ID, managerID, p.Start, p.End); err != nil {
			return err
		}
		created = true
		return nil
	})
	return created, err
}

// PublishDrafts pushes draft invoices to Stripe and finalizes them.
func (s *Service) PublishDrafts(ctx context.Context) (int, error) {
	drafts, err := s.store.DraftInvoices(ctx, 20)
	if err != nil {
		return 0, err
	}
	published := 0
	for _, inv := range drafts {
		if err := s.publish(ctx, inv); err != nil {
			slog.ErrorContext(ctx, "publish invoice", "invoice", inv.ID, "err", err)
			continue
		}
		published++
	}
	return published, nil
}

func (s *Service) publish(ctx context.Context, inv domain.Invoice) error {
	customerID, err := s.EnsureCustomer(ctx, inv.ManagerID)
	if err != nil {
		return err
	}
	for _, line := range inv.Lines {
		if line.StripeInvoiceItemID != "" {
			continue
		}
		itemID, err := s.invoicer.CreateInvoiceItem(ctx, payments.InvoiceItemInput{
			CustomerID:  customerID,
			AmountCents: line.AmountCents,
			Currency:    "usd",
			Description: fmt.Sprintf("%s — %d × $%.2f", line.Description, line.Quantity, float64(line.UnitCents)/100),
			Metadata:    map[string]string{"invoice_id": inv.ID, "line_id": line.ID},
		}, payments.WithIdempotencyKey("invoice-line-"+line.ID))
		if err != nil {
			return err
		}
		if err := s.store.SetLineInvoiceItem(ctx, line.ID, itemID); err != nil {
			return err
		}
	}
	stripeInvoiceID := inv.StripeInvoiceID
	if stripeInvoiceID == "" {
		stripeInvoiceID, err = s.invoicer.CreateInvoice(ctx, payments.InvoiceInput{
			CustomerID:   customerID,
			Description:  "TenantLens screening — " + inv.PeriodStart.Format("January 2006"),
			DaysUntilDue: s.daysUntilDue,
			Metadata:     map[string]string{"invoice_id": inv.ID},
		})
		if err != nil {
			return err
		}
		if err := s.store.SetStripeInvoice(ctx, inv.ID, stripeInvoiceID); err != nil {
			return err
		}
	}
	if err := s.invoicer.FinalizeInvoice(ctx, stripeInvoiceID); err != nil {
		return err
	}
	return s.store.MarkInvoicePublished(ctx, inv.ID, s.now().UTC())
}
