// Package lab manages crown and bridge cases sent to Keystone Dental Lab.
// Cases are opened by the charting system when a crown is planned; this
// package places orders and remakes and tracks the lab's production and
// shipping events.
package lab

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/ids"
	"github.com/brightsmile-dental/practiceops/internal/providers/dentallab"
)

var (
	ErrCaseClosed   = errors.New("lab case is closed")
	ErrNoOriginal   = errors.New("remake requested but the case has no previous order")
	ErrUnknownOrder = errors.New("unknown lab order number")
	ErrNoLabAccount = errors.New("practice has no lab account")
)

// Service is the lab API used by the HTTP layer.
type Service interface {
	PlaceOrder(ctx context.Context, in PlaceOrderInput) (PlaceOrderOutput, error)
	RecordEvent(ctx context.Context, in RecordEventInput) (RecordEventOutput, error)
}

type PlaceOrderInput struct {
	CaseID   uuid.UUID
	Remake   bool
	Notes    string
	RushDays int
}

type PlaceOrderOutput struct {
	OrderID        string
	LabOrderNumber string
	DueDate        string
}

type RecordEventInput struct {
	EventID        string
	Type           string
	OrderNumber    string
	TrackingNumber string
	OccurredAt     time.Time
	Raw            []byte
}

type RecordEventOutput struct {
	CaseID uuid.UUID
	Status string
}

// ShippedHook is called after an order is marked shipped.
type ShippedHook func(ctx context.Context, lc models.LabCase, order models.LabOrder)

type service struct {
	db        *gorm.DB
	cases     *database.Repository[models.LabCase]
	orders    *database.Repository[models.LabOrder]
	practices *database.Repository[models.Practice]
	patients  *database.Repository[models.Patient]
	dentists  *database.Repository[models.Associate]
	lab       dentallab.Client
	onShipped ShippedHook
	now       func() time.Time
}

// NewService wires the lab service.
func NewService(db *gorm.DB, lab dentallab.Client, onShipped ShippedHook) Service {
	return &service{
		db:        db,
		cases:     database.NewRepository[models.LabCase](db),
		orders:    database.NewRepository[models.LabOrder](db),
		practices: database.NewRepository[models.Practice](db),
		patients:  database.NewRepository[models.Patient](db),
		dentists:  database.NewRepository[models.Associate](db),
		lab:       lab,
		onShipped: onShipped,
		now:       func() time.Time { return time.Now().UTC() },
	}
}

func (s *service) PlaceOrder(ctx context.Context, in PlaceOrderInput) (PlaceOrderOutput, error) {
	lc, err := s.cases.Get(ctx, in.CaseID)
	if err != nil {
		return PlaceOrderOutput{}, err
	}
	if lc.Status == "seated" || lc.Status == "cancelled" {
		return PlaceOrderOutput{}, ErrCaseClosed
	}
	practice, err := s.practices.Get(ctx, lc.PracticeID)
	if err != nil {
		return PlaceOrderOutput{}, err
	}
	if practice.LabAccount == nil {
		return PlaceOrderOutput{}, ErrNoLabAccount
	}
	dentist, err := s.dentists.Get(ctx, lc.AssociateID)
	if err != nil {
		return PlaceOrderOutput{}, err
	}
	req := dentallab.OrderRequest{
		Account:     *practice.LabAccount,
		PatientRef:  lc.PatientID.String(),
		Doctor:      dentist.FullName,
		ToothNumber: lc.ToothNumber,
		Restoration: lc.Restoration,
		Shade:       lc.Shade,
		ScanURL:     lc.ScanURL,
		Notes:       in.Notes,
		RushDays:    in.RushDays,
	}
	orderType := "new"
	if in.Remake {
		var prev models.LabOrder
		err := s.db.WithContext(ctx).Where("lab_case_id = ?", lc.ID).Order("ordered_at DESC").Take(&prev).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return PlaceOrderOutput{}, ErrNoOriginal
		}
		if err != nil {
			return PlaceOrderOutput{}, err
		}
		req.Remake, req.OriginalOrder, orderType = true, prev.LabOrderNumber, "remake"
	}

	placed, err := s.lab.PlaceOrder(ctx, req)
	if err != nil {
		return PlaceOrderOutput{}, err
	}

	order := models.LabOrder{
		ID:             ids.New(),
		LabCaseID:      lc.ID,
		LabOrderNumber: placed.OrderNumber,
		OrderType:      orderType,
		Status:         models.LabOrderSubmitted,
		OrderedAt:      s.now(),
	}
	if due, err := time.Parse(time.DateOnly, placed.DueDate); err == nil {
		order.DueDate = &due
	}
	err = database.Transact(ctx, s.db, func(tx *gorm.DB) error {
		if err := tx.Create(&order).Error; err != nil {
			return fmt.Errorf("record lab order %s: %w", placed.OrderNumber, err)
		}
		return tx.Model(&models.LabCase{}).Where("id = ?", lc.ID).
			Updates(map[string]any{"status": models.LabCaseOrdered, "updated_at": s.now()}).Error
	})
	if err != nil {
		return PlaceOrderOutput{}, err
	}
	return PlaceOrderOutput{OrderID: order.ID, LabOrderNumber: order.LabOrderNumber, DueDate: placed.DueDate}, nil
}

