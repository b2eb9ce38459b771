package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
)

// Shipments is the shipment repository.
type Shipments struct{ db *gorm.DB }

// NewShipments returns the shipment repository.
func NewShipments(db *gorm.DB) *Shipments { return &Shipments{db: db} }

// DB exposes the pool for callers that open their own transaction.
func (r *Shipments) DB(ctx context.Context) *gorm.DB { return r.db.WithContext(ctx) }

// Get loads a shipment.
func (r *Shipments) Get(ctx context.Context, id uuid.UUID) (*models.Shipment, error) {
	var s models.Shipment
	if err := r.db.WithContext(ctx).First(&s, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// ByLabel loads the shipment holding a label.
func (r *Shipments) ByLabel(tx *gorm.DB, labelID string) (*models.Shipment, error) {
	var s models.Shipment
	if err := tx.First(&s, "label_id = ?", labelID).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// ByTracking loads the shipment for a tracking number.
func (r *Shipments) ByTracking(tx *gorm.DB, tracking string) (*models.Shipment, error) {
	var s models.Shipment
	if err := tx.First(&s, "tracking_number = ?", tracking).Error; err != nil {
		return nil, err
	}
	return &s, nil
}

// EnsureForAllocation creates the shipment for an allocation once.
func (r *Shipments) EnsureForAllocation(tx *gorm.DB, s *models.Shipment) (bool, error) {
	res := tx.Clauses(doNothingOn("allocation_id")).Create(s)
	return res.RowsAffected == 1, res.Error
}

// LabelFields are the carrier label details stored on a shipment.
type LabelFields struct {
	Carrier        string
	ServiceLevel   string
	LabelID        string
	TrackingNumber string
	LabelURL       string
	CostCents      int64
}

// SetLabel stores label details.
func (r *Shipments) SetLabel(tx *gorm.DB, id uuid.UUID, f LabelFields) error {
	return tx.Model(&models.Shipment{}).Where("id = ?", id).Updates(map[string]any{
		"carrier":          f.Carrier,
		"service_level":    f.ServiceLevel,
		"label_id":         f.LabelID,
		"label_status":     "purchased",
		"tracking_number":  f.TrackingNumber,
		"label_url":        f.LabelURL,
		"label_cost_cents": f.CostCents,
		"status":           models.ShipmentLabelled,
		"updated_at":       time.Now().UTC(),
	}).Error
}

// SetPickup stores the pickup confirmation.
func (r *Shipments) SetPickup(ctx context.Context, id uuid.UUID, pickupID string) error {
	return r.db.WithContext(ctx).Model(&models.Shipment{}).Where("id = ?", id).Updates(map[string]any{
		"pickup_id":  pickupID,
		"status":     models.ShipmentPickupBooked,
		"updated_at": time.Now().UTC(),
	}).Error
}

// SetStatus updates a shipment's status.
func (r *Shipments) SetStatus(tx *gorm.DB, id uuid.UUID, status string) error {
	return tx.Model(&models.Shipment{}).Where("id = ?", id).Updates(map[string]any{
		"status":     status,
		"updated_at": time.Now().UTC(),
	}).Error
}

// SetLabelStatus updates the label status on the shipment holding labelID.
func (r *Shipments) SetLabelStatus(tx *gorm.DB, labelID, status string) error {
	return tx.Model(&models.Shipment{}).Where("label_id = ?", labelID).Updates(map[string]any{
		"label_status": status,
		"updated_at":   time.Now().UTC(),
	}).Error
}

// RecordLabelStatus appends to the label's status history once per status.
func (r *Shipments) RecordLabelStatus(tx *gorm.DB, h *models.LabelStatusHistory) error {
	return tx.Clauses(doNothingOn("label_id", "status")).Create(h).Error
}

// InsertTrackingEvent stores a carrier scan.
func (r *Shipments) InsertTrackingEvent(tx *gorm.DB, ev *models.TrackingEvent) error {
	return tx.Create(ev).Error
}

// InsertDelivery stores proof of delivery.
func (r *Shipments) InsertDelivery(tx *gorm.DB, d *models.ShipmentDelivery) error {
	return tx.Create(d).Error
}

// ReturnLabel loads the return label for a shipment, if any.
func (r *Shipments) ReturnLabel(ctx context.Context, shipmentID uuid.UUID) (*models.ReturnLabel, error) {
	var rl models.ReturnLabel
	if err := r.db.WithContext(ctx).First(&rl, "shipment_id = ?", shipmentID).Error; err != nil {
		return nil, err
	}
	return &rl, nil
}

// SaveReturnLabel stores the return label once per shipment.
func (r *Shipments) SaveReturnLabel(ctx context.Context, rl *models.ReturnLabel) error {
	return r.db.WithContext(ctx).Clauses(doNothingOn("shipment_id")).Create(rl).Error
}

// AddRestock stores a restock line.
func (r *Shipments) AddRestock(tx *gorm.DB, e *models.RestockEntry) error {
	return tx.Create(e).Error
}

// StateTotals are the shipped quantities reported to a state.
type StateTotals struct {
	Shipments int
	Bottles   int
}

// DeliveredInState sums shipments delivered into state during [from, to).
func (r *Shipments) DeliveredInState(ctx context.Context, state string, from, to time.Time) (StateTotals, error) {
	var t StateTotals
	err := r.db.WithContext(ctx).Raw(`
		SELECT COUNT(DISTINCT s.id) AS shipments, COALESCE(SUM(i.quantity), 0) AS bottles
		FROM shipment_deliveries d
		JOIN shipments s ON s.id = d.shipment_id
		JOIN members m ON m.id = s.member_id
		JOIN allocation_items i ON i.allocation_id = s.allocation_id
		WHERE m.ship_state = ? AND d.delivered_at >= ? AND d.delivered_at < ?`,
		state, from, to).Scan(&t).Error
	return t, err
}

// ShippedStates lists the states with deliveries during [from, to).
func (r *Shipments) ShippedStates(ctx context.Context, from, to time.Time) ([]string, error) {
	var out []string
	err := r.db.WithContext(ctx).Raw(`
		SELECT DISTINCT m.ship_state FROM shipment_deliveries d
		JOIN shipments s ON s.id = d.shipment_id
		JOIN members m ON m.id = s.member_id
		WHERE d.delivered_at >= ? AND d.delivered_at < ? ORDER BY 1`, from, to).Scan(&out).Error
	return out, err
}
