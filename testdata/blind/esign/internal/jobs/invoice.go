package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/rs/xid"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

// InvoiceWorker produces an invoice-mode account's monthly invoice: it
// gathers the period's usage into lines, issues the invoice, charges the
// card on file when there is one and e-mails the invoice.
type InvoiceWorker struct {
	river.WorkerDefaults[jobargs.GenerateInvoice]

	db      app.Database
	usage   app.UsageRepo
	charger app.CardCharger
	mailer  app.Mailer
	links   Links
	now     app.Clock
	log     *slog.Logger
}

// InvoiceWorkerDeps groups the dependencies of InvoiceWorker.
type InvoiceWorkerDeps struct {
	DB      app.Database
	Usage   app.UsageRepo
	Charger app.CardCharger
	Mailer  app.Mailer
	Links   Links
	Now     app.Clock
	Log     *slog.Logger
}

// NewInvoiceWorker returns an InvoiceWorker.
func NewInvoiceWorker(d InvoiceWorkerDeps) *InvoiceWorker {
	return &InvoiceWorker{db: d.DB, usage: d.Usage, charger: d.Charger, mailer: d.Mailer, links: d.Links, now: d.Now, log: d.Log}
}

// Timeout allows for accounts with many thousands of envelopes a month.
func (w *InvoiceWorker) Timeout(*river.Job[jobargs.GenerateInvoice]) time.Duration {
	return 10 * time.Minute
}

func (w *InvoiceWorker) Work(ctx context.Context, job *river.Job[jobargs.GenerateInvoice]) error {
	start, end, err := job.Args.PeriodBounds()
	if err != nil {
		return river.JobCancel(err)
	}
	acct, err := queries.GetAccount(ctx, w.db, job.Args.AccountID)
	if err != nil {
		return err
	}

	inv, usageIDs, err := w.build(ctx, acct, start, end)
	if err != nil {
		return fmt.Errorf("build invoice: %w", err)
	}
	if err := w.usage.MarkInvoiced(ctx, inv.ID, usageIDs); err != nil {
		return fmt.Errorf("mark usage invoiced: %w", err)
	}

	if inv.Status == domain.InvoiceDraft {
		if _, err := queries.IssueInvoice(ctx, w.db, inv.ID, invoiceNumber(acct, start), w.now()); err != nil {
			return fmt.Errorf("issue invoice: %w", err)
		}
		if inv, err = queries.GetInvoice(ctx, w.db, inv.ID); err != nil {
			return err
		}
	}
	if inv.TotalCents == 0 {
		return nil
	}

	if inv.Status == domain.InvoiceOpen && acct.CanChargeCard() {
		paid, err := w.collect(ctx, acct, inv)
		if err != nil {
			return err
		}
		if paid {
			inv.Status = domain.InvoicePaid
		}
	}
	return w.send(ctx, acct, inv)
}

// build creates the period's draft invoice (or finds the existing one) and
// adds a line for each usage record not yet on an invoice.
func (w *InvoiceWorker) build(ctx context.Context, acct domain.Account, start, end time.Time) (domain.Invoice, []string, error) {
	var (
		inv      domain.Invoice
		usageIDs []string
	)
	err := w.db.InTx(ctx, func(tx pgx.Tx) error {
		var err error
		inv, err = queries.UpsertInvoice(ctx, tx, domain.Invoice{
			ID:          ids.Prefixed(ids.Invoice),
			AccountID:   acct.ID,
			PeriodStart: start,
			PeriodEnd:   end,
			Currency:    acct.Currency,
			CreatedAt:   w.now(),
		})
		if err != nil {
			return err
		}
		if inv.Status != domain.InvoiceDraft {
			return nil
		}
		usage, err := queries.ListUnbilledUsage(ctx, tx, acct.ID, end)
		if err != nil {
			return err
		}
		for _, u := range usage {
			usageID := u.ID
			line := domain.InvoiceLine{
				ID:          ids.New(),
				InvoiceID:   inv.ID,
				UsageID:     &usageID,
				Description: "Envelope " + u.EnvelopeID,
				Quantity:    u.Quantity,
				UnitCents:   u.UnitCents,
				AmountCents: int64(u.Quantity) * int64(u.UnitCents),
			}
			if _, err := store.Insert(ctx, tx, line); err != nil {
				return err
			}
			usageIDs = append(usageIDs, u.ID)
		}
		inv.TotalCents, err = queries.RecalculateInvoiceTotal(ctx, tx, inv.ID)
		return err
	})
	return inv, usageIDs, err
}

// collect charges the invoice total to the card on file. A declined card
// leaves the invoice open; the e-mail then asks the customer to pay.
func (w *InvoiceWorker) collect(ctx context.Context, acct domain.Account, inv domain.Invoice) (bool, error) {
	res, err := w.charger.Charge(ctx, app.ChargeRequest{
		CustomerID:      *acct.StripeCustomerID,
		PaymentMethodID: *acct.StripePaymentMethodID,
		AmountCents:     inv.TotalCents,
		Currency:        inv.Currency,
		Description:     "Quillsign invoice " + deref(inv.Number),
		Metadata:        map[string]string{"account_id": acct.ID, "invoice_id": inv.ID, "purpose": "invoice"},
		IdempotencyKey:  xid.New().String(),
	})
	if errors.Is(err, app.ErrPaymentFailed) {
		w.log.InfoContext(ctx, "invoice card declined", "invoice_id", inv.ID, "err", err)
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("charge invoice: %w", err)
	}

	invoiceID := inv.ID
	err = w.db.InTx(ctx, func(tx pgx.Tx) error {
		if err := queries.InsertCharge(ctx, tx, domain.Charge{
			ID:                    ids.Prefixed(ids.Charge),
			AccountID:             acct.ID,
			Purpose:               "invoice",
			InvoiceID:             &invoiceID,
			AmountCents:           inv.TotalCents,
			Currency:              inv.Currency,
			StripePaymentIntentID: res.PaymentIntentID,
			Status:                res.Status,
			CreatedAt:             w.now(),
		}); err != nil {
			return err
		}
		_, err := queries.MarkInvoicePaid(ctx, tx, inv.ID, w.now())
		return err
	})
	return err == nil, err
}

func (w *InvoiceWorker) send(ctx context.Context, acct domain.Account, inv domain.Invoice) error {
	status := "is due within 30 days"
	if inv.Status == domain.InvoicePaid {
		status = "was paid with your card on file"
	}
	_, err := w.mailer.Send(ctx, app.Mail{
		To:      acct.BillingEmail,
		Subject: fmt.Sprintf("Quillsign invoice %s", deref(inv.Number)),
		Text: fmt.Sprintf("Hi %s,\n\nYour invoice for %s totals %s %.2f and %s.\n\n%s\n",
			acct.Name, inv.PeriodStart.Format("January 2006"), strings.ToUpper(inv.Currency),
			float64(inv.TotalCents)/100, status, w.links.InvoiceURL(inv.ID)),
		Tag:            "invoice",
		IdempotencyKey: "invoice-issued:" + inv.ID,
	})
	return err
}

func invoiceNumber(acct domain.Account, start time.Time) string {
	short := strings.ToUpper(acct.ID)
	if len(short) > 8 {
		short = short[len(short)-8:]
	}
	return fmt.Sprintf("QS-%s-%s", start.Format("200601"), short)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