// Lab webhook event types.
const (
	EventInProduction = "order.in_production"
	EventShipped      = "order.shipped"
	EventDelivered    = "order.delivered"
	EventOnHold       = "order.on_hold"
)

func (s *service) RecordEvent(ctx context.Context, in RecordEventInput) (RecordEventOutput, error) {
	order, err := s.orders.FindOne(ctx, "lab_order_number = ?", in.OrderNumber)
	if errors.Is(err, database.ErrNotFound) {
		return RecordEventOutput{}, ErrUnknownOrder
	}
	if err != nil {
		return RecordEventOutput{}, err
	}

	var shipped bool
	err = database.Transact(ctx, s.db, func(tx *gorm.DB) error {
		ev := models.LabCaseEvent{
			ID:         uuid.New(),
			LabCaseID:  order.LabCaseID,
			LabEventID: in.EventID,
			EventType:  in.Type,
			Payload:    models.JSON(in.Raw),
			ReceivedAt: s.now(),
		}
		if err := tx.Create(&ev).Error; err != nil {
			return fmt.Errorf("store lab event %s: %w", in.EventID, err)
		}
		switch in.Type {
		case EventInProduction:
			return tx.Model(&models.LabOrder{}).
				Where("id = ? AND status = ?", order.ID, models.LabOrderSubmitted).
				Update("status", models.LabOrderInProduction).Error
		case EventShipped:
			res := tx.Model(&models.LabOrder{}).
				Where("id = ? AND status IN ?", order.ID, []string{models.LabOrderSubmitted, models.LabOrderInProduction}).
				Updates(map[string]any{"status": models.LabOrderShipped, "tracking_number": in.TrackingNumber, "shipped_at": in.OccurredAt})
			if res.Error != nil {
				return res.Error
			}
			shipped = res.RowsAffected > 0
			return tx.Model(&models.LabCase{}).Where("id = ? AND status = ?", order.LabCaseID, models.LabCaseOrdered).
				Updates(map[string]any{"status": models.LabCaseShipped, "updated_at": s.now()}).Error
		case EventDelivered:
			if err := tx.Model(&models.LabOrder{}).Where("id = ?", order.ID).
				Update("status", models.LabOrderDelivered).Error; err != nil {
				return err
			}
			return tx.Model(&models.LabCase{}).Where("id = ? AND status IN ?", order.LabCaseID,
				[]string{models.LabCaseOrdered, models.LabCaseShipped}).
				Updates(map[string]any{"status": models.LabCaseDelivered, "updated_at": s.now()}).Error
		}
		return nil
	})
	if err != nil {
		return RecordEventOutput{}, err
	}

	lc, err := s.cases.Get(ctx, order.LabCaseID)
	if err != nil {
		return RecordEventOutput{}, err
	}
	if shipped && s.onShipped != nil {
		order.Status, order.TrackingNumber = models.LabOrderShipped, &in.TrackingNumber
		s.onShipped(ctx, *lc, *order)
	}
	return RecordEventOutput{CaseID: lc.ID, Status: lc.Status}, nil
}
