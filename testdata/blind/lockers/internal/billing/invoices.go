package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/provider/ledger"
	"github.com/quayside/lockers/internal/store"
	"github.com/quayside/lockers/internal/webhooks"
)

// Invoicer is the subset of the Ledgerline client used for invoices and
// credit notes.
type Invoicer interface {
	CreateInvoice(ctx context.Context, req ledger.InvoiceRequest, opts ...ledger.RequestOption) (ledger.Invoice, error)
	CreateCreditNote(ctx context.Context, req ledger.CreditNoteRequest, opts ...ledger.RequestOption) (ledger.CreditNote, error)
}

// InvoiceRun issues last month's invoice to every partner with billed
// parcels and tells the partner it is ready.
type InvoiceRun struct {
	tx        store.TxRunner
	repos     store.Repos
	invoicer  Invoicer
	publisher webhooks.Publisher
	log       *slog.Logger
	now       func() time.Time
}

func NewInvoiceRun(tx store.TxRunner, repos store.Repos, invoicer Invoicer, publisher webhooks.Publisher, log *slog.Logger) *InvoiceRun {
	return &InvoiceRun{tx: tx, repos: repos, invoicer: invoicer, publisher: publisher, log: log, now: time.Now}
}

func (r *InvoiceRun) Run(ctx context.Context) (int, error) {
	period := domain.MonthStart(r.now()).AddDate(0, -1, 0)
	partners, err := r.repos.Partners.ListBillable(ctx)
	if err != nil {
		return 0, err
	}
	issued := 0
	var errs []error
	for _, p := range partners {
		ok, err := r.invoicePartner(ctx, p, period)
		if err != nil {
			errs = append(errs, fmt.Errorf("partner %s: %w", p.ID, err))
			continue
		}
		if ok {
			issued++
		}
	}
	return issued, errors.Join(errs...)
}

func (r *InvoiceRun) invoicePartner(ctx context.Context, p domain.Partner, period time.Time) (bool, error) {
	total, lines, err := r.repos.Billing.PeriodTotal(ctx, p.ID, period)
	if err != nil {
		return false, err
	}
	if lines == 0 {
		return false, nil
	}
	inv, err := store.InTx(ctx, r.tx, func(ctx context.Context, tx store.Repos) (domain.PartnerInvoice, error) {
		return tx.Billing.ClaimInvoice(ctx, domain.PartnerInvoice{
			ID:          "pinv_" + xid.New().String(),
			PartnerID:   p.ID,
			Period:      period,
			AmountCents: total,
		})
	})
	if err != nil {
		return false, err
	}
	if inv.Status == "issued" {
		return false, nil
	}

	doc, err := r.invoicer.CreateInvoice(ctx, ledger.InvoiceRequest{
		CustomerID:  p.BillingCustomerID,
		PeriodStart: period,
		PeriodEnd:   period.AddDate(0, 1, 0).Add(-time.Second),
		Reference:   inv.ID,
		Lines: []ledger.LineItem{{
			Description:    fmt.Sprintf("Locker deliveries %s", period.Format("January 2006")),
			Quantity:       lines,
			UnitPriceCents: inv.AmountCents / int64(lines),
		}},
	}, ledger.WithIdempotencyKey("partner-invoice-"+inv.ID))
	if err != nil {
		return false, fmt.Errorf("create invoice: %w", err)
	}
	if err := r.repos.Billing.MarkInvoiceIssued(ctx, inv.ID, doc.ID); err != nil {
		return false, err
	}

	err = webhooks.Publish(ctx, r.publisher, "invoice.ready:"+inv.ID, webhooks.TypeInvoiceReady, p.ID,
		webhooks.InvoiceReadyPayload{
			InvoiceID:         inv.ID,
			ProviderInvoiceID: doc.ID,
			Period:            period,
			AmountCents:       inv.AmountCents,
		})
	if err != nil {
		r.log.WarnContext(ctx, "queue invoice webhook", "invoice_id", inv.ID, "err", err)
	}
	return true, nil
}
