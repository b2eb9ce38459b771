// Package plant tracks garments through the processing plant from the scan
// events the stations emit.
package plant

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"gorm.io/gorm"

	"github.com/freshpress/laundry/internal/store"
)

// Scan is one station event from the plant floor.
type Scan struct {
	ScanID    string       `json:"scan_id"`
	Type      string       `json:"type"`
	TagCode   string       `json:"tag_code"`
	OrderID   string       `json:"order_id,omitempty"`
	Station   string       `json:"station"`
	Stage     string       `json:"stage,omitempty"`
	Operator  string       `json:"operator,omitempty"`
	ScannedAt time.Time    `json:"scanned_at"`
	Garment   *GarmentInfo `json:"garment,omitempty"`
	Damage    *DamageInfo  `json:"damage,omitempty"`
	Bags      int          `json:"bags,omitempty"`
}

type GarmentInfo struct {
	Type  string `json:"type"`
	Color string `json:"color,omitempty"`
	Brand string `json:"brand,omitempty"`
}

type DamageInfo struct {
	Kind     string `json:"kind"`
	Severity string `json:"severity"`
	Notes    string `json:"notes,omitempty"`
	PhotoURL string `json:"photo_url,omitempty"`
}

const (
	ScanTagged  = "garment.tagged"
	ScanStage   = "garment.stage"
	ScanDamaged = "garment.damaged"
	ScanPacked  = "order.packed"
)

func ScanType(s Scan) string { return s.Type }

var ErrBadScan = errors.New("plant: malformed scan")

// DeliveryBooker books the return leg once an order is packed.
type DeliveryBooker interface {
	BookDelivery(ctx context.Context, orderID uuid.UUID, bags int) (*store.CourierBooking, error)
}

// DamageCredit compensates a customer for a damaged garment.
type DamageCredit func(ctx context.Context, customerID, orderID uuid.UUID, reportID string, amount int64) error

type Service struct {
	db       *gorm.DB
	garments store.GarmentRepo
	damage   store.DamageReports
	intakes  store.PlantIntakes
	orders   store.OrderRepository
	delivery DeliveryBooker
	credit   DamageCredit
	code     string
	log      *slog.Logger
}

type Deps struct {
	DB       *gorm.DB
	Garments store.GarmentRepo
	Damage   store.DamageReports
	Intakes  store.PlantIntakes
	Orders   store.OrderRepository
	Delivery DeliveryBooker
	Credit   DamageCredit
	Code     string
	Log      *slog.Logger
}

func NewService(d Deps) *Service {
	return &Service{
		db: d.DB, garments: d.Garments, damage: d.Damage, intakes: d.Intakes,
		orders: d.Orders, delivery: d.Delivery, credit: d.Credit, code: d.Code, log: d.Log,
	}
}

// OpenIntake prepares the plant for an order the courier has picked up.
func (s *Service) OpenIntake(ctx context.Context, orderID uuid.UUID, bags int) error {
	created, err := s.intakes.Open(ctx, &store.PlantIntake{
		OrderID:      orderID,
		PlantCode:    s.code,
		ExpectedBags: bags,
	})
	if err != nil {
		return err
	}
	if !created {
		s.log.Debug("intake already open", "order_id", orderID)
	}
	_, err = s.orders.TransitionStatus(ctx, orderID,
		[]store.OrderStatus{store.OrderPickedUp, store.OrderPickupBooked}, store.OrderAtPlant)
	return err
}

// TagGarment registers a garment when the intake station attaches its tag.
func (s *Service) TagGarment(ctx context.Context, sc Scan) error {
	if sc.TagCode == "" || sc.Garment == nil {
		return ErrBadScan
	}
	orderID, err := uuid.Parse(sc.OrderID)
	if err != nil {
		return fmt.Errorf("%w: order id: %v", ErrBadScan, err)
	}
	g := &store.Garment{
		ID:          uuid.New(),
		TagCode:     sc.TagCode,
		OrderID:     orderID,
		GarmentType: sc.Garment.Type,
		Stage:       "received",
		LastScanAt:  &sc.ScannedAt,
	}
	if sc.Garment.Color != "" {
		g.Color = &sc.Garment.Color
	}
	if sc.Garment.Brand != "" {
		g.Brand = &sc.Garment.Brand
	}
	if err := s.garments.Create(ctx, g); err != nil {
		return err
	}
	return s.intakes.MarkReceived(ctx, orderID, sc.ScannedAt)
}

// RecordStage moves a garment through wash, dry, press and QC.
func (s *Service) RecordStage(ctx context.Context, sc Scan) error {
	if sc.ScanID == "" || sc.Stage == "" {
		return ErrBadScan
	}
	g, err := s.garments.ByTag(ctx, sc.TagCode)
	if err != nil {
		return err
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		repo := s.garments.WithTx(tx)
		var op *string
		if sc.Operator != "" {
			op = &sc.Operator
		}
		inserted, err := repo.RecordScan(ctx, &store.GarmentScan{
			ScanID:    sc.ScanID,
			GarmentID: g.ID,
			Station:   sc.Station,
			Stage:     sc.Stage,
			Operator:  op,
			ScannedAt: sc.ScannedAt,
		})
		if err != nil || !inserted {
			return err
		}
		return repo.SetStage(ctx, g.ID, sc.Stage, sc.ScannedAt)
	})
}

var damageCredits = map[string]int64{
	"minor":    500,
	"moderate": 1500,
	"severe":   5000,
}

// ReportDamage files a damage report for a garment and credits the
// customer according to severity.
func (s *Service) ReportDamage(ctx context.Context, sc Scan) error {
	if sc.Damage == nil {
		return ErrBadScan
	}
	g, err := s.garments.ByTag(ctx, sc.TagCode)
	if err != nil {
		return err
	}
	o, err := s.orders.Get(ctx, g.OrderID)
	if err != nil {
		return err
	}
	report := &store.DamageReport{
		ID:          ulid.Make().String(),
		GarmentID:   g.ID,
		OrderID:     g.OrderID,
		Kind:        sc.Damage.Kind,
		Severity:    sc.Damage.Severity,
		Station:     sc.Station,
		ReportedAt:  sc.ScannedAt,
		CreditCents: damageCredits[sc.Damage.Severity],
	}
	if sc.Damage.Notes != "" {
		report.Notes = &sc.Damage.Notes
	}
	if sc.Damage.PhotoURL != "" {
		report.PhotoURL = &sc.Damage.PhotoURL
	}
	if err := s.damage.Insert(ctx, report); err != nil {
		return err
	}
	return s.credit(ctx, o.CustomerID, o.ID, report.ID, report.CreditCents)
}

// MarkPacked closes out an order at the plant and books the delivery.
func (s *Service) MarkPacked(ctx context.Context, sc Scan) error {
	orderID, err := uuid.Parse(sc.OrderID)
	if err != nil {
		return fmt.Errorf("%w: order id: %v", ErrBadScan, err)
	}
	if _, err := s.orders.TransitionStatus(ctx, orderID,
		[]store.OrderStatus{store.OrderAtPlant, store.OrderReady}, store.OrderReady); err != nil {
		return err
	}
	if sc.Bags > 0 {
		if err := s.orders.Update(ctx, orderID, map[string]any{"bags_count": sc.Bags}); err != nil {
			return err
		}
	}
	_, err = s.delivery.BookDelivery(ctx, orderID, sc.Bags)
	return err
}
