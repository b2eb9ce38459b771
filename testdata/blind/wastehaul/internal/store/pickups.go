package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// Pickup statuses.
const (
	PickupScheduled = "scheduled"
	PickupCancelled = "cancelled"
	PickupCompleted = "completed"
)

// Pickup is one scheduled empty of a container on a service date.
type Pickup struct {
	ID             string     `db:"id"`
	SiteID         string     `db:"site_id"`
	ContainerID    string     `db:"container_id"`
	ScheduleID     *string    `db:"schedule_id"`
	ServiceDate    time.Time  `db:"service_date"`
	Status         string     `db:"status"`
	DriverID       *uuid.UUID `db:"driver_id"`
	RouteID        *string    `db:"route_id"`
	Notes          *string    `db:"notes"`
	CancelReason   *string    `db:"cancel_reason"`
	ReminderSentAt *time.Time `db:"reminder_sent_at"`
	CompletedAt    *time.Time `db:"completed_at"`
	CreatedAt      time.Time  `db:"created_at"`
}

// PickupContact is a pickup joined with the customer's phone for reminders.
type PickupContact struct {
	PickupID    string    `db:"pickup_id"`
	CustomerID  string    `db:"customer_id"`
	Phone       string    `db:"phone"`
	SiteLabel   string    `db:"site_label"`
	ServiceDate time.Time `db:"service_date"`
}

// Schedule is a recurring weekly pickup.
type Schedule struct {
	ID          string `db:"id"`
	SiteID      string `db:"site_id"`
	ContainerID string `db:"container_id"`
	Weekday     int    `db:"weekday"`
	Active      bool   `db:"active"`
}

// Pickups is the pickup aggregate.
type Pickups interface {
	InsertIfAbsent(ctx context.Context, q Querier, p Pickup) (Pickup, bool, error)
	Get(ctx context.Context, q Querier, id string) (Pickup, error)
	GetForUpdate(ctx context.Context, q Querier, id string) (Pickup, error)
	Cancel(ctx context.Context, q Querier, id, reason string) (bool, error)
	SetDriverIfUnassigned(ctx context.Context, q Querier, id string, driverID uuid.UUID) (Pickup, error)
	MarkCompleted(ctx context.Context, q Querier, id string, at time.Time) error
	DueForReminder(ctx context.Context, q Querier, date time.Time) ([]PickupContact, error)
	MarkReminded(ctx context.Context, q Querier, ids []string, at time.Time) error
	SchedulesForWeekday(ctx context.Context, q Querier, weekday time.Weekday) ([]Schedule, error)
}

type pickupRepo struct{}

// NewPickups returns the Postgres pickup repository.
func NewPickups() Pickups { return pickupRepo{} }

const pickupCols = `id, site_id, container_id, schedule_id, service_date, status, driver_id, route_id,
	notes, cancel_reason, reminder_sent_at, completed_at, created_at`

func (pickupRepo) InsertIfAbsent(ctx context.Context, q Querier, p Pickup) (Pickup, bool, error) {
	created, err := one[Pickup](q.Query(ctx, `
		INSERT INTO pickups (id, site_id, container_id, schedule_id, service_date, notes)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT ON CONSTRAINT pickups_container_date_uq DO NOTHING
		RETURNING `+pickupCols,
		p.ID, p.SiteID, p.ContainerID, p.ScheduleID, p.ServiceDate, p.Notes))
	if err == nil {
		return created, true, nil
	}
	if err != ErrNotFound {
		return Pickup{}, false, err
	}
	existing, err := one[Pickup](q.Query(ctx,
		`SELECT `+pickupCols+` FROM pickups WHERE container_id = $1 AND service_date = $2`,
		p.ContainerID, p.ServiceDate))
	return existing, false, err
}

func (pickupRepo) Get(ctx context.Context, q Querier, id string) (Pickup, error) {
	return one[Pickup](q.Query(ctx, `SELECT `+pickupCols+` FROM pickups WHERE id = $1`, id))
}

func (pickupRepo) GetForUpdate(ctx context.Context, q Querier, id string) (Pickup, error) {
	return one[Pickup](q.Query(ctx, `SELECT `+pickupCols+` FROM pickups WHERE id = $1 FOR UPDATE`, id))
}

func (pickupRepo) Cancel(ctx context.Context, q Querier, id, reason string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE pickups SET status = 'cancelled', cancel_reason = $2
		 WHERE id = $1 AND status = 'scheduled'`, id, reason)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (pickupRepo) SetDriverIfUnassigned(ctx context.Context, q Querier, id string, driverID uuid.UUID) (Pickup, error) {
	return one[Pickup](q.Query(ctx, `
		UPDATE pickups SET driver_id = COALESCE(driver_id, $2)
		 WHERE id = $1
		RETURNING `+pickupCols, id, driverID))
}

func (pickupRepo) MarkCompleted(ctx context.Context, q Querier, id string, at time.Time) error {
	_, err := q.Exec(ctx,
		`UPDATE pickups SET status = 'completed', completed_at = $2 WHERE id = $1`, id, at)
	return err
}

func (pickupRepo) DueForReminder(ctx context.Context, q Querier, date time.Time) ([]PickupContact, error) {
	return many[PickupContact](q.Query(ctx, `
		SELECT p.id AS pickup_id, c.id AS customer_id, c.phone, s.label AS site_label, p.service_date
		  FROM pickups p
		  JOIN sites s ON s.id = p.site_id
		  JOIN customers c ON c.id = s.customer_id
		 WHERE p.service_date = $1
		   AND p.status = 'scheduled'
		   AND p.reminder_sent_at IS NULL
		   AND c.phone IS NOT NULL
		 ORDER BY c.id, p.id`, date))
}

func (pickupRepo) MarkReminded(ctx context.Context, q Querier, ids []string, at time.Time) error {
	_, err := q.Exec(ctx,
		`UPDATE pickups SET reminder_sent_at = $2 WHERE id = ANY($1)`, ids, at)
	return err
}

func (pickupRepo) SchedulesForWeekday(ctx context.Context, q Querier, weekday time.Weekday) ([]Schedule, error) {
	return many[Schedule](q.Query(ctx,
		`SELECT id, site_id, container_id, weekday, active FROM pickup_schedules
		  WHERE active AND weekday = $1 ORDER BY id`, int(weekday)))
}
