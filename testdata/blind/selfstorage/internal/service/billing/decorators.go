package billing

import (
	"context"
	"log/slog"
	"time"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/metrics"
)

// Instrumented records call counts and latency for every Service method.
func Instrumented(next Service, m *metrics.Metrics) Service {
	return &instrumented{next: next, m: m}
}

type instrumented struct {
	next Service
	m    *metrics.Metrics
}

func (d *instrumented) RunMonthly(ctx context.Context, period domain.Period) (n int, err error) {
	defer func(t time.Time) { d.m.Observe("billing", "RunMonthly", t, err) }(time.Now())
	return d.next.RunMonthly(ctx, period)
}

func (d *instrumented) OpenFirstInvoice(ctx context.Context, r *domain.Rental) (inv *domain.Invoice, err error) {
	defer func(t time.Time) { d.m.Observe("billing", "OpenFirstInvoice", t, err) }(time.Now())
	return d.next.OpenFirstInvoice(ctx, r)
}

func (d *instrumented) ChargeAutopay(ctx context.Context, invoiceID string) (err error) {
	defer func(t time.Time) { d.m.Observe("billing", "ChargeAutopay", t, err) }(time.Now())
	return d.next.ChargeAutopay(ctx, invoiceID)
}

func (d *instrumented) PayBalance(ctx context.Context, rentalID string, p ManualPayment) (r *Receipt, err error) {
	defer func(t time.Time) { d.m.Observe("billing", "PayBalance", t, err) }(time.Now())
	return d.next.PayBalance(ctx, rentalID, p)
}

func (d *instrumented) AssessFee(ctx context.Context, rentalID string, f Fee) (e *domain.LedgerEntry, err error) {
	defer func(t time.Time) { d.m.Observe("billing", "AssessFee", t, err) }(time.Now())
	return d.next.AssessFee(ctx, rentalID, f)
}

func (d *instrumented) IssueCredit(ctx context.Context, rentalID string, amountCents int64, memo, ref string) (err error) {
	defer func(t time.Time) { d.m.Observe("billing", "IssueCredit", t, err) }(time.Now())
	return d.next.IssueCredit(ctx, rentalID, amountCents, memo, ref)
}

func (d *instrumented) RefundPayment(ctx context.Context, rentalID string, req RefundRequest) (r *RefundResult, err error) {
	defer func(t time.Time) { d.m.Observe("billing", "RefundPayment", t, err) }(time.Now())
	return d.next.RefundPayment(ctx, rentalID, req)
}

func (d *instrumented) SweepDelinquent(ctx context.Context, asOf time.Time) (r SweepResult, err error) {
	defer func(t time.Time) { d.m.Observe("billing", "SweepDelinquent", t, err) }(time.Now())
	return d.next.SweepDelinquent(ctx, asOf)
}

// Logged logs failures of every Service method with its arguments.
func Logged(next Service, log *slog.Logger) Service {
	return &logged{next: next, log: log.With("service", "billing")}
}

type logged struct {
	next Service
	log  *slog.Logger
}

func (d *logged) fail(ctx context.Context, method string, err error, args ...any) {
	if err != nil {
		d.log.ErrorContext(ctx, method+" failed", append(args, "err", err)...)
	}
}

func (d *logged) RunMonthly(ctx context.Context, period domain.Period) (int, error) {
	n, err := d.next.RunMonthly(ctx, period)
	d.fail(ctx, "RunMonthly", err, "period", period, "invoiced", n)
	if err == nil {
		d.log.InfoContext(ctx, "monthly run complete", "period", period, "invoiced", n)
	}
	return n, err
}

func (d *logged) OpenFirstInvoice(ctx context.Context, r *domain.Rental) (*domain.Invoice, error) {
	inv, err := d.next.OpenFirstInvoice(ctx, r)
	d.fail(ctx, "OpenFirstInvoice", err, "rental", r.ID)
	return inv, err
}

func (d *logged) ChargeAutopay(ctx context.Context, invoiceID string) error {
	err := d.next.ChargeAutopay(ctx, invoiceID)
	d.fail(ctx, "ChargeAutopay", err, "invoice", invoiceID)
	return err
}

func (d *logged) PayBalance(ctx context.Context, rentalID string, p ManualPayment) (*Receipt, error) {
	r, err := d.next.PayBalance(ctx, rentalID, p)
	d.fail(ctx, "PayBalance", err, "rental", rentalID, "amount", p.AmountCents)
	return r, err
}

func (d *logged) AssessFee(ctx context.Context, rentalID string, f Fee) (*domain.LedgerEntry, error) {
	e, err := d.next.AssessFee(ctx, rentalID, f)
	d.fail(ctx, "AssessFee", err, "rental", rentalID, "code", f.Code)
	return e, err
}

func (d *logged) IssueCredit(ctx context.Context, rentalID string, amountCents int64, memo, ref string) error {
	err := d.next.IssueCredit(ctx, rentalID, amountCents, memo, ref)
	d.fail(ctx, "IssueCredit", err, "rental", rentalID, "amount", amountCents, "ref", ref)
	return err
}

func (d *logged) RefundPayment(ctx context.Context, rentalID string, req RefundRequest) (*RefundResult, error) {
	r, err := d.next.RefundPayment(ctx, rentalID, req)
	d.fail(ctx, "RefundPayment", err, "rental", rentalID, "amount", req.AmountCents)
	return r, err
}

func (d *logged) SweepDelinquent(ctx context.Context, asOf time.Time) (SweepResult, error) {
	r, err := d.next.SweepDelinquent(ctx, asOf)
	d.fail(ctx, "SweepDelinquent", err, "as_of", asOf.Format(time.DateOnly))
	if err == nil {
		d.log.InfoContext(ctx, "delinquency sweep", "overdue", r.Overdue, "fees", r.Fees, "overlocks", r.Overlocks)
	}
	return r, err
}
