package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type StorageRepository interface {
	WithTx(tx *gorm.DB) StorageRepository
	// OpenLot inserts the lot unless the booking already has one, and returns
	// the stored lot.
	OpenLot(ctx context.Context, lot *domain.StorageLot) (*domain.StorageLot, bool, error)
	GetLot(ctx context.Context, id uuid.UUID) (*domain.StorageLot, error)
	GetLotForUpdate(ctx context.Context, id uuid.UUID) (*domain.StorageLot, error)
	Release(ctx context.Context, id uuid.UUID, on time.Time) error
	BillableLots(ctx context.Context, period string) ([]domain.StorageLot, error)
	EnsureCharge(ctx context.Context, c *domain.StorageCharge) (*domain.StorageCharge, error)
	SettleCharge(ctx context.Context, id uuid.UUID, chargeID string, status domain.PaymentStatus) error
}

type storageRepo struct{ db *gorm.DB }

func NewStorageRepository(db *gorm.DB) StorageRepository { return &storageRepo{db: db} }

func (r *storageRepo) WithTx(tx *gorm.DB) StorageRepository { return &storageRepo{db: tx} }

func (r *storageRepo) OpenLot(ctx context.Context, lot *domain.StorageLot) (*domain.StorageLot, bool, error) {
	created, err := insertIgnore(ctx, r.db, lot, "booking_id")
	if err != nil {
		return nil, false, err
	}
	if created {
		return lot, true, nil
	}
	existing, err := first[domain.StorageLot](ctx, r.db, "booking_id = ?", lot.BookingID)
	return existing, false, err
}

func (r *storageRepo) GetLot(ctx context.Context, id uuid.UUID) (*domain.StorageLot, error) {
	return first[domain.StorageLot](ctx, r.db, "id = ?", id)
}

func (r *storageRepo) GetLotForUpdate(ctx context.Context, id uuid.UUID) (*domain.StorageLot, error) {
	return lockFirst[domain.StorageLot](ctx, r.db, "id = ?", id)
}

func (r *storageRepo) Release(ctx context.Context, id uuid.UUID, on time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.StorageLot{}).Where("id = ?", id).
		Updates(map[string]any{"status": "released", "released_on": on}).Error
}

// BillableLots returns lots that were in storage at any point of period (YYYY-MM).
func (r *storageRepo) BillableLots(ctx context.Context, period string) ([]domain.StorageLot, error) {
	start, err := time.Parse("2006-01", period)
	if err != nil {
		return nil, err
	}
	end := start.AddDate(0, 1, 0)
	var out []domain.StorageLot
	err = r.db.WithContext(ctx).
		Where("started_on < ? AND (released_on IS NULL OR released_on >= ?)", end, start).
		Order("id").Find(&out).Error
	return out, err
}

func (r *storageRepo) EnsureCharge(ctx context.Context, c *domain.StorageCharge) (*domain.StorageCharge, error) {
	if _, err := insertIgnore(ctx, r.db, c, "lot_id", "period"); err != nil {
		return nil, err
	}
	return first[domain.StorageCharge](ctx, r.db, "lot_id = ? AND period = ?", c.LotID, c.Period)
}

func (r *storageRepo) SettleCharge(ctx context.Context, id uuid.UUID, chargeID string, status domain.PaymentStatus) error {
	return r.db.WithContext(ctx).Model(&domain.StorageCharge{}).Where("id = ?", id).
		Updates(map[string]any{"provider_charge_id": chargeID, "status": status}).Error
}
