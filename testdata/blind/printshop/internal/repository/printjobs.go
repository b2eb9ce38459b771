package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/inkloop/printshop/internal/model"
)

type printJobRepo struct{ db *gorm.DB }

func NewPrintJobRepository(db *gorm.DB) PrintJobRepository { return &printJobRepo{db: db} }

func (r *printJobRepo) WithTx(tx *gorm.DB) PrintJobRepository { return &printJobRepo{db: tx} }

func (r *printJobRepo) Get(ctx context.Context, id string) (*model.PrintJob, error) {
	var j model.PrintJob
	if err := r.db.WithContext(ctx).First(&j, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &j, nil
}

func (r *printJobRepo) GetByFacilityJobID(ctx context.Context, facility, facilityJobID string) (*model.PrintJob, error) {
	var j model.PrintJob
	err := r.db.WithContext(ctx).
		Where("facility = ? AND facility_job_id = ?", facility, facilityJobID).
		First(&j).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &j, nil
}

func (r *printJobRepo) ListByOrder(ctx context.Context, orderID string) ([]model.PrintJob, error) {
	var out []model.PrintJob
	err := r.db.WithContext(ctx).Where("order_id = ?", orderID).Order("created_at").Find(&out).Error
	return out, err
}

func (r *printJobRepo) ListOpen(ctx context.Context, facility string, limit int) ([]model.PrintJob, error) {
	var out []model.PrintJob
	err := r.db.WithContext(ctx).
		Where("facility = ? AND status IN ? AND facility_job_id IS NOT NULL", facility,
			[]string{model.JobSubmitted, model.JobPrinting, model.JobPrinted, model.JobLabelReq}).
		Order("updated_at").
		Limit(limit).
		Find(&out).Error
	return out, err
}

func (r *printJobRepo) Create(ctx context.Context, j *model.PrintJob) error {
	return r.db.WithContext(ctx).Create(j).Error
}

func (r *printJobRepo) InsertIfAbsent(ctx context.Context, j *model.PrintJob) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(j)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *printJobRepo) FindByToken(ctx context.Context, token string) (*model.PrintJob, error) {
	var j model.PrintJob
	if err := r.db.WithContext(ctx).First(&j, "resubmission_token = ?", token).Error; err != nil {
		return nil, notFound(err)
	}
	return &j, nil
}

func (r *printJobRepo) MarkSubmitted(ctx context.Context, id, facilityJobID string) error {
	now := time.Now().UTC()
	return r.db.WithContext(ctx).Model(&model.PrintJob{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"status":          model.JobSubmitted,
			"facility_job_id": facilityJobID,
			"submitted_at":    now,
			"updated_at":      now,
		}).Error
}

func (r *printJobRepo) Transition(ctx context.Context, id string, from []string, to string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.PrintJob{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

func (r *printJobRepo) InsertPayable(ctx context.Context, p *model.FacilityPayable) error {
	if p.ID == "" {
		p.ID = model.NewID(model.PrefixPayable)
	}
	return r.db.WithContext(ctx).Create(p).Error
}
