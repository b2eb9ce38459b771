package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/halcyonevents/confreg/internal/domain"
)

// ConferenceRepo reads conferences.
type ConferenceRepo struct{ db *gorm.DB }

// NewConferenceRepo returns a ConferenceRepo.
func NewConferenceRepo(db *gorm.DB) *ConferenceRepo { return &ConferenceRepo{db: db} }

// BySlug loads a conference by its public slug.
func (r *ConferenceRepo) BySlug(ctx context.Context, slug string) (*domain.Conference, error) {
	var c domain.Conference
	err := r.db.WithContext(ctx).Where("slug = ?", slug).First(&c).Error
	return &c, translate(err)
}

// Get loads a conference by id.
func (r *ConferenceRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Conference, error) {
	var c domain.Conference
	err := r.db.WithContext(ctx).First(&c, "id = ?", id).Error
	return &c, translate(err)
}

// RegistrationRepo persists registrations.
type RegistrationRepo struct{ db *gorm.DB }

// NewRegistrationRepo returns a RegistrationRepo.
func NewRegistrationRepo(db *gorm.DB) *RegistrationRepo { return &RegistrationRepo{db: db} }

// Upsert inserts reg or, if the address already has a live registration for
// the conference, refreshes the profile fields on it. reg.ID, Status and
// CreatedAt are overwritten with the stored row's values.
func (r *RegistrationRepo) Upsert(ctx context.Context, reg *domain.Registration) error {
	row := r.db.WithContext(ctx).Raw(`
		INSERT INTO registrations (id, conference_id, email, full_name, company, job_title, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)
		ON CONFLICT (conference_id, lower(email)) WHERE status <> 'cancelled'
		DO UPDATE SET full_name = EXCLUDED.full_name,
		              company   = EXCLUDED.company,
		              job_title = EXCLUDED.job_title,
		              updated_at = EXCLUDED.updated_at
		RETURNING id, status, created_at`,
		reg.ID, reg.ConferenceID, reg.Email, reg.FullName, reg.Company, reg.JobTitle, reg.CreatedAt, reg.UpdatedAt,
	).Row()
	return row.Scan(&reg.ID, &reg.Status, &reg.CreatedAt)
}

// Get loads a registration.
func (r *RegistrationRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Registration, error) {
	var reg domain.Registration
	err := r.db.WithContext(ctx).First(&reg, "id = ?", id).Error
	return &reg, translate(err)
}

// Confirm moves a pending registration to confirmed and reports whether it
// did. A registration that is already confirmed (a second ticket order) is
// returned unchanged.
func (r *RegistrationRepo) Confirm(ctx context.Context, id uuid.UUID, at time.Time) (*domain.Registration, bool, error) {
	var reg domain.Registration
	err := r.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE"}).
		First(&reg, "id = ?", id).Error
	if err != nil {
		return nil, false, translate(err)
	}
	if reg.Status != domain.RegistrationPending {
		return &reg, false, nil
	}
	err = r.db.WithContext(ctx).Model(&reg).Updates(map[string]any{
		"status":       domain.RegistrationConfirmed,
		"confirmed_at": at,
		"updated_at":   at,
	}).Error
	return &reg, err == nil, err
}

// MarkCancelled flags the registration as cancelled.
func (r *RegistrationRepo) MarkCancelled(ctx context.Context, id uuid.UUID, at time.Time) error {
	res := r.db.WithContext(ctx).Model(&domain.Registration{}).
		Where("id = ? AND status <> ?", id, domain.RegistrationCancelled).
		Updates(map[string]any{"status": domain.RegistrationCancelled, "cancelled_at": at, "updated_at": at})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrAlreadyCancelled
	}
	return nil
}

// MarkConfirmationSent stamps the time the confirmation e-mail went out.
func (r *RegistrationRepo) MarkConfirmationSent(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Registration{}).
		Where("id = ?", id).
		Update("confirmation_sent_at", at).Error
}

// BadgeRepo persists badges and their shipments.
type BadgeRepo struct{ db *gorm.DB }

// NewBadgeRepo returns a BadgeRepo.
func NewBadgeRepo(db *gorm.DB) *BadgeRepo { return &BadgeRepo{db: db} }

// Create inserts a badge.
func (r *BadgeRepo) Create(ctx context.Context, b *domain.Badge) error {
	return r.db.WithContext(ctx).Create(b).Error
}

// Get loads a badge.
func (r *BadgeRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Badge, error) {
	var b domain.Badge
	err := r.db.WithContext(ctx).First(&b, "id = ?", id).Error
	return &b, translate(err)
}

// ByPrintJob loads the badge a print job was submitted for.
func (r *BadgeRepo) ByPrintJob(ctx context.Context, jobID string) (*domain.Badge, error) {
	var b domain.Badge
	err := r.db.WithContext(ctx).Where("print_job_id = ?", jobID).First(&b).Error
	return &b, translate(err)
}

// MarkSubmitted records the print shop's job id.
func (r *BadgeRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, jobID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Badge{}).Where("id = ?", id).
		Updates(map[string]any{"status": domain.BadgeSubmitted, "print_job_id": jobID, "updated_at": at}).Error
}

// RecordReprint bumps the reprint counter and points the badge at the new
// job.
func (r *BadgeRepo) RecordReprint(ctx context.Context, id uuid.UUID, jobID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Badge{}).Where("id = ?", id).
		Updates(map[string]any{
			"reprint_count": gorm.Expr("reprint_count + 1"),
			"print_job_id":  jobID,
			"status":        domain.BadgeSubmitted,
			"updated_at":    at,
		}).Error
}

// InsertShipment stores a shipment reported by the print shop.
func (r *BadgeRepo) InsertShipment(ctx context.Context, s *domain.BadgeShipment) error {
	return r.db.WithContext(ctx).Create(s).Error
}

// MarkShipped flags the badge as shipped.
func (r *BadgeRepo) MarkShipped(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Badge{}).Where("id = ?", id).
		Updates(map[string]any{"status": domain.BadgeShipped, "updated_at": at}).Error
}

// MarkPrinted flags a submitted badge as printed.
func (r *BadgeRepo) MarkPrinted(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Badge{}).
		Where("id = ? AND status = ?", id, domain.BadgeSubmitted).
		Updates(map[string]any{"status": domain.BadgePrinted, "updated_at": at}).Error
}
