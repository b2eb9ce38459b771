package repository

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/platform/store"
)

const (
	TransferPending   = "pending"
	TransferSubmitted = "submitted"
	TransferCompleted = "completed"
	TransferFailed    = "failed"
)

type TransferRepository interface {
	Get(ctx context.Context, id string) (*domain.TicketTransfer, error)
	GetByPromoterID(ctx context.Context, promoterTransferID string) (*domain.TicketTransfer, error)
	// Open returns the order's transfer, creating it on first use.
	Open(ctx context.Context, orderID string) (*domain.TicketTransfer, error)
	MarkSubmitted(ctx context.Context, id, promoterTransferID string) (bool, error)
	MarkCompleted(ctx context.Context, id string, at time.Time) (bool, error)
	// MarkFailed moves a submitted transfer back to failed and returns the
	// new failure count.
	MarkFailed(ctx context.Context, id string) (int, bool, error)
	RecordAttempt(ctx context.Context, transferID, outcome, detail string) error
}

type transferRepo struct {
	*store.Repository[domain.TicketTransfer]
	attempts *store.Repository[domain.TransferAttempt]
}

func NewTransferRepository(db *gorm.DB) TransferRepository {
	return &transferRepo{
		Repository: store.NewRepository[domain.TicketTransfer](db),
		attempts:   store.NewRepository[domain.TransferAttempt](db),
	}
}

func (r *transferRepo) Open(ctx context.Context, orderID string) (*domain.TicketTransfer, error) {
	err := r.DB(ctx).Exec(`
		INSERT INTO ticket_transfers (id, order_id, status) VALUES (?, ?, ?)
		ON CONFLICT (order_id) DO NOTHING`,
		ids.Prefixed("trf"), orderID, TransferPending).Error
	if err != nil {
		return nil, err
	}
	return r.FindOne(ctx, "order_id = ?", orderID)
}

func (r *transferRepo) GetByPromoterID(ctx context.Context, promoterTransferID string) (*domain.TicketTransfer, error) {
	return r.FindOne(ctx, "promoter_transfer_id = ?", promoterTransferID)
}

func (r *transferRepo) MarkSubmitted(ctx context.Context, id, promoterTransferID string) (bool, error) {
	res := r.DB(ctx).Exec(`
		UPDATE ticket_transfers SET status = ?, promoter_transfer_id = ?, updated_at = now()
		WHERE id = ? AND status IN ?`,
		TransferSubmitted, promoterTransferID, id, []string{TransferPending, TransferFailed})
	return res.RowsAffected == 1, res.Error
}

func (r *transferRepo) MarkCompleted(ctx context.Context, id string, at time.Time) (bool, error) {
	res := r.DB(ctx).Exec(`
		UPDATE ticket_transfers SET status = ?, transferred_at = ?, updated_at = now()
		WHERE id = ? AND status <> ?`,
		TransferCompleted, at, id, TransferCompleted)
	return res.RowsAffected == 1, res.Error
}

func (r *transferRepo) MarkFailed(ctx context.Context, id string) (int, bool, error) {
	var count []int
	res := r.DB(ctx).Raw(`
		UPDATE ticket_transfers SET status = ?, failure_count = failure_count + 1, updated_at = now()
		WHERE id = ? AND status = ?
		RETURNING failure_count`,
		TransferFailed, id, TransferSubmitted).Scan(&count)
	if res.Error != nil {
		return 0, false, res.Error
	}
	if len(count) == 0 {
		return 0, false, nil
	}
	return count[0], true, nil
}

// RecordAttempt appends to the attempt log. Every call to the promoter gets
// its own row, retries included.
func (r *transferRepo) RecordAttempt(ctx context.Context, transferID, outcome, detail string) error {
	return r.attempts.Create(ctx, &domain.TransferAttempt{
		ID:          ids.New(),
		TransferID:  transferID,
		AttemptedAt: time.Now().UTC(),
		Outcome:     outcome,
		Detail:      detail,
	})
}
