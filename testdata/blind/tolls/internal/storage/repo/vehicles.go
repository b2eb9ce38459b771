package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
)

// TransponderRepository persists transponders and their status history.
type TransponderRepository interface {
	Register(ctx context.Context, t *domain.Transponder) (bool, error)
	Get(ctx context.Context, serial string) (*domain.Transponder, error)
	SetStatus(ctx context.Context, serial, status string) error
	AppendStatusEvent(ctx context.Context, ev *domain.TransponderStatusEvent) error
}

type transponderRepo struct{ table[domain.Transponder] }

// NewTransponders returns the gorm TransponderRepository.
func NewTransponders(db *gorm.DB) TransponderRepository {
	return &transponderRepo{table[domain.Transponder]{db: db}}
}

func (r *transponderRepo) Register(ctx context.Context, t *domain.Transponder) (bool, error) {
	return r.insertIgnore(ctx, t, cols("serial")...)
}

func (r *transponderRepo) Get(ctx context.Context, serial string) (*domain.Transponder, error) {
	return r.get(ctx, "serial = ?", serial)
}

func (r *transponderRepo) SetStatus(ctx context.Context, serial, status string) error {
	return r.conn(ctx).Model(&domain.Transponder{}).Where("serial = ?", serial).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *transponderRepo) AppendStatusEvent(ctx context.Context, ev *domain.TransponderStatusEvent) error {
	if ev.ReceivedAt.IsZero() {
		ev.ReceivedAt = time.Now().UTC()
	}
	return r.conn(ctx).Create(ev).Error
}

// VehicleRepository persists plates registered on accounts.
type VehicleRepository interface {
	Create(ctx context.Context, v *domain.Vehicle) error
	FindByPlate(ctx context.Context, state, number string) (*domain.Vehicle, error)
	ListByAccount(ctx context.Context, accountID string) ([]domain.Vehicle, error)
}

type vehicleRepo struct{ table[domain.Vehicle] }

// NewVehicles returns the gorm VehicleRepository.
func NewVehicles(db *gorm.DB) VehicleRepository {
	return &vehicleRepo{table[domain.Vehicle]{db: db}}
}

func (r *vehicleRepo) Create(ctx context.Context, v *domain.Vehicle) error {
	return r.create(ctx, v)
}

func (r *vehicleRepo) FindByPlate(ctx context.Context, state, number string) (*domain.Vehicle, error) {
	return r.get(ctx, "plate_state = ? AND plate_number = ?", state, number)
}

func (r *vehicleRepo) ListByAccount(ctx context.Context, accountID string) ([]domain.Vehicle, error) {
	var out []domain.Vehicle
	err := r.conn(ctx).Where("account_id = ?", accountID).Order("created_at").Find(&out).Error
	return out, err
}
