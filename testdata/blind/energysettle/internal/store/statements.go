package store

import (
	"context"
	"database/sql"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// StatementStore persists counterparty statements and disputes.
type StatementStore struct {
	db *gorm.DB
}

// NewStatementStore binds a StatementStore to a handle.
func NewStatementStore(db *gorm.DB) *StatementStore { return &StatementStore{db: db} }

// InsertStatement stores a published statement; a second insert for the
// same (counterparty, period, version) is ignored.
func (s *StatementStore) InsertStatement(ctx context.Context, st *model.Statement) (bool, error) {
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "counterparty_id"}, {Name: "period_start"}, {Name: "version"}},
			DoNothing: true,
		}).
		Create(st)
	return res.RowsAffected == 1, res.Error
}

// GetStatement loads a statement.
func (s *StatementStore) GetStatement(ctx context.Context, id string) (*model.Statement, error) {
	var st model.Statement
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&st).Error; err != nil {
		return nil, notFound(err)
	}
	return &st, nil
}

// LatestVersion returns the highest statement version for a counterparty
// and period, or zero if none has been issued.
func (s *StatementStore) LatestVersion(ctx context.Context, counterpartyID string, periodStart time.Time) (int, error) {
	var v sql.NullInt64
	err := s.db.WithContext(ctx).Model(&model.Statement{}).
		Select("MAX(version)").
		Where("counterparty_id = ? AND period_start = ?", counterpartyID, periodStart).
		Row().Scan(&v)
	if err != nil {
		return 0, err
	}
	return int(v.Int64), nil
}

// Acknowledge records a counterparty's acknowledgement of a published
// statement. It returns the number of rows changed.
func (s *StatementStore) Acknowledge(ctx context.Context, id, ackRef string, at time.Time) (int64, error) {
	res := s.db.WithContext(ctx).Model(&model.Statement{}).
		Where("id = ? AND status = ?", id, model.StatementPublished).
		Updates(map[string]any{"status": model.StatementAcknowledged, "ack_ref": ackRef, "acknowledged_at": at})
	return res.RowsAffected, res.Error
}

// TouchRepublished stamps the last republish time.
func (s *StatementStore) TouchRepublished(ctx context.Context, id string, at time.Time) error {
	return s.db.WithContext(ctx).Model(&model.Statement{}).
		Where("id = ?", id).
		Update("last_republished_at", at).Error
}

// SetStatus sets a statement status.
func (s *StatementStore) SetStatus(ctx context.Context, id, status string) error {
	return s.db.WithContext(ctx).Model(&model.Statement{}).
		Where("id = ?", id).
		Update("status", status).Error
}

// InsertDispute stores a counterparty dispute.
func (s *StatementStore) InsertDispute(ctx context.Context, d *model.StatementDispute) error {
	return s.db.WithContext(ctx).Create(d).Error
}
