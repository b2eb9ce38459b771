package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// Registrations stores registrations and seat holds.
type Registrations struct{ db *gorm.DB }

// NewRegistrations returns a Registrations repository.
func NewRegistrations(db *gorm.DB) *Registrations { return &Registrations{db: db} }

// Create inserts a registration.
func (r *Registrations) Create(ctx context.Context, reg *model.Registration) error {
	return dbx.Conn(ctx, r.db).Create(reg).Error
}

// Get loads a registration with its session and candidate.
func (r *Registrations) Get(ctx context.Context, id string) (*model.Registration, error) {
	var reg model.Registration
	err := dbx.Conn(ctx, r.db).Preload("Session").Preload("Candidate").First(&reg, "id = ?", id).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &reg, nil
}

// ListBySession returns the registrations of a session in the given statuses.
func (r *Registrations) ListBySession(ctx context.Context, sessionID string, statuses ...string) ([]model.Registration, error) {
	var regs []model.Registration
	err := dbx.Conn(ctx, r.db).Preload("Candidate").
		Where("session_id = ? AND status IN ?", sessionID, statuses).
		Order("created_at").Find(&regs).Error
	return regs, err
}

// Confirm marks a registration confirmed.
func (r *Registrations) Confirm(ctx context.Context, id string, at time.Time) error {
	return dbx.Conn(ctx, r.db).Model(&model.Registration{}).Where("id = ?", id).
		Updates(map[string]any{"status": model.RegConfirmed, "confirmed_at": at}).Error
}

// MarkWithdrawn moves a confirmed registration to withdrawn. Returns
// dbx.ErrNoRows when the registration is not confirmed.
func (r *Registrations) MarkWithdrawn(ctx context.Context, id string, at time.Time) error {
	res := dbx.Conn(ctx, r.db).Model(&model.Registration{}).
		Where("id = ? AND status = ?", id, model.RegConfirmed).
		Updates(map[string]any{"status": model.RegWithdrawn, "withdrawn_at": at})
	return dbx.RequireOne(res)
}

// SetStatus moves a registration from one status to another.
func (r *Registrations) SetStatus(ctx context.Context, id, from, to string) error {
	res := dbx.Conn(ctx, r.db).Model(&model.Registration{}).
		Where("id = ? AND status = ?", id, from).
		Update("status", to)
	return dbx.RequireOne(res)
}

// MarkConfirmationSent stamps confirmation_sent_at.
func (r *Registrations) MarkConfirmationSent(ctx context.Context, id string, at time.Time) error {
	return dbx.Conn(ctx, r.db).Model(&model.Registration{}).Where("id = ?", id).
		Update("confirmation_sent_at", at).Error
}

// CreateHold inserts a seat hold.
func (r *Registrations) CreateHold(ctx context.Context, h *model.SeatHold) error {
	return dbx.Conn(ctx, r.db).Create(h).Error
}

// ConvertHold marks the registration's hold converted.
func (r *Registrations) ConvertHold(ctx context.Context, registrationID string) error {
	return dbx.Conn(ctx, r.db).Model(&model.SeatHold{}).
		Where("registration_id = ? AND status = ?", registrationID, model.HoldActive).
		Update("status", model.HoldConverted).Error
}

// ExpiredHolds lists active holds that expired before cutoff.
func (r *Registrations) ExpiredHolds(ctx context.Context, cutoff time.Time, limit int) ([]model.SeatHold, error) {
	var holds []model.SeatHold
	err := dbx.Conn(ctx, r.db).
		Where("status = ? AND expires_at < ?", model.HoldActive, cutoff).
		Order("expires_at").Limit(limit).Find(&holds).Error
	return holds, err
}

// CreateVoucher stores a resit voucher.
func (r *Registrations) CreateVoucher(ctx context.Context, v *model.ResitVoucher) error {
	return dbx.Conn(ctx, r.db).Create(v).Error
}

// AddAccommodationRequest stores a special-arrangements request.
func (r *Registrations) AddAccommodationRequest(ctx context.Context, a *model.AccommodationRequest) error {
	return dbx.Conn(ctx, r.db).Create(a).Error
}
