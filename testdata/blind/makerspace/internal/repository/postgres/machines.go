package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/oklog/ulid/v2"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
)

// MachineRepo implements repository.MachineRepository.
type MachineRepo struct{ db *sqlx.DB }

func NewMachineRepo(db *sqlx.DB) *MachineRepo { return &MachineRepo{db: db} }

func (r *MachineRepo) Get(ctx context.Context, id string) (*domain.Machine, error) {
	var m domain.Machine
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &m, `
		SELECT id, name, kind, equipment_class, door_zone, hourly_rate_cents, status, updated_at
		  FROM machines WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err, "machine "+id)
	}
	return &m, nil
}

func (r *MachineRepo) SetStatus(ctx context.Context, id, status string, now time.Time) error {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx,
		`UPDATE machines SET status = $2, updated_at = $3 WHERE id = $1`, id, status, now)
	if err != nil {
		return err
	}
	if dbx.RowsAffected(res) == 0 {
		return fmt.Errorf("machine %s: %w", id, domain.ErrNotFound)
	}
	return nil
}

func (r *MachineRepo) InsertMaintenanceLog(ctx context.Context, l *domain.MaintenanceLog) (bool, error) {
	res, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO maintenance_logs (id, machine_id, ticket_ref, note, technician, created_at)
		VALUES (:id, :machine_id, :ticket_ref, :note, :technician, :created_at)
		ON CONFLICT ON CONSTRAINT maintenance_logs_ticket_key DO NOTHING`, l)
	if err != nil {
		return false, err
	}
	return dbx.RowsAffected(res) == 1, nil
}

func (r *MachineRepo) GetMaintenanceLog(ctx context.Context, machineID, ticketRef string) (*domain.MaintenanceLog, error) {
	var l domain.MaintenanceLog
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &l, `
		SELECT id, machine_id, ticket_ref, note, technician, created_at
		  FROM maintenance_logs WHERE machine_id = $1 AND ticket_ref = $2`, machineID, ticketRef)
	if err != nil {
		return nil, notFound(err, "maintenance log "+ticketRef)
	}
	return &l, nil
}

// UpsertStatus keeps the newest heartbeat; older or replayed heartbeats are ignored.
func (r *MachineRepo) UpsertStatus(ctx context.Context, s *domain.MachineStatus) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO machine_status (machine_id, state, tube_hours, firmware, observed_at)
		VALUES (:machine_id, :state, :tube_hours, :firmware, :observed_at)
		ON CONFLICT (machine_id) DO UPDATE
		   SET state = EXCLUDED.state,
		       tube_hours = EXCLUDED.tube_hours,
		       firmware = EXCLUDED.firmware,
		       observed_at = EXCLUDED.observed_at
		 WHERE machine_status.observed_at < EXCLUDED.observed_at`, s)
	return err
}

// BookingRepo implements repository.BookingRepository.
type BookingRepo struct{ db *sqlx.DB }

func NewBookingRepo(db *sqlx.DB) *BookingRepo { return &BookingRepo{db: db} }

const bookingColumns = `id, member_id, machine_id, client_request_id, starts_at, ends_at, hours, status, cancelled_at, created_at`

// InsertIfAbsent inserts b unless the member already has a booking for the
// same client request id. Overlapping bookings are reported as ErrSlotTaken.
func (r *BookingRepo) InsertIfAbsent(ctx context.Context, b *domain.Booking) (bool, error) {
	res, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO bookings (`+bookingColumns+`)
		VALUES (:id, :member_id, :machine_id, :client_request_id, :starts_at, :ends_at, :hours, :status, :cancelled_at, :created_at)
		ON CONFLICT ON CONSTRAINT bookings_client_request_key DO NOTHING`, b)
	if dbx.IsExclusionViolation(err, "bookings_no_overlap") {
		return false, domain.ErrSlotTaken
	}
	if err != nil {
		return false, err
	}
	return dbx.RowsAffected(res) == 1, nil
}

func (r *BookingRepo) GetByClientRequest(ctx context.Context, memberID, clientRequestID string) (*domain.Booking, error) {
	var b domain.Booking
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &b, `SELECT `+bookingColumns+` FROM bookings
		WHERE member_id = $1 AND client_request_id = $2`, memberID, clientRequestID)
	if err != nil {
		return nil, notFound(err, "booking request "+clientRequestID)
	}
	return &b, nil
}

