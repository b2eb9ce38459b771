package repos

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/refs"
	"github.com/kelpline-systems/quotareg/internal/storage"
)

type LandingRepo struct {
	storage.Repository[domain.Landing]
}

func NewLandingRepo(db *gorm.DB) *LandingRepo {
	return &LandingRepo{Repository: storage.NewRepository[domain.Landing](db)}
}

// InsertDeclared stores a landing declared at a port terminal together with
// its lines. A declaration number the port has already used is left alone
// and reported as not created.
func (r *LandingRepo) InsertDeclared(ctx context.Context, l *domain.Landing) (bool, error) {
	db := r.DB(ctx)
	res := db.Exec(`
		INSERT INTO landings (id, port_code, declaration_no, vessel_id, trip_id, landed_at, source)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (port_code, declaration_no) DO NOTHING`,
		l.ID, l.PortCode, l.DeclarationNo, l.VesselID, l.TripID, l.LandedAt, l.Source)
	if res.Error != nil {
		return false, res.Error
	}
	if res.RowsAffected == 0 {
		return false, nil
	}
	if len(l.Lines) == 0 {
		return true, nil
	}
	return true, db.Create(&l.Lines).Error
}

func (r *LandingRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Landing, error) {
	var l domain.Landing
	err := r.DB(ctx).Preload("Lines").First(&l, "id = ?", id).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &l, nil
}

type CatchLotRepo struct {
	storage.Repository[domain.CatchLot]
}

func NewCatchLotRepo(db *gorm.DB) *CatchLotRepo {
	return &CatchLotRepo{Repository: storage.NewRepository[domain.CatchLot](db)}
}

// CreateForLanding opens one exportable lot per landing line.
func (r *CatchLotRepo) CreateForLanding(ctx context.Context, l *domain.Landing) error {
	lots := make([]domain.CatchLot, 0, len(l.Lines))
	for _, ln := range l.Lines {
		lots = append(lots, domain.CatchLot{
			ID:        refs.CatchLotID(ln.ID),
			LandingID: l.ID,
			Species:   ln.Species,
			WeightKg:  ln.WeightKg,
		})
	}
	if len(lots) == 0 {
		return nil
	}
	return r.DB(ctx).Create(&lots).Error
}

func (r *CatchLotRepo) Get(ctx context.Context, id uuid.UUID) (*domain.CatchLot, error) {
	lot, err := r.FindByID(ctx, id)
	return lot, notFound(err)
}

func (r *CatchLotRepo) Reserve(ctx context.Context, id uuid.UUID, kg int64) error {
	res := r.DB(ctx).Exec(
		`UPDATE catch_lots SET reserved_kg = reserved_kg + ?
		  WHERE id = ? AND weight_kg - reserved_kg - exported_kg >= ?`, kg, id, kg)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ports.ErrInsufficientQuota
	}
	return nil
}

func (r *CatchLotRepo) Release(ctx context.Context, id uuid.UUID, kg int64) error {
	return r.DB(ctx).Exec(
		`UPDATE catch_lots SET reserved_kg = GREATEST(reserved_kg - ?, 0) WHERE id = ?`, kg, id).Error
}

func (r *CatchLotRepo) MarkExported(ctx context.Context, id uuid.UUID, kg int64) error {
	return r.DB(ctx).Exec(
		`UPDATE catch_lots SET exported_kg = exported_kg + ?, reserved_kg = GREATEST(reserved_kg - ?, 0)
		  WHERE id = ?`, kg, kg, id).Error
}
