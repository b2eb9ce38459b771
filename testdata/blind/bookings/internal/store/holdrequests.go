package store

import (
	"context"

	"gorm.io/gorm"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
)

// HoldRequestRepository maps client hold-request keys to holds.
type HoldRequestRepository struct{ base }

// NewHoldRequestRepository builds a HoldRequestRepository.
func NewHoldRequestRepository(db *gorm.DB) *HoldRequestRepository {
	return &HoldRequestRepository{base{db: db}}
}

// Claim inserts the request key; false means another request already owns it.
func (r *HoldRequestRepository) Claim(ctx context.Context, key string) (bool, error) {
	res := r.conn(ctx).Exec(`
		INSERT INTO hold_requests (idempotency_key) VALUES (?)
		ON CONFLICT (idempotency_key) DO NOTHING`, key)
	return res.RowsAffected == 1, res.Error
}

// Get loads the request row, locking it.
func (r *HoldRequestRepository) Get(ctx context.Context, key string) (*domain.HoldRequest, error) {
	var hr domain.HoldRequest
	err := r.conn(ctx).Raw(`SELECT idempotency_key, hold_id, created_at FROM hold_requests WHERE idempotency_key = ? FOR UPDATE`, key).
		Scan(&hr).Error
	if err != nil {
		return nil, err
	}
	if hr.IdempotencyKey == "" {
		return nil, database.ErrNotFound
	}
	return &hr, nil
}

// AttachHold links the request key to the hold it created.
func (r *HoldRequestRepository) AttachHold(ctx context.Context, key, holdID string) error {
	return r.conn(ctx).Exec(`UPDATE hold_requests SET hold_id = ? WHERE idempotency_key = ?`, holdID, key).Error
}