func (r *BookingRepo) Get(ctx context.Context, id string) (*domain.Booking, error) {
	var b domain.Booking
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &b, `SELECT `+bookingColumns+` FROM bookings WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err, "booking "+id)
	}
	return &b, nil
}

// Cancel moves a confirmed booking to cancelled. It reports false when the
// booking was not in the confirmed state.
func (r *BookingRepo) Cancel(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE bookings SET status = 'cancelled', cancelled_at = $2
		 WHERE id = $1 AND status = 'confirmed'`, id, at)
	if err != nil {
		return false, err
	}
	return dbx.RowsAffected(res) == 1, nil
}

func (r *BookingRepo) Complete(ctx context.Context, id string) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx,
		`UPDATE bookings SET status = 'completed' WHERE id = $1 AND status = 'confirmed'`, id)
	return err
}

func (r *BookingRepo) FindActiveAt(ctx context.Context, machineID string, at time.Time) (*domain.Booking, error) {
	var b domain.Booking
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &b, `SELECT `+bookingColumns+` FROM bookings
		WHERE machine_id = $1 AND status IN ('confirmed', 'completed')
		  AND starts_at <= $2 AND ends_at + interval '2 hours' > $2
		ORDER BY starts_at DESC LIMIT 1`, machineID, at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &b, nil
}

// ReminderRepo implements repository.ReminderRepository.
type ReminderRepo struct{ db *sqlx.DB }

func NewReminderRepo(db *sqlx.DB) *ReminderRepo { return &ReminderRepo{db: db} }

func (r *ReminderRepo) WasSent(ctx context.Context, bookingID, kind string) (bool, error) {
	var n int
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &n,
		`SELECT count(*) FROM booking_reminders WHERE booking_id = $1 AND kind = $2`, bookingID, kind)
	return n > 0, err
}

func (r *ReminderRepo) MarkSent(ctx context.Context, bookingID, kind, providerMessageID string) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		INSERT INTO booking_reminders (booking_id, kind, provider_message_id)
		VALUES ($1, $2, $3)
		ON CONFLICT (booking_id, kind) DO NOTHING`, bookingID, kind, providerMessageID)
	return err
}

// OverageRepo implements repository.OverageRepository.
type OverageRepo struct{ db *sqlx.DB }

func NewOverageRepo(db *sqlx.DB) *OverageRepo { return &OverageRepo{db: db} }

// InsertIfAbsent records o, or returns the overage already recorded for the booking.
func (r *OverageRepo) InsertIfAbsent(ctx context.Context, o *domain.Overage) (*domain.Overage, error) {
	q := dbx.Conn(ctx, r.db)
	if _, err := q.NamedExecContext(ctx, `
		INSERT INTO booking_overages (id, booking_id, member_id, overage_minutes, amount_cents, created_at)
		VALUES (:id, :booking_id, :member_id, :overage_minutes, :amount_cents, :created_at)
		ON CONFLICT (booking_id) DO NOTHING`, o); err != nil {
		return nil, err
	}
	var out domain.Overage
	err := q.GetContext(ctx, &out, `
		SELECT id, booking_id, member_id, overage_minutes, amount_cents, created_at
		  FROM booking_overages WHERE booking_id = $1`, o.BookingID)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// MeterRepo implements repository.MeterRepository.
type MeterRepo struct{ db *sqlx.DB }

func NewMeterRepo(db *sqlx.DB) *MeterRepo { return &MeterRepo{db: db} }

func (r *MeterRepo) InsertReading(ctx context.Context, rd *domain.MeterReading) error {
	rd.ID = strings.ToLower(ulid.Make().String())
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO meter_readings (id, machine_id, meter_id, meter_seq, metric, value, recorded_at)
		VALUES (:id, :machine_id, :meter_id, :meter_seq, :metric, :value, :recorded_at)`, rd)
	return err
}

func (r *MeterRepo) InsertSession(ctx context.Context, s *domain.UsageSession) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO usage_sessions (id, machine_id, session_no, member_id, booking_id,
			runtime_seconds, consumable_cents, started_at, ended_at)
		VALUES (:id, :machine_id, :session_no, :member_id, :booking_id,
			:runtime_seconds, :consumable_cents, :started_at, :ended_at)`, s)
	return err
}

func (r *MeterRepo) RuntimeForBooking(ctx context.Context, bookingID string) (int, error) {
	var secs sql.NullInt64
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &secs,
		`SELECT sum(runtime_seconds) FROM usage_sessions WHERE booking_id = $1`, bookingID)
	if err != nil {
		return 0, err
	}
	return int(secs.Int64), nil
}
