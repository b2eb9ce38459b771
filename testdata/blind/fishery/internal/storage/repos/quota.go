package repos

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/storage"
)

type HoldingRepo struct {
	storage.Repository[domain.QuotaHolding]
}

func NewHoldingRepo(db *gorm.DB) *HoldingRepo {
	return &HoldingRepo{Repository: storage.NewRepository[domain.QuotaHolding](db)}
}

func (r *HoldingRepo) Find(ctx context.Context, vesselID uuid.UUID, species, area string, season int) (*domain.QuotaHolding, error) {
	h, err := r.FindOne(ctx, "vessel_id = ? AND species = ? AND area = ? AND season = ?", vesselID, species, area, season)
	return h, notFound(err)
}

// Ensure returns the holding for the stock, creating an empty one if the
// vessel has never held it.
func (r *HoldingRepo) Ensure(ctx context.Context, vesselID uuid.UUID, species, area string, season int) (*domain.QuotaHolding, error) {
	h := &domain.QuotaHolding{
		ID:       uuid.New(),
		VesselID: vesselID,
		Species:  species,
		Area:     area,
		Season:   season,
	}
	err := r.DB(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "vessel_id"}, {Name: "species"}, {Name: "area"}, {Name: "season"}},
		DoNothing: true,
	}).Create(h).Error
	if err != nil {
		return nil, err
	}
	return r.Find(ctx, vesselID, species, area, season)
}

func (r *HoldingRepo) Credit(ctx context.Context, holdingID uuid.UUID, kg int64) error {
	return r.DB(ctx).Exec(
		`UPDATE quota_holdings SET allocated_kg = allocated_kg + ?, updated_at = now() WHERE id = ?`,
		kg, holdingID).Error
}

// Debit removes unused allocation; it refuses to go below what has already
// been landed against the holding.
func (r *HoldingRepo) Debit(ctx context.Context, holdingID uuid.UUID, kg int64) error {
	res := r.DB(ctx).Exec(
		`UPDATE quota_holdings SET allocated_kg = allocated_kg - ?, updated_at = now()
		  WHERE id = ? AND NOT frozen AND allocated_kg - used_kg >= ?`,
		kg, holdingID, kg)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ports.ErrInsufficientQuota
	}
	return nil
}

// Consume books landed weight against the vessel's holding for the stock.
// Landings beyond the allocation are allowed and surface as overage.
func (r *HoldingRepo) Consume(ctx context.Context, vesselID uuid.UUID, species, area string, season int, kg int64) error {
	h, err := r.Ensure(ctx, vesselID, species, area, season)
	if err != nil {
		return err
	}
	return r.DB(ctx).Exec(
		`UPDATE quota_holdings SET used_kg = used_kg + ?, updated_at = now() WHERE id = ?`,
		kg, h.ID).Error
}

func (r *HoldingRepo) FreezeForVessel(ctx context.Context, vesselID uuid.UUID) error {
	return r.DB(ctx).Model(&domain.QuotaHolding{}).
		Where("vessel_id = ?", vesselID).
		Updates(map[string]any{"frozen": true, "updated_at": time.Now()}).Error
}

func (r *HoldingRepo) Overages(ctx context.Context, season int) ([]domain.QuotaHolding, error) {
	return r.FindAll(ctx, "season = ? AND used_kg > allocated_kg", season)
}

type LedgerRepo struct {
	storage.Repository[domain.QuotaLedgerEntry]
}

func NewLedgerRepo(db *gorm.DB) *LedgerRepo {
	return &LedgerRepo{Repository: storage.NewRepository[domain.QuotaLedgerEntry](db)}
}

func (r *LedgerRepo) Append(ctx context.Context, e *domain.QuotaLedgerEntry) error {
	if e.ID == uuid.Nil {
		e.ID = uuid.New()
	}
	return r.Create(ctx, e)
}

type PurchaseRepo struct {
	storage.Repository[domain.QuotaPurchase]
}

func NewPurchaseRepo(db *gorm.DB) *PurchaseRepo {
	return &PurchaseRepo{Repository: storage.NewRepository[domain.QuotaPurchase](db)}
}

// Claim stores p unless the vessel already has a purchase with the same
// client reference, and returns whichever row is stored.
func (r *PurchaseRepo) Claim(ctx context.Context, p *domain.QuotaPurchase) (*domain.QuotaPurchase, bool, error) {
	created, err := r.CreateIfAbsent(ctx, p, "vessel_id", "client_ref")
	if err != nil {
		return nil, false, err
	}
	if created {
		return p, true, nil
	}
	stored, err := r.FindOne(ctx, "vessel_id = ? AND client_ref = ?", p.VesselID, p.ClientRef)
	return stored, false, err
}

func (r *PurchaseRepo) Get(ctx context.Context, id uuid.UUID) (*domain.QuotaPurchase, error) {
	p, err := r.FindByID(ctx, id)
	return p, notFound(err)
}

func (r *PurchaseRepo) MarkCharged(ctx context.Context, id uuid.UUID, chargeID string) error {
	_, err := r.UpdateColumns(ctx, id, map[string]any{"status": domain.PurchaseCharged, "charge_id": chargeID})
	return err
}

func (r *PurchaseRepo) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	_, err := r.UpdateColumns(ctx, id, map[string]any{"status": status})
	return err
}

type TransferRepo struct {
	storage.Repository[domain.QuotaTransfer]
}

func NewTransferRepo(db *gorm.DB) *TransferRepo {
	return &TransferRepo{Repository: storage.NewRepository[domain.QuotaTransfer](db)}
}

func (r *TransferRepo) GetByReference(ctx context.Context, ref string) (*domain.QuotaTransfer, error) {
	t, err := r.FindOne(ctx, "reference = ?", ref)
	return t, notFound(err)
}
