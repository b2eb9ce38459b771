package service

import (
	"context"
	"log/slog"

	"github.com/gigbridge/escrow/internal/store"
)

// FeeService implements Fees.
type FeeService struct {
	db        Runner
	contracts ContractRepo
	releases  ReleaseRepo
	fees      FeeRepo
	newID     func() string
	log       *slog.Logger
}

var _ Fees = (*FeeService)(nil)

func NewFeeService(db Runner, contracts ContractRepo, releases ReleaseRepo, fees FeeRepo, newID func() string, log *slog.Logger) *FeeService {
	return &FeeService{db: db, contracts: contracts, releases: releases, fees: fees, newID: newID, log: log.With("svc", "fees")}
}

// RecordPlatformFee books the fee taken on a release into the monthly
// revenue rollup that finance invoices from.
func (s *FeeService) RecordPlatformFee(ctx context.Context, releaseID string) error {
	r, err := s.releases.Get(ctx, s.db.Q(), releaseID)
	if err != nil {
		return lookup(err, "release", releaseID)
	}
	if r.FeeMinor == 0 {
		return nil
	}
	c, err := s.contracts.ForMilestone(ctx, s.db.Q(), r.MilestoneID)
	if err != nil {
		return err
	}
	period := r.CreatedAt.UTC().Format("2006-01")
	return s.db.WithTx(ctx, func(q Querier) error {
		if err := s.fees.Insert(ctx, q, store.PlatformFee{
			ID:          s.newID(),
			ReleaseID:   r.ID,
			MilestoneID: r.MilestoneID,
			AmountMinor: r.FeeMinor,
			Currency:    r.Currency,
			FeeBps:      c.FeeBps,
			Period:      period,
		}); err != nil {
			return err
		}
		return s.fees.AddRevenue(ctx, q, period, r.Currency, r.FeeMinor)
	})
}
