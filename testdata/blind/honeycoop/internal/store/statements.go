package store

import (
	"context"
	"time"

	"gorm.io/gorm/clause"
)

type StatementRepo struct {
	db *DB
}

func NewStatementRepo(db *DB) *StatementRepo { return &StatementRepo{db: db} }

// CreatePending inserts the statement of a member for a period unless one
// exists. It reports whether this call created it.
func (r *StatementRepo) CreatePending(ctx context.Context, st *Statement) (bool, error) {
	res := r.db.Conn(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "member_id"}, {Name: "period"}},
			DoNothing: true,
		}).
		Create(st)
	return res.RowsAffected == 1, res.Error
}

func (r *StatementRepo) Get(ctx context.Context, id string) (*Statement, error) {
	var st Statement
	if err := r.db.Conn(ctx).Where("id = ?", id).Take(&st).Error; err != nil {
		return nil, notFound(err)
	}
	return &st, nil
}

func (r *StatementRepo) MarkSent(ctx context.Context, id string, at time.Time) error {
	return r.db.Conn(ctx).Model(&Statement{}).Where("id = ? AND status = ?", id, "pending").
		Updates(map[string]any{"status": "sent", "sent_at": at}).Error
}
