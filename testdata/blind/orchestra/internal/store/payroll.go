package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborlight-symphony/encore/internal/domain"
)

// Payroll is the repository for services, attendance and payouts.
type Payroll struct {
	db *gorm.DB
}

func NewPayroll(db *gorm.DB) *Payroll { return &Payroll{db: db} }

func (r *Payroll) Service(ctx context.Context, id string) (*domain.Service, error) {
	return first[domain.Service](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

func (r *Payroll) Musicians(ctx context.Context, ids []string) (map[string]domain.Musician, error) {
	var list []domain.Musician
	if err := r.db.WithContext(ctx).Where("id IN ? AND active", ids).Find(&list).Error; err != nil {
		return nil, err
	}
	out := make(map[string]domain.Musician, len(list))
	for _, m := range list {
		out[m.ID] = m
	}
	return out, nil
}

func (r *Payroll) Musician(ctx context.Context, id string) (*domain.Musician, error) {
	return first[domain.Musician](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

// InsertAttendance records who played a service. Re-submitting a roster
// keeps the lines already recorded.
func (r *Payroll) InsertAttendance(ctx context.Context, lines []domain.Attendance) (int64, error) {
	if len(lines) == 0 {
		return 0, nil
	}
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "service_id"}, {Name: "musician_id"}},
		DoNothing: true,
	}).Create(&lines)
	return res.RowsAffected, res.Error
}

func (r *Payroll) AttendanceForService(ctx context.Context, serviceID string) ([]domain.Attendance, error) {
	var out []domain.Attendance
	err := r.db.WithContext(ctx).Where("service_id = ?", serviceID).Order("musician_id").Find(&out).Error
	return out, err
}

// CreateRun opens a payroll run for a pay period.
func (r *Payroll) CreateRun(ctx context.Context, run *domain.PayrollRun) error {
	return r.db.WithContext(ctx).Create(run).Error
}

// BuildPayouts attaches the period's unassigned attendance to the run,
// writes one payout per musician and closes the run.
func (r *Payroll) BuildPayouts(ctx context.Context, run *domain.PayrollRun, newID func() string) ([]domain.Payout, error) {
	var payouts []domain.Payout
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		type total struct {
			MusicianID string
			Cents      int64
		}
		var totals []total
		if err := tx.Raw(`
			WITH assigned AS (
			    UPDATE service_attendance a SET payroll_run_id = ?
			      FROM services s
			     WHERE s.id = a.service_id
			       AND a.payroll_run_id IS NULL
			       AND s.starts_at >= ? AND s.starts_at < ?
			 RETURNING a.musician_id, a.amount_cents)
			SELECT musician_id, SUM(amount_cents) AS cents FROM assigned GROUP BY musician_id`,
			run.ID, run.PeriodStart, run.PeriodEnd.AddDate(0, 0, 1)).Scan(&totals).Error; err != nil {
			return fmt.Errorf("assign attendance: %w", err)
		}
		var sum int64
		for _, t := range totals {
			if t.Cents <= 0 {
				continue
			}
			payouts = append(payouts, domain.Payout{
				ID:           newID(),
				PayrollRunID: run.ID,
				MusicianID:   t.MusicianID,
				AmountCents:  t.Cents,
				Status:       domain.PayoutPending,
			})
			sum += t.Cents
		}
		if len(payouts) > 0 {
			if err := tx.Create(&payouts).Error; err != nil {
				return fmt.Errorf("insert payouts: %w", err)
			}
		}
		return tx.Model(&domain.PayrollRun{}).Where("id = ?", run.ID).
			Updates(map[string]any{"status": domain.RunClosed, "total_cents": sum}).Error
	})
	return payouts, err
}

func (r *Payroll) Payout(ctx context.Context, id string) (*domain.Payout, error) {
	return first[domain.Payout](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

// StartAttempt writes the audit row for one attempt at a bank transfer.
func (r *Payroll) StartAttempt(ctx context.Context, a *domain.PayoutAttempt) error {
	return r.db.WithContext(ctx).Create(a).Error
}

func (r *Payroll) FinishAttempt(ctx context.Context, id, outcome, detail string) error {
	now := time.Now().UTC()
	return r.db.WithContext(ctx).Model(&domain.PayoutAttempt{}).Where("id = ?", id).
		Updates(map[string]any{"finished_at": now, "outcome": outcome, "detail": detail}).Error
}

// MarkSubmitted records the bank transfer id on a payout that has not
// been submitted yet.
func (r *Payroll) MarkSubmitted(ctx context.Context, payoutID, transferID string) error {
	return r.db.WithContext(ctx).Exec(`
		UPDATE payouts SET status = 'submitted', bank_transfer_id = ?
		 WHERE id = ? AND status = 'pending'`, transferID, payoutID).Error
}
