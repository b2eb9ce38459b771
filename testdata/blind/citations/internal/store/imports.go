package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborcity/citeproc/internal/model"
)

type ImportRepository interface {
	StartRun(ctx context.Context, vendor string, batchDate time.Time) (*model.ImportRun, error)
	FinishRun(ctx context.Context, id int64, records, accepted int) error
	InsertEvidencePackage(ctx context.Context, ep *model.EvidencePackage) (bool, error)
}

type importRepo struct {
	db  *gorm.DB
	now func() time.Time
}

func (r *importRepo) StartRun(ctx context.Context, vendor string, batchDate time.Time) (*model.ImportRun, error) {
	run := &model.ImportRun{
		Vendor:    vendor,
		BatchDate: batchDate,
		Status:    "running",
		StartedAt: r.now(),
	}
	if err := r.db.WithContext(ctx).Create(run).Error; err != nil {
		return nil, err
	}
	return run, nil
}

func (r *importRepo) FinishRun(ctx context.Context, id int64, records, accepted int) error {
	now := r.now()
	return r.db.WithContext(ctx).Model(&model.ImportRun{}).Where("id = ?", id).
		Updates(map[string]any{"status": "done", "record_count": records, "accepted": accepted, "finished_at": now}).Error
}

func (r *importRepo) InsertEvidencePackage(ctx context.Context, ep *model.EvidencePackage) (bool, error) {
	ep.RequestedAt = r.now()
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "vendor_package_id"}},
		DoNothing: true,
	}).Create(ep)
	return res.RowsAffected == 1, res.Error
}
