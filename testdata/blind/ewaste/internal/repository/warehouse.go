package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/ids"
)

type DeviceRepository struct{ base }

func NewDeviceRepository(db *gorm.DB) *DeviceRepository {
	return &DeviceRepository{base{db}}
}

// CheckIn stores the device scanned out of an inbound parcel. A second scan
// of the same parcel returns the device recorded the first time.
func (r *DeviceRepository) CheckIn(ctx context.Context, d *model.Device) (*model.Device, bool, error) {
	created, err := insertIgnore(r.conn(ctx), d, "shipment_id")
	if err != nil {
		return nil, false, fmt.Errorf("check in device: %w", err)
	}
	if created {
		return d, true, nil
	}
	existing, err := r.ByShipment(ctx, d.ShipmentID)
	return existing, false, err
}

func (r *DeviceRepository) Get(ctx context.Context, id uuid.UUID) (*model.Device, error) {
	return first[model.Device](r.conn(ctx), "id = ?", id)
}

func (r *DeviceRepository) ByShipment(ctx context.Context, shipmentID uuid.UUID) (*model.Device, error) {
	return first[model.Device](r.conn(ctx), "shipment_id = ?", shipmentID)
}

func (r *DeviceRepository) ByTradeIn(ctx context.Context, tradeInID uuid.UUID) (*model.Device, error) {
	return first[model.Device](r.conn(ctx), "trade_in_id = ?", tradeInID)
}

