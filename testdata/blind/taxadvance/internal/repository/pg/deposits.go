package pg

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/platform/db"
)

type DepositRepo struct{ db *gorm.DB }

func (r *DepositRepo) Create(ctx context.Context, d *domain.RefundDeposit) error {
	return db.Conn(ctx, r.db).Create(d).Error
}

func (r *DepositRepo) Get(ctx context.Context, id uuid.UUID) (domain.RefundDeposit, error) {
	var d domain.RefundDeposit
	err := db.Conn(ctx, r.db).First(&d, "id = ?", id).Error
	return d, db.NotFound(err, domain.ErrNotFound)
}

func (r *DepositRepo) ByTrace(ctx context.Context, rtAccountRef, trace string) (domain.RefundDeposit, error) {
	var d domain.RefundDeposit
	err := db.Conn(ctx, r.db).
		Where("rt_account_ref = ? AND trace_number = ?", rtAccountRef, trace).
		Order("received_at").
		First(&d).Error
	return d, db.NotFound(err, domain.ErrNotFound)
}

func (r *DepositRepo) MarkSettled(ctx context.Context, id uuid.UUID, repaid, remainder int64, at time.Time) error {
	return db.Conn(ctx, r.db).Model(&domain.RefundDeposit{}).
		Where("id = ? AND settled_at IS NULL", id).
		Updates(map[string]any{"repaid_cents": repaid, "remainder_cents": remainder, "settled_at": at}).Error
}

func (r *DepositRepo) SetRemainderTransfer(ctx context.Context, id uuid.UUID, transferID string) error {
	return db.Conn(ctx, r.db).Model(&domain.RefundDeposit{}).
		Where("id = ?", id).
		Update("remainder_transfer_id", transferID).Error
}

// InsertReversal records a reversal once per bank event.
func (r *DepositRepo) InsertReversal(ctx context.Context, rev *domain.DepositReversal) (bool, error) {
	res := db.Conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "bank_event_id"}},
		DoNothing: true,
	}).Create(rev)
	return res.RowsAffected == 1, res.Error
}

func (r *DepositRepo) FlagReversed(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	res := db.Conn(ctx, r.db).Model(&domain.RefundDeposit{}).
		Where("id = ? AND reversed_at IS NULL", id).
		Update("reversed_at", at)
	return res.RowsAffected == 1, res.Error
}

type RepaymentRepo struct{ db *gorm.DB }

func (r *RepaymentRepo) Create(ctx context.Context, rp *domain.Repayment) error {
	return db.Conn(ctx, r.db).Create(rp).Error
}

type LedgerRepo struct{ db *gorm.DB }

// Post writes a balanced set of entries in one statement.
func (r *LedgerRepo) Post(ctx context.Context, entries []domain.LedgerEntry) error {
	var balance int64
	for _, e := range entries {
		if e.Direction == "debit" {
			balance += e.AmountCents
		} else {
			balance -= e.AmountCents
		}
	}
	if balance != 0 {
		return domain.ErrValidation
	}
	return db.Conn(ctx, r.db).Create(&entries).Error
}
