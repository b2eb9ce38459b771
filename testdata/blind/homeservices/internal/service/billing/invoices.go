package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/provider/insurer"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

// Invoices issues the final invoice for a completed job.
type Invoices struct {
	repos    *store.Repos
	insurer  insurer.API
	notifier notify.Notifier
	now      func() time.Time
}

// NewInvoices builds Invoices.
func NewInvoices(repos *store.Repos, api insurer.API, notifier notify.Notifier) *Invoices {
	return &Invoices{repos: repos, insurer: api, notifier: notifier, now: time.Now}
}

// Send creates the job's invoice if needed, bills the insurer for warranty
// jobs and texts the customer the balance.
func (s *Invoices) Send(ctx context.Context, jobID string) error {
	job, err := s.repos.Jobs.Get(ctx, jobID)
	if err != nil {
		return err
	}
	if job.AcceptedQuoteID == nil {
		return domain.Conflictf("job %s has no accepted quote", jobID)
	}
	quote, err := s.repos.Quotes.Get(ctx, *job.AcceptedQuoteID)
	if err != nil {
		return err
	}
	if _, err := s.repos.Invoices.InsertIgnore(ctx, &domain.Invoice{
		ID:          ids.Prefixed("inv"),
		JobID:       jobID,
		AmountCents: quote.AmountCents - quote.DepositCents,
		Currency:    quote.Currency,
		CreatedAt:   s.now(),
	}); err != nil {
		return err
	}
	inv, err := s.repos.Invoices.ByJob(ctx, jobID)
	if err != nil {
		return err
	}
	if inv.SentAt != nil {
		return nil
	}

	if job.WarrantyPolicyRef != nil && inv.InsurerInvoiceRef == nil {
		if err := s.billInsurer(ctx, inv); err != nil {
			return err
		}
	}

	customer, err := s.repos.Customers.Get(ctx, job.CustomerID)
	if err != nil {
		return err
	}
	body, err := notify.Render(notify.TplInvoice, map[string]any{"Title": job.Title, "Amount": inv.AmountCents})
	if err != nil {
		return err
	}
	if _, err := s.notifier.Send(ctx, customer.Phone, body,
		notify.WithClientRef("invoice_"+inv.ID),
		notify.ForJob(jobID),
		notify.Template(notify.TplInvoice),
	); err != nil {
		return err
	}
	return s.repos.Invoices.MarkSent(ctx, inv.ID, s.now())
}

func (s *Invoices) billInsurer(ctx context.Context, inv *domain.Invoice) error {
	claim, err := s.repos.Claims.ByJob(ctx, inv.JobID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if claim.InsurerClaimRef == nil || claim.Status == domain.ClaimRejected {
		return nil
	}
	res, err := s.insurer.SubmitInvoice(ctx, *claim.InsurerClaimRef, insurer.InvoiceRequest{
		ExternalReference: inv.ID,
		AmountCents:       inv.AmountCents,
		Currency:          inv.Currency,
	}, insurer.WithIdempotencyKey("invoice_"+inv.ID))
	if err != nil {
		return fmt.Errorf("billing: bill insurer for %s: %w", inv.ID, err)
	}
	return s.repos.Invoices.SetInsurerRef(ctx, inv.ID, res.InvoiceRef)
}
