package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/ids"
)

type CitationRepository interface {
	// InsertViolation inserts v unless (vendor, vendor_event_id) exists.
	// It reports whether a row was inserted.
	InsertViolation(ctx context.Context, v *model.Violation) (bool, error)
	ViolationByVendorEvent(ctx context.Context, vendor, eventID string) (*model.Violation, error)
	UpdateViolationPlate(ctx context.Context, violationID, plate, state string) error
	SetViolationStatus(ctx context.Context, violationID, status string) error
	InsertPlateCorrection(ctx context.Context, pc *model.PlateCorrection) error
	InsertVendorVoid(ctx context.Context, vv *model.VendorVoid) error

	// InsertCitation inserts c unless its violation already has a citation.
	InsertCitation(ctx context.Context, c *model.Citation) (bool, error)
	Get(ctx context.Context, id string) (*model.Citation, error)
	GetByNumber(ctx context.Context, number string) (*model.Citation, error)
	GetByViolation(ctx context.Context, violationID string) (*model.Citation, error)
	GetForUpdate(ctx context.Context, id string) (*model.Citation, error)

	// AdjustBalance adds delta (negative for credits) to the balance.
	AdjustBalance(ctx context.Context, id string, delta int64) error
	SetStatus(ctx context.Context, id, status string) error
	// TransitionStatus moves the citation from one of `from` to `to` and
	// reports whether it did.
	TransitionStatus(ctx context.Context, id string, from []string, to string) (bool, error)
	// AdvanceStage moves the stage forward only; it never moves it back.
	AdvanceStage(ctx context.Context, id, stage string) (bool, error)
	ResetForReissue(ctx context.Context, id, plate, state string) error
	SetDisputed(ctx context.Context, id string, disputed bool) error

	AppendEvent(ctx context.Context, citationID, kind, detail, actor string) error
}

type citationRepo struct {
	db  *gorm.DB
	now func() time.Time
}