// SetStatus writes the device status.
func (r *DeviceRepository) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.conn(ctx).Model(&model.Device{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": gorm.Expr("now()")}).Error
}

// Transition moves a device between statuses and reports rows affected.
func (r *DeviceRepository) Transition(ctx context.Context, id uuid.UUID, from []string, to string) (int64, error) {
	return transition(r.conn(ctx), "devices", id, from, to, nil)
}

// IntakeRepository manages receiving-dock work items.
type IntakeRepository struct {
	base
	newID ids.UUIDFunc
}

func NewIntakeRepository(db *gorm.DB, newID ids.UUIDFunc) *IntakeRepository {
	if newID == nil {
		newID = ids.NewUUID
	}
	return &IntakeRepository{base: base{db}, newID: newID}
}

// Open queues a parcel for unpacking on the given dock.
func (r *IntakeRepository) Open(ctx context.Context, shipmentID, tradeInID uuid.UUID, dock string, priority int) (*model.IntakeTask, error) {
	task := &model.IntakeTask{
		ID:         r.newID(),
		ShipmentID: shipmentID,
		TradeInID:  tradeInID,
		Dock:       dock,
		Priority:   priority,
		Status:     "open",
	}
	if err := r.conn(ctx).Create(task).Error; err != nil {
		return nil, fmt.Errorf("open intake task: %w", err)
	}
	return task, nil
}

// CloseForShipment closes open tasks once the parcel has been checked in.
func (r *IntakeRepository) CloseForShipment(ctx context.Context, shipmentID uuid.UUID, at time.Time) error {
	return r.conn(ctx).Model(&model.IntakeTask{}).
		Where("shipment_id = ? AND status = ?", shipmentID, "open").
		Updates(map[string]any{"status": "closed", "closed_at": at}).Error
}

type GradingRepository struct{ base }

func NewGradingRepository(db *gorm.DB) *GradingRepository {
	return &GradingRepository{base{db}}
}

func (r *GradingRepository) Insert(ctx context.Context, g *model.Grading) error {
	if err := r.conn(ctx).Create(g).Error; err != nil {
		return fmt.Errorf("insert grading: %w", err)
	}
	return nil
}

func (r *GradingRepository) Latest(ctx context.Context, deviceID uuid.UUID) (*model.Grading, error) {
	return first[model.Grading](r.conn(ctx).Order("round DESC"), "device_id = ?", deviceID)
}

func (r *GradingRepository) NextRound(ctx context.Context, deviceID uuid.UUID) (int, error) {
	var maxRound *int
	err := r.conn(ctx).Model(&model.Grading{}).Where("device_id = ?", deviceID).
		Select("MAX(round)").Scan(&maxRound).Error
	if err != nil {
		return 0, err
	}
	if maxRound == nil {
		return 1, nil
	}
	return *maxRound + 1, nil
}

type NotificationRepository struct{ base }

func NewNotificationRepository(db *gorm.DB) *NotificationRepository {
	return &NotificationRepository{base{db}}
}

func (r *NotificationRepository) Exists(ctx context.Context, tradeInID uuid.UUID, kind string) (bool, error) {
	var n int64
	err := r.conn(ctx).Model(&model.OfferNotification{}).
		Where("trade_in_id = ? AND kind = ?", tradeInID, kind).Count(&n).Error
	return n > 0, err
}

func (r *NotificationRepository) Insert(ctx context.Context, n *model.OfferNotification) error {
	if err := r.conn(ctx).Create(n).Error; err != nil {
		return fmt.Errorf("insert notification %s: %w", n.Kind, err)
	}
	return nil
}

// Reserve inserts a pending notification unless (trade_in_id, kind) exists and
// returns the stored row.
func (r *NotificationRepository) Reserve(ctx context.Context, n *model.OfferNotification) (*model.OfferNotification, error) {
	if _, err := insertIgnore(r.conn(ctx), n, "trade_in_id", "kind"); err != nil {
		return nil, fmt.Errorf("reserve notification: %w", err)
	}
	return first[model.OfferNotification](r.conn(ctx), "trade_in_id = ? AND kind = ?", n.TradeInID, n.Kind)
}

func (r *NotificationRepository) MarkSent(ctx context.Context, id uuid.UUID, ref string) error {
	return r.conn(ctx).Model(&model.OfferNotification{}).Where("id = ?", id).
		Updates(map[string]any{"status": "sent", "provider_ref": ref}).Error
}

type WipeRepository struct{ base }

func NewWipeRepository(db *gorm.DB) *WipeRepository {
	return &WipeRepository{base{db}}
}

func (r *WipeRepository) CreateJob(ctx context.Context, j *model.WipeJob) error {
	return r.conn(ctx).Create(j).Error
}

func (r *WipeRepository) GetJob(ctx context.Context, id uuid.UUID) (*model.WipeJob, error) {
	return first[model.WipeJob](r.conn(ctx), "id = ?", id)
}

func (r *WipeRepository) JobForDevice(ctx context.Context, deviceID uuid.UUID) (*model.WipeJob, error) {
	return first[model.WipeJob](r.conn(ctx), "device_id = ?", deviceID)
}

// CompleteJob records the station's result on a pending job.
func (r *WipeRepository) CompleteJob(ctx context.Context, id uuid.UUID, status string, result model.JSON, station string, at time.Time) (int64, error) {
	res := r.conn(ctx).Model(&model.WipeJob{}).
		Where("id = ? AND status = ?", id, model.WipePending).
		Updates(map[string]any{"status": status, "result": result, "station": station, "completed_at": at})
	return res.RowsAffected, res.Error
}

// CertificateFor returns the certificate row for a job, creating the
// requested row on first use.
func (r *WipeRepository) CertificateFor(ctx context.Context, c *model.WipeCertificate) (*model.WipeCertificate, error) {
	if _, err := insertIgnore(r.conn(ctx), c, "wipe_job_id"); err != nil {
		return nil, fmt.Errorf("certificate intent: %w", err)
	}
	return first[model.WipeCertificate](r.conn(ctx), "wipe_job_id = ?", c.WipeJobID)
}

func (r *WipeRepository) MarkCertificateIssued(ctx context.Context, id uuid.UUID, number, url string, at time.Time) (int64, error) {
	res := r.conn(ctx).Model(&model.WipeCertificate{}).
		Where("id = ? AND status = ?", id, model.CertRequested).
		Updates(map[string]any{
			"status": model.CertIssued, "certificate_number": number,
			"document_url": url, "issued_at": at, "updated_at": at,
		})
	return res.RowsAffected, res.Error
}
