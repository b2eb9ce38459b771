// Package billing charges retail partners: a fee per collected parcel
// accrues on the partner's balance and is invoiced monthly through
// Ledgerline.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/store"
)

// balanceBook keeps the running amount each partner owes.
type balanceBook struct {
	tx store.TxRunner
}

func (b balanceBook) accrue(ctx context.Context, partnerID string, cents int64) error {
	return b.tx.WithinTx(ctx, func(ctx context.Context, r store.Repos) error {
		return r.Billing.AddToBalance(ctx, partnerID, cents)
	})
}

// ParcelBiller accrues the per-parcel fee for every collected parcel that
// has not been billed yet.
type ParcelBiller struct {
	tx        store.TxRunner
	repos     store.Repos
	balances  balanceBook
	batchSize int
	log       *slog.Logger
	now       func() time.Time
}

func NewParcelBiller(tx store.TxRunner, repos store.Repos, batchSize int, log *slog.Logger) *ParcelBiller {
	return &ParcelBiller{
		tx:        tx,
		repos:     repos,
		balances:  balanceBook{tx: tx},
		batchSize: batchSize,
		log:       log,
		now:       time.Now,
	}
}

type BillingSummary struct {
	Billed int
	Cents  int64
}

func (b *ParcelBiller) Run(ctx context.Context) (BillingSummary, error) {
	var sum BillingSummary
	for {
		parcels, err := b.repos.Parcels.ListUnbilled(ctx, b.batchSize)
		if err != nil {
			return sum, err
		}
		if len(parcels) == 0 {
			return sum, nil
		}
		var errs []error
		for _, p := range parcels {
			fee, err := b.bill(ctx, p)
			if err != nil {
				errs = append(errs, fmt.Errorf("parcel %s: %w", p.ID, err))
				continue
			}
			sum.Billed++
			sum.Cents += fee
		}
		if len(errs) > 0 {
			return sum, errors.Join(errs...)
		}
	}
}

func (b *ParcelBiller) bill(ctx context.Context, p domain.Parcel) (int64, error) {
	collected := b.now()
	if p.CollectedAt != nil {
		collected = *p.CollectedAt
	}
	fee, err := b.repos.Billing.FeeFor(ctx, p.PartnerID, collected)
	if err != nil {
		return 0, fmt.Errorf("fee lookup: %w", err)
	}

	if err := b.balances.accrue(ctx, p.PartnerID, fee); err != nil {
		return 0, fmt.Errorf("accrue: %w", err)
	}

	err = b.tx.WithinTx(ctx, func(ctx context.Context, r store.Repos) error {
		if _, err := r.Billing.InsertLine(ctx, p.ID, p.PartnerID, fee, domain.MonthStart(collected)); err != nil {
			return err
		}
		return r.Parcels.MarkBilled(ctx, p.ID, b.now().UTC())
	})
	if err != nil {
		return 0, fmt.Errorf("mark billed: %w", err)
	}
	return fee, nil
}
