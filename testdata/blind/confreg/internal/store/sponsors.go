package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
)

// SponsorRepo persists sponsors, sponsorships, instalments and sponsor
// payments.
type SponsorRepo struct{ db *gorm.DB }

// NewSponsorRepo returns a SponsorRepo.
func NewSponsorRepo(db *gorm.DB) *SponsorRepo { return &SponsorRepo{db: db} }

// Sponsor loads a sponsor.
func (r *SponsorRepo) Sponsor(ctx context.Context, id uuid.UUID) (*domain.Sponsor, error) {
	var s domain.Sponsor
	err := r.db.WithContext(ctx).First(&s, "id = ?", id).Error
	return &s, translate(err)
}

// Package loads a sponsor package by conference and code.
func (r *SponsorRepo) Package(ctx context.Context, conferenceID uuid.UUID, code string) (*domain.SponsorPackage, error) {
	var p domain.SponsorPackage
	err := r.db.WithContext(ctx).Where("conference_id = ? AND code = ?", conferenceID, code).First(&p).Error
	return &p, translate(err)
}

// PackageByID loads a sponsor package.
func (r *SponsorRepo) PackageByID(ctx context.Context, id uuid.UUID) (*domain.SponsorPackage, error) {
	var p domain.SponsorPackage
	err := r.db.WithContext(ctx).First(&p, "id = ?", id).Error
	return &p, translate(err)
}

// Sponsorship loads a sponsorship.
func (r *SponsorRepo) Sponsorship(ctx context.Context, id uuid.UUID) (*domain.Sponsorship, error) {
	var s domain.Sponsorship
	err := r.db.WithContext(ctx).First(&s, "id = ?", id).Error
	return &s, translate(err)
}

// CreateSponsorship inserts sp, takes a slot on its package and publishes
// SponsorshipCreated in one transaction. It returns false when a sponsorship
// with sp.ID is already stored.
func (r *SponsorRepo) CreateSponsorship(ctx context.Context, sp *domain.Sponsorship) (bool, error) {
	created := false
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`
			INSERT INTO sponsorships (id, sponsor_id, package_id, conference_id, total_cents, currency, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, 'active', ?)
			ON CONFLICT (id) DO NOTHING`,
			sp.ID, sp.SponsorID, sp.PackageID, sp.ConferenceID, sp.TotalCents, sp.Currency, sp.CreatedAt)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		res = tx.Exec(`UPDATE sponsor_packages SET sold = sold + 1 WHERE id = ? AND sold < slots`, sp.PackageID)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrSoldOut
		}
		created = true
		return events.PublishInTx(ctx, tx, events.TopicSponsorshipCreated, events.DerivedID("sponsorship-created", sp.ID.String()),
			events.SponsorshipCreated{SponsorshipID: sp.ID, SponsorID: sp.SponsorID, PackageID: sp.PackageID})
	})
	return created, err
}

// SetSignageJob records the print job for a sponsorship's signage.
func (r *SponsorRepo) SetSignageJob(ctx context.Context, id uuid.UUID, jobID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Sponsorship{}).Where("id = ?", id).
		Updates(map[string]any{"signage_job_id": jobID, "signage_ordered_at": at}).Error
}

// ScheduleInstalments stores the instalment plan. Rows already present for
// (sponsorship, seq) are kept.
func (r *SponsorRepo) ScheduleInstalments(ctx context.Context, plan []domain.Instalment) error {
	if len(plan) == 0 {
		return nil
	}
	return r.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "sponsorship_id"}, {Name: "seq"}},
			DoNothing: true,
		}).
		Create(&plan).Error
}

// Instalments lists a sponsorship's instalments in order.
func (r *SponsorRepo) Instalments(ctx context.Context, sponsorshipID uuid.UUID) ([]domain.Instalment, error) {
	var out []domain.Instalment
	err := r.db.WithContext(ctx).Where("sponsorship_id = ?", sponsorshipID).Order("seq").Find(&out).Error
	return out, err
}

// Instalment loads one instalment.
func (r *SponsorRepo) Instalment(ctx context.Context, id uuid.UUID) (*domain.Instalment, error) {
	var in domain.Instalment
	err := r.db.WithContext(ctx).First(&in, "id = ?", id).Error
	return &in, translate(err)
}

// LockInstalment loads an instalment FOR UPDATE. Use inside a transaction.
func (r *SponsorRepo) LockInstalment(ctx context.Context, id uuid.UUID) (*domain.Instalment, error) {
	var in domain.Instalment
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).First(&in, "id = ?", id).Error
	return &in, translate(err)
}

// ApplyPayment adds amount to the instalment and marks it paid once covered.
func (r *SponsorRepo) ApplyPayment(ctx context.Context, id uuid.UUID, amount int64, at time.Time) error {
	return r.db.WithContext(ctx).Exec(`
		UPDATE sponsor_instalments
		SET paid_cents = paid_cents + ?,
		    status = CASE WHEN paid_cents + ? >= amount_cents THEN 'paid' ELSE status END,
		    updated_at = ?
		WHERE id = ?`, amount, amount, at, id).Error
}

// InsertPayment stores money received against an instalment.
func (r *SponsorRepo) InsertPayment(ctx context.Context, p *domain.SponsorPayment) error {
	return r.db.WithContext(ctx).Create(p).Error
}

// MarkCharging records the provider charge on an instalment being billed.
func (r *SponsorRepo) MarkCharging(ctx context.Context, id uuid.UUID, chargeID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Instalment{}).
		Where("id = ? AND status = ?", id, domain.InstalmentBilling).
		Updates(map[string]any{
			"status":             domain.InstalmentProcessing,
			"provider_charge_id": chargeID,
			"updated_at":         at,
		}).Error
}

// MarkInstalmentFailed flags a billing instalment whose charge was declined.
func (r *SponsorRepo) MarkInstalmentFailed(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Instalment{}).
		Where("id = ? AND status = ?", id, domain.InstalmentBilling).
		Updates(map[string]any{"status": domain.InstalmentFailed, "updated_at": at}).Error
}
