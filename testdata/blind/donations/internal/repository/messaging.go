package repository

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// ReceiptRepo persists tax receipts.
type ReceiptRepo interface {
	WithTx(tx bun.IDB) ReceiptRepo
	// Ensure creates the receipt for a donation if it does not exist and
	// returns the stored row either way.
	Ensure(ctx context.Context, r *domain.Receipt) (*domain.Receipt, error)
	MarkEmailed(ctx context.Context, id int64, at time.Time) error
	NextNumber(ctx context.Context) (int64, error)
}

type receiptRepo struct{ db bun.IDB }

// NewReceiptRepo returns the bun implementation.
func NewReceiptRepo(db *bun.DB) ReceiptRepo { return &receiptRepo{db: db} }

func (r *receiptRepo) WithTx(tx bun.IDB) ReceiptRepo { return &receiptRepo{db: tx} }

func (r *receiptRepo) Ensure(ctx context.Context, rc *domain.Receipt) (*domain.Receipt, error) {
	_, err := r.db.NewInsert().Model(rc).
		On("CONFLICT (donation_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	out := new(domain.Receipt)
	err = r.db.NewSelect().Model(out).Where("rc.donation_id = ?", rc.DonationID).Scan(ctx)
	return out, err
}

func (r *receiptRepo) MarkEmailed(ctx context.Context, id int64, at time.Time) error {
	_, err := r.db.NewUpdate().Model((*domain.Receipt)(nil)).
		Set("emailed_at = ?", at).
		Where("id = ?", id).
		Where("emailed_at IS NULL").
		Exec(ctx)
	return err
}

func (r *receiptRepo) NextNumber(ctx context.Context) (int64, error) {
	var n int64
	err := r.db.QueryRowContext(ctx, "SELECT nextval('receipt_number_seq')").Scan(&n)
	return n, err
}

// EventRepo stores inbound provider events (processor and email).
type EventRepo interface {
	WithTx(tx bun.IDB) EventRepo
	RecordProcessorEvent(ctx context.Context, e *domain.ProcessorEvent) (bool, error)
	RecordEmailEvent(ctx context.Context, e *domain.EmailEvent) (bool, error)
}

type eventRepo struct{ db bun.IDB }

// NewEventRepo returns the bun implementation.
func NewEventRepo(db *bun.DB) EventRepo { return &eventRepo{db: db} }

func (r *eventRepo) WithTx(tx bun.IDB) EventRepo { return &eventRepo{db: tx} }

func (r *eventRepo) RecordProcessorEvent(ctx context.Context, e *domain.ProcessorEvent) (bool, error) {
	res, err := r.db.NewInsert().Model(e).
		On("CONFLICT (psp_reference, event_code, success) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (r *eventRepo) RecordEmailEvent(ctx context.Context, e *domain.EmailEvent) (bool, error) {
	res, err := r.db.NewInsert().Model(e).
		On("CONFLICT (provider_event_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

// NotificationRepo tracks outbound charity webhooks.
type NotificationRepo interface {
	Delivered(ctx context.Context, donationID string) (bool, error)
	RecordDelivered(ctx context.Context, n *domain.CharityNotification) error
}

type notificationRepo struct{ db bun.IDB }

// NewNotificationRepo returns the bun implementation.
func NewNotificationRepo(db *bun.DB) NotificationRepo { return &notificationRepo{db: db} }

func (r *notificationRepo) Delivered(ctx context.Context, donationID string) (bool, error) {
	return r.db.NewSelect().Model((*domain.CharityNotification)(nil)).
		Where("donation_id = ?", donationID).
		Exists(ctx)
}

func (r *notificationRepo) RecordDelivered(ctx context.Context, n *domain.CharityNotification) error {
	_, err := r.db.NewInsert().Model(n).
		On("CONFLICT (donation_id) DO UPDATE").
		Set("status_code = EXCLUDED.status_code").
		Set("delivered_at = EXCLUDED.delivered_at").
		Exec(ctx)
	return err
}
