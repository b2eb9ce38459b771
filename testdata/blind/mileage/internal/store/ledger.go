package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northwind-air/mileage/internal/domain"
)

// LedgerRepo writes ledger entries and keeps members.balance in step.
type LedgerRepo struct {
	db      *gorm.DB
	members *MemberRepo
}

// NewLedgerRepo returns a LedgerRepo.
func NewLedgerRepo(db *gorm.DB, members *MemberRepo) *LedgerRepo {
	return &LedgerRepo{db: db, members: members}
}

func toEntry(m ledgerEntryModel) domain.LedgerEntry {
	return domain.LedgerEntry{
		ID:        m.ID,
		MemberID:  m.MemberID,
		Kind:      domain.EntryKind(m.Kind),
		Miles:     m.Miles,
		Source:    m.Source,
		SourceRef: deref(m.SourceRef),
		Memo:      m.Memo,
		ExpiresAt: m.ExpiresAt,
		CreatedAt: m.CreatedAt,
	}
}

// Post writes the entry and applies it to the balance in one transaction.
// When the posting carries a SourceRef that was already posted for the
// member and source, nothing changes and Post returns false.
func (r *LedgerRepo) Post(ctx context.Context, p domain.Posting) (bool, error) {
	applied := false
	err := conn(ctx, r.db).Transaction(func(tx *gorm.DB) error {
		row := ledgerEntryModel{
			MemberID:  p.MemberID,
			Kind:      string(p.Kind),
			Miles:     p.Miles,
			Source:    p.Source,
			SourceRef: strPtr(p.SourceRef),
			Memo:      p.Memo,
			ExpiresAt: p.ExpiresAt,
			CreatedAt: time.Now().UTC(),
		}
		q := tx
		if row.SourceRef != nil {
			q = tx.Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "member_id"}, {Name: "source"}, {Name: "source_ref"}},
				DoNothing: true,
			})
		}
		res := q.Create(&row)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		txCtx := context.WithValue(ctx, txKey{}, tx)
		if err := r.members.AdjustBalance(txCtx, p.MemberID, p.Miles, p.TierMiles); err != nil {
			return err
		}
		applied = true
		return nil
	})
	return applied, err
}

// Recent returns the member's latest entries.
func (r *LedgerRepo) Recent(ctx context.Context, memberID string, limit int) ([]domain.LedgerEntry, error) {
	var rows []ledgerEntryModel
	err := conn(ctx, r.db).Where("member_id = ?", memberID).
		Order("created_at DESC, id DESC").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	return mapSlice(rows, toEntry), nil
}

// ExpiringAccruals lists accrual entries whose miles expire at or before t
// and that have not been swept yet.
func (r *LedgerRepo) ExpiringAccruals(ctx context.Context, t time.Time, limit int) ([]domain.LedgerEntry, error) {
	var rows []ledgerEntryModel
	err := conn(ctx, r.db).
		Where("kind = ? AND expired_at IS NULL AND expires_at <= ?", string(domain.KindAccrual), t).
		Order("expires_at, id").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	return mapSlice(rows, toEntry), nil
}

// MarkExpired flags an accrual entry as swept.
func (r *LedgerRepo) MarkExpired(ctx context.Context, entryID int64, at time.Time) error {
	return conn(ctx, r.db).Model(&ledgerEntryModel{}).
		Where("id = ? AND expired_at IS NULL", entryID).
		Update("expired_at", at).Error
}
