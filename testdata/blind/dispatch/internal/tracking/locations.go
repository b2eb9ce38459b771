// Package tracking keeps couriers' last known positions for the dispatcher
// map and ETA estimates.
package tracking

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"

	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
)

// TopicCourierLocations carries GPS pings from the courier app, keyed by
// courier id.
const TopicCourierLocations = "courier.locations"

// LocationPing is one message on TopicCourierLocations.
type LocationPing struct {
	CourierID  string    `json:"courier_id"`
	Lat        float64   `json:"lat"`
	Lng        float64   `json:"lng"`
	Heading    float64   `json:"heading"`
	RecordedAt time.Time `json:"recorded_at"`
}

// LocationStore upserts last-known positions.
type LocationStore struct {
	db database.Execer
}

// NewLocationStore builds a LocationStore.
func NewLocationStore(db *sqlx.DB) *LocationStore { return &LocationStore{db: db} }

// Upsert stores the ping unless a newer one is already stored.
func (s *LocationStore) Upsert(ctx context.Context, p LocationPing) error {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO courier_locations (courier_id, lat, lng, heading, recorded_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (courier_id) DO UPDATE
		SET lat = EXCLUDED.lat, lng = EXCLUDED.lng, heading = EXCLUDED.heading, recorded_at = EXCLUDED.recorded_at
		WHERE courier_locations.recorded_at < EXCLUDED.recorded_at`,
		p.CourierID, p.Lat, p.Lng, p.Heading, p.RecordedAt)
	return err
}

// HandlePing is the Kafka handler for TopicCourierLocations.
func (s *LocationStore) HandlePing(ctx context.Context, msg kafkabus.Message) error {
	var p LocationPing
	if err := json.Unmarshal(msg.Value, &p); err != nil {
		return fmt.Errorf("decode ping: %v: %w", err, kafkabus.ErrPoison)
	}
	if p.CourierID == "" || p.RecordedAt.IsZero() {
		return fmt.Errorf("incomplete ping: %w", kafkabus.ErrPoison)
	}
	return s.Upsert(ctx, p)
}

// Module wires tracking.
var Module = fx.Module("tracking",
	fx.Provide(NewLocationStore),
	fx.Invoke(func(r *kafkabus.Router, s *LocationStore) {
		r.Handle(TopicCourierLocations, s.HandlePing)
	}),
)
