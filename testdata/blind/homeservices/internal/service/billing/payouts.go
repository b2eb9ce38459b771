package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/events"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/provider/stripepay"
	"github.com/tradeloop/homeservices/internal/store"
)

// Payouts books and pays technicians' earnings.
type Payouts struct {
	uow     store.UnitOfWork
	repos   *store.Repos
	gateway stripepay.Gateway
	queue   queue.Enqueuer
	now     func() time.Time
}

// NewPayouts builds Payouts.
func NewPayouts(uow store.UnitOfWork, repos *store.Repos, gateway stripepay.Gateway, q queue.Enqueuer) *Payouts {
	return &Payouts{uow: uow, repos: repos, gateway: gateway, queue: q, now: time.Now}
}

// OnJobCompleted books the technician's earnings for a completed job and
// queues the transfer and the customer's invoice.
func (p *Payouts) OnJobCompleted(ctx context.Context, evt events.JobCompleted) error {
	quote, err := p.repos.Quotes.Get(ctx, evt.QuoteID)
	if err != nil {
		return fmt.Errorf("billing: quote for job %s: %w", evt.JobID, err)
	}
	fee := domain.PlatformFee(quote.AmountCents)
	now := p.now()
	payout := &domain.Payout{
		ID:           ids.Sortable(),
		JobID:        evt.JobID,
		TechnicianID: quote.TechnicianID,
		AmountCents:  quote.AmountCents - fee,
		Currency:     quote.Currency,
		Status:       domain.PayoutPending,
		CreatedAt:    now,
	}
	jobID := evt.JobID
	err = p.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		if err := tx.Payouts.Insert(ctx, payout); err != nil {
			return err
		}
		return tx.Ledger.Append(ctx,
			domain.LedgerEntry{
				ID: ids.Sortable(), Account: domain.TechnicianAccount(quote.TechnicianID), JobID: &jobID,
				Kind: "earning", AmountCents: payout.AmountCents, Currency: quote.Currency,
				Reference: payout.ID, CreatedAt: now,
			},
			domain.LedgerEntry{
				ID: ids.Sortable(), Account: domain.AccountPlatformRevenue, JobID: &jobID,
				Kind: "commission", AmountCents: fee, Currency: quote.Currency,
				Reference: payout.ID, CreatedAt: now,
			},
		)
	})
	if err != nil {
		return err
	}

	transfer, err := queue.NewTask(queue.TypePayoutTransfer, queue.PayoutTransfer{PayoutID: payout.ID})
	if err != nil {
		return err
	}
	if err := p.queue.Enqueue(ctx, transfer, queue.WithDedupKey("payout:"+payout.ID), queue.WithDelay(time.Hour)); err != nil {
		return err
	}
	invoice, err := queue.NewTask(queue.TypeSendInvoice, queue.SendInvoice{JobID: evt.JobID})
	if err != nil {
		return err
	}
	return p.queue.Enqueue(ctx, invoice, queue.WithDedupKey("invoice:"+evt.JobID), queue.WithQueue(queue.QueueLow))
}

// Transfer pays a pending payout to the technician's connected account.
func (p *Payouts) Transfer(ctx context.Context, payoutID string) error {
	po, err := p.repos.Payouts.Get(ctx, payoutID)
	if err != nil {
		return err
	}
	if po.Status == domain.PayoutPaid {
		return nil
	}
	tech, err := p.repos.Technicians.Get(ctx, po.TechnicianID)
	if err != nil {
		return err
	}
	if tech.StripeAccountID == nil {
		return fmt.Errorf("%w: technician %s has no payout account", ErrNotReady, tech.ID)
	}
	tr, err := p.gateway.Transfer(ctx, stripepay.TransferRequest{
		DestinationAccount: *tech.StripeAccountID,
		AmountCents:        po.AmountCents,
		Currency:           po.Currency,
		TransferGroup:      "job_" + po.JobID,
		Metadata:           map[string]string{"payout_id": po.ID, "job_id": po.JobID},
	})
	if err != nil {
		return fmt.Errorf("billing: transfer payout %s: %w", po.ID, err)
	}
	return p.repos.Payouts.MarkPaid(ctx, po.ID, tr.ID, p.now())
}
