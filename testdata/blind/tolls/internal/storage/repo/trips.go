package repo

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northgate/tolls/internal/domain"
)

// TripRepository persists gantry reads and trips.
type TripRepository interface {
	InsertRead(ctx context.Context, r *domain.GantryRead) (bool, error)
	AttachRead(ctx context.Context, gantryID string, seq int64, tripID string) error
	OpenTripFor(ctx context.Context, serial string) (*domain.Trip, error)
	Get(ctx context.Context, id string) (*domain.Trip, error)
	Create(ctx context.Context, t *domain.Trip) error
	Save(ctx context.Context, t *domain.Trip) error
	UpdateStatus(ctx context.Context, id, status string) error
	MarkReceiptSent(ctx context.Context, id string, at time.Time) error
}

type tripRepo struct {
	table[domain.Trip]
}

// NewTrips returns the gorm TripRepository.
func NewTrips(db *gorm.DB) TripRepository {
	return &tripRepo{table[domain.Trip]{db: db}}
}

func (r *tripRepo) InsertRead(ctx context.Context, gr *domain.GantryRead) (bool, error) {
	if gr.ReceivedAt.IsZero() {
		gr.ReceivedAt = time.Now().UTC()
	}
	res := r.conn(ctx).Clauses(clause.OnConflict{
		Columns:   cols("gantry_id", "read_seq"),
		DoNothing: true,
	}).Create(gr)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *tripRepo) AttachRead(ctx context.Context, gantryID string, seq int64, tripID string) error {
	return r.conn(ctx).Model(&domain.GantryRead{}).
		Where("gantry_id = ? AND read_seq = ?", gantryID, seq).
		Update("trip_id", tripID).Error
}

func (r *tripRepo) OpenTripFor(ctx context.Context, serial string) (*domain.Trip, error) {
	var t domain.Trip
	err := r.conn(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("serial = ? AND status = ?", serial, domain.TripOpen).
		Order("opened_at DESC").First(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	return &t, err
}

func (r *tripRepo) Get(ctx context.Context, id string) (*domain.Trip, error) {
	return r.get(ctx, "id = ?", id)
}

func (r *tripRepo) Create(ctx context.Context, t *domain.Trip) error {
	return r.create(ctx, t)
}

func (r *tripRepo) Save(ctx context.Context, t *domain.Trip) error {
	t.UpdatedAt = time.Now().UTC()
	return r.save(ctx, t)
}

func (r *tripRepo) UpdateStatus(ctx context.Context, id, status string) error {
	return r.conn(ctx).Model(&domain.Trip{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *tripRepo) MarkReceiptSent(ctx context.Context, id string, at time.Time) error {
	return r.conn(ctx).Model(&domain.Trip{}).Where("id = ?", id).
		Update("receipt_sent_at", at).Error
}

// TariffRepository persists the toll schedule.
type TariffRepository interface {
	Upsert(ctx context.Context, t *domain.Tariff) error
	Lookup(ctx context.Context, entry, exit string, class int, at time.Time) (*domain.Tariff, error)
}

type tariffRepo struct{ table[domain.Tariff] }

// NewTariffs returns the gorm TariffRepository.
func NewTariffs(db *gorm.DB) TariffRepository {
	return &tariffRepo{table[domain.Tariff]{db: db}}
}

func (r *tariffRepo) Upsert(ctx context.Context, t *domain.Tariff) error {
	t.UpdatedAt = time.Now().UTC()
	return r.conn(ctx).Clauses(clause.OnConflict{
		Columns:   cols("entry_plaza", "exit_plaza", "vehicle_class", "effective_from"),
		DoUpdates: clause.AssignmentColumns([]string{"amount_cents", "updated_by", "updated_at"}),
	}).Create(t).Error
}

func (r *tariffRepo) Lookup(ctx context.Context, entry, exit string, class int, at time.Time) (*domain.Tariff, error) {
	var t domain.Tariff
	err := r.conn(ctx).
		Where("entry_plaza = ? AND exit_plaza = ? AND vehicle_class = ? AND effective_from <= ?", entry, exit, class, at).
		Order("effective_from DESC").First(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, domain.ErrNotFound
	}
	return &t, err
}
