package hosts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/provider/payouts"
	"github.com/quayside/lockers/internal/store"
)

// Transferer moves money to a host's bank account.
type Transferer interface {
	Send(ctx context.Context, t payouts.Transfer, opts ...payouts.TransferOption) (payouts.TransferResult, error)
}

type PayoutRunOption func(*PayoutRun)

// WithTransferKey overrides how the transfer idempotency key is built.
func WithTransferKey(fn func(domain.HostPayout) string) PayoutRunOption {
	return func(p *PayoutRun) { p.transferKey = fn }
}

func WithPayoutClock(now func() time.Time) PayoutRunOption {
	return func(p *PayoutRun) { p.now = now }
}

// PayoutRun pays every host for the previous calendar month.
type PayoutRun struct {
	tx          store.TxRunner
	repos       store.Repos
	transfers   Transferer
	log         *slog.Logger
	now         func() time.Time
	transferKey func(domain.HostPayout) string
}

func NewPayoutRun(tx store.TxRunner, repos store.Repos, transfers Transferer, log *slog.Logger, opts ...PayoutRunOption) *PayoutRun {
	p := &PayoutRun{
		tx:        tx,
		repos:     repos,
		transfers: transfers,
		log:       log,
		now:       time.Now,
		transferKey: func(domain.HostPayout) string {
			return "hp-" + ulid.Make().String()
		},
	}
	for _, o := range opts {
		o(p)
	}
	return p
}

type PayoutSummary struct {
	Paid    int
	Skipped int
	Failed  int
}

func (p *PayoutRun) Run(ctx context.Context) (PayoutSummary, error) {
	period := domain.MonthStart(p.now()).AddDate(0, -1, 0)
	hosts, err := p.repos.Hosts.List(ctx)
	if err != nil {
		return PayoutSummary{}, err
	}
	var sum PayoutSummary
	var errs []error
	for _, h := range hosts {
		paid, err := p.payHost(ctx, h, period)
		switch {
		case err != nil:
			sum.Failed++
			errs = append(errs, fmt.Errorf("host %s: %w", h.ID, err))
			p.log.ErrorContext(ctx, "host payout failed", "host_id", h.ID, "period", period.Format("2006-01"), "err", err)
		case paid:
			sum.Paid++
		default:
			sum.Skipped++
		}
	}
	return sum, errors.Join(errs...)
}

func (p *PayoutRun) amountFor(ctx context.Context, h domain.Host, period time.Time) (int64, error) {
	pickups, err := p.repos.Hosts.Usage(ctx, h.ID, period)
	if err != nil {
		return 0, err
	}
	adj, err := p.repos.Hosts.OpenAdjustments(ctx, h.ID)
	if err != nil {
		return 0, err
	}
	return h.BaseFeeCents + int64(pickups)*h.RatePerPickupCents + adj, nil
}

func (p *PayoutRun) payHost(ctx context.Context, h domain.Host, period time.Time) (bool, error) {
	amount, err := p.amountFor(ctx, h, period)
	if err != nil {
		return false, err
	}
	if amount <= 0 {
		return false, nil
	}
	payout, err := store.InTx(ctx, p.tx, func(ctx context.Context, r store.Repos) (domain.HostPayout, error) {
		return r.Hosts.ClaimPayout(ctx, domain.HostPayout{
			ID:          "hpo_" + ulid.Make().String(),
			HostID:      h.ID,
			Period:      period,
			AmountCents: amount,
		})
	})
	if err != nil {
		return false, err
	}
	if payout.Status == "paid" {
		return false, nil
	}

	res, err := p.transfers.Send(ctx, payouts.Transfer{
		Beneficiary: h.PayoutAccount,
		AmountCents: payout.AmountCents,
		Reference:   fmt.Sprintf("Quayside locker hosting %s", period.Format("Jan 2006")),
	}, payouts.WithIdempotencyKey(p.transferKey(payout)))
	if err != nil {
		return false, fmt.Errorf("transfer: %w", err)
	}

	err = p.tx.WithinTx(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Hosts.MarkPayoutPaid(ctx, payout.ID, res.ID, p.now().UTC()); err != nil {
			return err
		}
		return r.Hosts.ApplyAdjustments(ctx, h.ID, period)
	})
	if err != nil {
		return false, err
	}
	p.log.InfoContext(ctx, "host paid", "host_id", h.ID, "amount_cents", payout.AmountCents, "transfer_id", res.ID)
	return true, nil
}
