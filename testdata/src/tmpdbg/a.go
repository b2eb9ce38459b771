package tmpdbg

import (
	"context"

	"gorm.io/gorm"
)

type repo struct{ db *gorm.DB }

func (r *repo) A(ctx context.Context, id string) error {
	return r.db.Exec(`INSERT INTO a (id) VALUES (?)`, id).Error
}

func (r *repo) B(ctx context.Context, id string) error {
	return r.db.WithContext(ctx).Exec(`INSERT INTO a (id) VALUES (?)`, id).Error
}

func (r *repo) C(ctx context.Context, id string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Raw(`SELECT count(*) FROM a WHERE id = ?`, id).Scan(&n).Error
	return n > 0, err
}
