package store

import (
	"context"

	"gorm.io/gorm"
)

// StationRepository answers route questions.
type StationRepository struct{ base }

// NewStationRepository builds a StationRepository.
func NewStationRepository(db *gorm.DB) *StationRepository {
	return &StationRepository{base{db: db}}
}

// StationsForTrip lists the calling points of a trip in order.
func (r *StationRepository) StationsForTrip(ctx context.Context, tripID string) ([]string, error) {
	var codes []string
	err := r.conn(ctx).Raw(`SELECT station_code FROM trip_stops WHERE trip_id = ? ORDER BY seq`, tripID).
		Scan(&codes).Error
	return codes, err
}
