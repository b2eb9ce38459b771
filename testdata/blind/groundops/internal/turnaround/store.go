package turnaround

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/database"
)

// FlightKey is the airline's natural identity of a leg.
type FlightKey struct {
	Carrier       string
	FlightNumber  string
	ScheduledDate string // YYYY-MM-DD, local to the departure station
	DepStation    string
}

func (k FlightKey) String() string {
	return fmt.Sprintf("%s%s/%s/%s", k.Carrier, k.FlightNumber, k.ScheduledDate, k.DepStation)
}

// Store groups the repositories the turnaround service writes to.
type Store struct {
	db          *gorm.DB
	Airlines    *database.Repository[models.Airline]
	Flights     *database.Repository[models.Flight]
	Turnarounds *database.Repository[models.Turnaround]
	Tasks       *database.Repository[models.Task]
	Lines       *database.Repository[models.ServiceLine]
	Loads       *database.Repository[models.BaggageLoad]
	Delays      *database.Repository[models.FlightDelay]
}

func NewStore(db *gorm.DB) *Store {
	return &Store{
		db:          db,
		Airlines:    database.NewRepository[models.Airline](db),
		Flights:     database.NewRepository[models.Flight](db),
		Turnarounds: database.NewRepository[models.Turnaround](db),
		Tasks:       database.NewRepository[models.Task](db),
		Lines:       database.NewRepository[models.ServiceLine](db),
		Loads:       database.NewRepository[models.BaggageLoad](db),
		Delays:      database.NewRepository[models.FlightDelay](db),
	}
}

func (s *Store) FlightByKey(ctx context.Context, k FlightKey) (*models.Flight, error) {
	return s.Flights.FindOne(ctx,
		"carrier = ? AND flight_number = ? AND scheduled_date = ? AND dep_station = ?",
		k.Carrier, k.FlightNumber, k.ScheduledDate, k.DepStation)
}

func (s *Store) TurnaroundByFlight(ctx context.Context, flightID string) (*models.Turnaround, error) {
	return s.Turnarounds.FindOne(ctx, "flight_id = ?", flightID)
}

func (s *Store) AirlineByCode(ctx context.Context, code string) (*models.Airline, error) {
	return s.Airlines.FindOne(ctx, "code = ?", code)
}

// InsertSignoff writes the crew lead's sign-off for a turnaround.
func (s *Store) InsertSignoff(ctx context.Context, turnaroundID, signedBy, loadsheetRef string) error {
	now := time.Now().UTC()
	return database.Conn(ctx, s.db).Exec(`
		INSERT INTO signoffs (id, turnaround_id, signed_by, loadsheet_ref, created_at, updated_at)
		VALUES (gen_random_uuid(), ?, ?, ?, ?, ?)`,
		turnaroundID, signedBy, loadsheetRef, now, now).Error
}

// AddBags increments the running bag count on the turnaround.
func (s *Store) AddBags(ctx context.Context, turnaroundID string, bags int) error {
	return database.Conn(ctx, s.db).Model(&models.Turnaround{}).
		Where("id = ?", turnaroundID).
		Update("bags_loaded", gorm.Expr("bags_loaded + ?", bags)).Error
}
