package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/ids"
)

// FeeRepo records the flat hourly pitch fees charged to vendors.
type FeeRepo struct {
	s *Store
}

func NewFeeRepo(s *Store) *FeeRepo { return &FeeRepo{s: s} }

func (r *FeeRepo) AddHourlyFee(ctx context.Context, vendorID uuid.UUID, amount int64, hour time.Time) error {
	return r.s.InsertVendorFee(ctx, db.InsertVendorFeeParams{
		ID:          ids.NewKSUID(),
		VendorID:    vendorID,
		AmountCents: amount,
		PeriodStart: hour.UTC().Truncate(time.Hour),
	})
}

func (r *FeeRepo) ListVendors(ctx context.Context) ([]db.Vendor, error) {
	return r.s.ListVendors(ctx)
}
