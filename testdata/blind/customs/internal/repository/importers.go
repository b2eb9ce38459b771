package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborline/brokerage/internal/domain"
)

// ImporterRepository persists importers and their contacts.
type ImporterRepository interface {
	Get(ctx context.Context, id string) (*domain.Importer, error)
	SetPaymentsCustomerID(ctx context.Context, id, customerID string) error
	UpsertContact(ctx context.Context, c *domain.ImporterContact) error
	GetContact(ctx context.Context, importerID string) (*domain.ImporterContact, error)
	WithTx(tx *gorm.DB) ImporterRepository
}

type ImporterRepo struct{ db *gorm.DB }

func NewImporterRepo(db *gorm.DB) *ImporterRepo { return &ImporterRepo{db: db} }

func (r *ImporterRepo) WithTx(tx *gorm.DB) ImporterRepository { return &ImporterRepo{db: tx} }

func (r *ImporterRepo) Get(ctx context.Context, id string) (*domain.Importer, error) {
	var imp domain.Importer
	if err := r.db.WithContext(ctx).First(&imp, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &imp, nil
}

func (r *ImporterRepo) SetPaymentsCustomerID(ctx context.Context, id, customerID string) error {
	return r.db.WithContext(ctx).Model(&domain.Importer{}).
		Where("id = ?", id).
		Updates(map[string]any{"payments_customer_id": customerID, "updated_at": time.Now().UTC()}).Error
}

func (r *ImporterRepo) UpsertContact(ctx context.Context, c *domain.ImporterContact) error {
	c.UpdatedAt = time.Now().UTC()
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "importer_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"phone", "email", "sms_opt_in", "updated_at"}),
	}).Create(c).Error
}

func (r *ImporterRepo) GetContact(ctx context.Context, importerID string) (*domain.ImporterContact, error) {
	var c domain.ImporterContact
	if err := r.db.WithContext(ctx).First(&c, "importer_id = ?", importerID).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}
