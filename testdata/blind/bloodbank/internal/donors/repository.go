package donors

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// Repository persists donors and their appointments.
type Repository interface {
	GetDonor(ctx context.Context, id uuid.UUID) (domain.Donor, error)
	SiteCapacity(ctx context.Context, siteID uuid.UUID) (int, error)
	CountBooked(ctx context.Context, siteID uuid.UUID, slot time.Time) (int, error)
	InsertAppointment(ctx context.Context, a domain.Appointment) error
	CancelAppointment(ctx context.Context, donorID, apptID uuid.UUID) (bool, error)
	GetAppointment(ctx context.Context, apptID uuid.UUID) (domain.Appointment, error)
	DueForReminder(ctx context.Context, from, to time.Time, limit int) ([]ReminderRow, error)
	MarkReminded(ctx context.Context, apptID uuid.UUID, at time.Time) error
}

// ReminderRow joins an appointment with the donor and site needed to text
// the donor.
type ReminderRow struct {
	AppointmentID uuid.UUID `db:"appointment_id"`
	SlotStart     time.Time `db:"slot_start"`
	DonorName     string    `db:"full_name"`
	Phone         string    `db:"phone"`
	SiteName      string    `db:"site_name"`
}

type pgRepository struct {
	db *sqlx.DB
}

func NewRepository(db *sqlx.DB) Repository { return &pgRepository{db: db} }

func (r *pgRepository) GetDonor(ctx context.Context, id uuid.UUID) (domain.Donor, error) {
	var d domain.Donor
	err := r.db.GetContext(ctx, &d, `
		SELECT id, national_donor_no, full_name, phone, email, postal_address,
		       blood_group, reward_points, deferred_until
		  FROM donors WHERE id = $1`, id)
	if database.IsNoRows(err) {
		return d, fmt.Errorf("donor %s: %w", id, domain.ErrNotFound)
	}
	return d, err
}

func (r *pgRepository) SiteCapacity(ctx context.Context, siteID uuid.UUID) (int, error) {
	var n int
	err := r.db.GetContext(ctx, &n, `SELECT slot_capacity FROM donation_sites WHERE id = $1`, siteID)
	if database.IsNoRows(err) {
		return 0, fmt.Errorf("site %s: %w", siteID, domain.ErrNotFound)
	}
	return n, err
}

func (r *pgRepository) CountBooked(ctx context.Context, siteID uuid.UUID, slot time.Time) (int, error) {
	var n int
	err := r.db.GetContext(ctx, &n, `
		SELECT count(*) FROM appointments
		 WHERE site_id = $1 AND slot_start = $2 AND status = 'booked'`, siteID, slot)
	return n, err
}

const insertAppointment = `
INSERT INTO appointments (id, donor_id, site_id, slot_start, donation_type, status, created_at, updated_at)
VALUES (:id, :donor_id, :site_id, :slot_start, :donation_type, :status, :created_at, :created_at)`

func (r *pgRepository) InsertAppointment(ctx context.Context, a domain.Appointment) error {
	_, err := r.db.NamedExecContext(ctx, insertAppointment, a)
	return err
}

func (r *pgRepository) CancelAppointment(ctx context.Context, donorID, apptID uuid.UUID) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		UPDATE appointments
		   SET status = 'cancelled', updated_at = now()
		 WHERE id = $1 AND donor_id = $2 AND status = 'booked'`, apptID, donorID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *pgRepository) GetAppointment(ctx context.Context, apptID uuid.UUID) (domain.Appointment, error) {
	var a domain.Appointment
	err := r.db.GetContext(ctx, &a, `
		SELECT id, donor_id, site_id, slot_start, donation_type, status, reminder_sent_at, created_at
		  FROM appointments WHERE id = $1`, apptID)
	if database.IsNoRows(err) {
		return a, fmt.Errorf("appointment %s: %w", apptID, domain.ErrNotFound)
	}
	return a, err
}

func (r *pgRepository) DueForReminder(ctx context.Context, from, to time.Time, limit int) ([]ReminderRow, error) {
	var rows []ReminderRow
	err := r.db.SelectContext(ctx, &rows, `
		SELECT a.id AS appointment_id, a.slot_start, d.full_name, d.phone, s.name AS site_name
		  FROM appointments a
		  JOIN donors d ON d.id = a.donor_id
		  JOIN donation_sites s ON s.id = a.site_id
		 WHERE a.status = 'booked'
		   AND a.reminder_sent_at IS NULL
		   AND a.slot_start >= $1 AND a.slot_start < $2
		   AND d.phone <> ''
		 ORDER BY a.slot_start
		 LIMIT $3`, from, to, limit)
	return rows, err
}

func (r *pgRepository) MarkReminded(ctx context.Context, apptID uuid.UUID, at time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE appointments SET reminder_sent_at = $2, updated_at = now()
		 WHERE id = $1 AND reminder_sent_at IS NULL`, apptID, at)
	return err
}
