// Package rewards credits donors with loyalty points and has the voucher
// partner issue reward vouchers at milestones.
package rewards

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// LedgerEntry is one points movement.
type LedgerEntry struct {
	ID        uuid.UUID `db:"id"`
	DonorID   uuid.UUID `db:"donor_id"`
	Points    int       `db:"points"`
	Reason    string    `db:"reason"`
	SourceRef string    `db:"source_ref"`
}

type Repository interface {
	AlreadyProcessed(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
	AppendLedger(ctx context.Context, tx *sqlx.Tx, e LedgerEntry) error
	AddPoints(ctx context.Context, tx *sqlx.Tx, donorID uuid.UUID, points int) (int, error)
	EnsureVoucher(ctx context.Context, tx *sqlx.Tx, donorID uuid.UUID, milestone int) (domain.Voucher, error)
	GetVoucher(ctx context.Context, id uuid.UUID) (domain.Voucher, error)
	MarkIssued(ctx context.Context, id uuid.UUID, code string) error
}

type pgRepository struct{ db *sqlx.DB }

func NewRepository(db *sqlx.DB) Repository { return &pgRepository{db: db} }

func (r *pgRepository) AlreadyProcessed(ctx context.Context, consumer, messageID string) (bool, error) {
	var exists bool
	err := r.db.GetContext(ctx, &exists, `
		SELECT EXISTS (SELECT 1 FROM processed_events WHERE consumer = $1 AND message_id = $2)`,
		consumer, messageID)
	return exists, err
}

func (r *pgRepository) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO processed_events (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, messageID)
	return err
}

func (r *pgRepository) AppendLedger(ctx context.Context, tx *sqlx.Tx, e LedgerEntry) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO reward_ledger (id, donor_id, points, reason, source_ref)
		VALUES (:id, :donor_id, :points, :reason, :source_ref)`, e)
	return err
}

func (r *pgRepository) AddPoints(ctx context.Context, tx *sqlx.Tx, donorID uuid.UUID, points int) (int, error) {
	var total int
	err := tx.GetContext(ctx, &total, `
		UPDATE donors SET reward_points = reward_points + $2 WHERE id = $1
		RETURNING reward_points`, donorID, points)
	if database.IsNoRows(err) {
		return 0, fmt.Errorf("donor %s: %w", donorID, domain.ErrNotFound)
	}
	return total, err
}

// EnsureVoucher returns the donor's voucher for a milestone, creating it in
// pending state the first time the milestone is reached.
func (r *pgRepository) EnsureVoucher(ctx context.Context, tx *sqlx.Tx, donorID uuid.UUID, milestone int) (domain.Voucher, error) {
	var v domain.Voucher
	err := tx.GetContext(ctx, &v, `
		INSERT INTO vouchers (id, donor_id, milestone, status)
		VALUES ($1, $2, $3, 'pending')
		ON CONFLICT ON CONSTRAINT vouchers_donor_milestone_key
		DO UPDATE SET milestone = EXCLUDED.milestone
		RETURNING id, donor_id, milestone, status, partner_voucher_code, issued_at`,
		uuid.New(), donorID, milestone)
	return v, err
}

func (r *pgRepository) GetVoucher(ctx context.Context, id uuid.UUID) (domain.Voucher, error) {
	var v domain.Voucher
	err := r.db.GetContext(ctx, &v, `
		SELECT id, donor_id, milestone, status, partner_voucher_code, issued_at
		  FROM vouchers WHERE id = $1`, id)
	if database.IsNoRows(err) {
		return v, fmt.Errorf("voucher %s: %w", id, domain.ErrNotFound)
	}
	return v, err
}

func (r *pgRepository) MarkIssued(ctx context.Context, id uuid.UUID, code string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE vouchers SET status = 'issued', partner_voucher_code = $2, issued_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, code)
	return err
}