func (r *citationRepo) InsertViolation(ctx context.Context, v *model.Violation) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "vendor"}, {Name: "vendor_event_id"}},
		DoNothing: true,
	}).Create(v)
	if res.Error != nil {
		return false, fmt.Errorf("insert violation: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *citationRepo) ViolationByVendorEvent(ctx context.Context, vendor, eventID string) (*model.Violation, error) {
	var v model.Violation
	err := r.db.WithContext(ctx).Where("vendor = ? AND vendor_event_id = ?", vendor, eventID).Take(&v).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &v, nil
}

func (r *citationRepo) UpdateViolationPlate(ctx context.Context, violationID, plate, state string) error {
	return r.db.WithContext(ctx).Model(&model.Violation{}).Where("id = ?", violationID).
		Updates(map[string]any{"plate": plate, "plate_state": state, "updated_at": r.now()}).Error
}

func (r *citationRepo) SetViolationStatus(ctx context.Context, violationID, status string) error {
	return r.db.WithContext(ctx).Model(&model.Violation{}).Where("id = ?", violationID).
		Updates(map[string]any{"status": status, "updated_at": r.now()}).Error
}

func (r *citationRepo) InsertPlateCorrection(ctx context.Context, pc *model.PlateCorrection) error {
	pc.CorrectedAt = r.now()
	return r.db.WithContext(ctx).Create(pc).Error
}

func (r *citationRepo) InsertVendorVoid(ctx context.Context, vv *model.VendorVoid) error {
	vv.ReceivedAt = r.now()
	if err := r.db.WithContext(ctx).Create(vv).Error; err != nil {
		return fmt.Errorf("insert vendor void %s/%s: %w", vv.Vendor, vv.VendorEventID, err)
	}
	return nil
}

func (r *citationRepo) InsertCitation(ctx context.Context, c *model.Citation) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "violation_id"}},
		DoNothing: true,
	}).Create(c)
	if res.Error != nil {
		return false, fmt.Errorf("insert citation: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *citationRepo) Get(ctx context.Context, id string) (*model.Citation, error) {
	var c model.Citation
	if err := r.db.WithContext(ctx).Take(&c, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *citationRepo) GetByNumber(ctx context.Context, number string) (*model.Citation, error) {
	var c model.Citation
	if err := r.db.WithContext(ctx).Take(&c, "citation_number = ?", number).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *citationRepo) GetByViolation(ctx context.Context, violationID string) (*model.Citation, error) {
	var c model.Citation
	if err := r.db.WithContext(ctx).Take(&c, "violation_id = ?", violationID).Error; err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *citationRepo) GetForUpdate(ctx context.Context, id string) (*model.Citation, error) {
	var c model.Citation
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Take(&c, "id = ?", id).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *citationRepo) AdjustBalance(ctx context.Context, id string, delta int64) error {
	return r.db.WithContext(ctx).Model(&model.Citation{}).Where("id = ?", id).
		Updates(map[string]any{
			"balance_cents": gorm.Expr("balance_cents + ?", delta),
			"updated_at":    r.now(),
		}).Error
}

func (r *citationRepo) SetStatus(ctx context.Context, id, status string) error {
	return r.db.WithContext(ctx).Model(&model.Citation{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": r.now()}).Error
}

func (r *citationRepo) TransitionStatus(ctx context.Context, id string, from []string, to string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.Citation{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": r.now()})
	return res.RowsAffected == 1, res.Error
}

func (r *citationRepo) AdvanceStage(ctx context.Context, id, stage string) (bool, error) {
	rank := model.StageRank(stage)
	if rank < 0 {
		return false, fmt.Errorf("unknown stage %q", stage)
	}
	res := r.db.WithContext(ctx).Model(&model.Citation{}).
		Where("id = ? AND stage_rank < ?", id, rank).
		Updates(map[string]any{"stage": stage, "stage_rank": rank, "updated_at": r.now()})
	return res.RowsAffected == 1, res.Error
}

func (r *citationRepo) ResetForReissue(ctx context.Context, id, plate, state string) error {
	return r.db.WithContext(ctx).Model(&model.Citation{}).Where("id = ?", id).
		Updates(map[string]any{
			"plate":       plate,
			"plate_state": state,
			"stage":       model.StageIssued,
			"stage_rank":  0,
			"updated_at":  r.now(),
		}).Error
}

func (r *citationRepo) SetDisputed(ctx context.Context, id string, disputed bool) error {
	return r.db.WithContext(ctx).Model(&model.Citation{}).Where("id = ?", id).
		Updates(map[string]any{"disputed": disputed, "updated_at": r.now()}).Error
}

// AppendEvent adds a line to the citation's audit trail. Each call is a new
// line; the trail records attempts as well as outcomes.
func (r *citationRepo) AppendEvent(ctx context.Context, citationID, kind, detail, actor string) error {
	return r.db.WithContext(ctx).Create(&model.CitationEvent{
		ID:         ids.XID(),
		CitationID: citationID,
		Kind:       kind,
		Detail:     detail,
		Actor:      actor,
		CreatedAt:  r.now(),
	}).Error
}

// LedgerRepository records signed money movements against a citation.
type LedgerRepository interface {
	Append(ctx context.Context, citationID, kind string, amount int64, source, sourceRef string) error
	Balance(ctx context.Context, citationID string) (int64, error)
}

type ledgerRepo struct {
	db    *gorm.DB
	newID ids.Generator
	now   func() time.Time
}

func (r *ledgerRepo) Append(ctx context.Context, citationID, kind string, amount int64, source, sourceRef string) error {
	return r.db.WithContext(ctx).Create(&model.LedgerEntry{
		ID:          r.newID(),
		CitationID:  citationID,
		Kind:        kind,
		AmountCents: amount,
		Source:      source,
		SourceRef:   sourceRef,
		CreatedAt:   r.now(),
	}).Error
}

func (r *ledgerRepo) Balance(ctx context.Context, citationID string) (int64, error) {
	var sum int64
	err := r.db.WithContext(ctx).Model(&model.LedgerEntry{}).
		Where("citation_id = ?", citationID).
		Select("COALESCE(SUM(amount_cents), 0)").Scan(&sum).Error
	return sum, err
}

// FeeRepository records assessed fees.
type FeeRepository interface {
	Add(ctx context.Context, citationID, kind string, amount int64) (*model.Fee, error)
	ListForCitation(ctx context.Context, citationID string) ([]model.Fee, error)
}

type feeRepo struct {
	db    *gorm.DB
	newID ids.Generator
	now   func() time.Time
}

func (r *feeRepo) Add(ctx context.Context, citationID, kind string, amount int64) (*model.Fee, error) {
	id := r.newID()
	fee := &model.Fee{
		ID:          id,
		CitationID:  citationID,
		Kind:        kind,
		AmountCents: amount,
		AssessedAt:  r.now(),
	}
	if err := r.db.WithContext(ctx).Create(fee).Error; err != nil {
		return nil, fmt.Errorf("add fee %s on %s: %w", kind, citationID, err)
	}
	return fee, nil
}

func (r *feeRepo) ListForCitation(ctx context.Context, citationID string) ([]model.Fee, error) {
	var fees []model.Fee
	err := r.db.WithContext(ctx).Where("citation_id = ?", citationID).Order("assessed_at").Find(&fees).Error
	return fees, err
}
