// Package shipping buys postage for shipments and applies carrier tracking
// updates.
package shipping

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/ksuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/providers/mailer"
	"github.com/ridgeline-coffee/roastery/internal/providers/shiplabel"
)

// Errors returned to callers.
var (
	ErrNotFound        = errors.New("shipping: shipment not found")
	ErrNotShippable    = errors.New("shipping: shipment is not awaiting a label")
	ErrUnknownTracking = errors.New("shipping: unknown tracking number")
)

// roasteryAddress is the ship-from address on every label.
var roasteryAddress = shiplabel.Address{
	Name:       "Ridgeline Coffee Roasters",
	Street1:    "1420 Industrial Way",
	City:       "Bend",
	State:      "OR",
	PostalCode: "97701",
	Country:    "US",
}

// Service is used by the HTTP handlers, the event workers and the carrier
// notification handlers.
type Service interface {
	BuyLabel(ctx context.Context, shipmentID string) (*models.ShippingLabel, error)
	BuyLabelForOrder(ctx context.Context, orderID string) error
	RecordTracking(ctx context.Context, ev TrackingEvent) error
	ReportDamage(ctx context.Context, rep DamageReport) error
}

type service struct {
	db        *gorm.DB
	shipments *db.Repo[models.Shipment]
	labels    *db.Repo[models.ShippingLabel]
	carrierEv *db.Repo[models.CarrierEvent]
	postage   shiplabel.Purchaser
	mail      mailer.Sender
	log       *slog.Logger
}

// NewService returns the shipping service.
func NewService(gdb *gorm.DB, p shiplabel.Purchaser, m mailer.Sender, log *slog.Logger) Service {
	return &service{
		db:        gdb,
		shipments: db.NewRepo[models.Shipment](gdb),
		labels:    db.NewRepo[models.ShippingLabel](gdb),
		carrierEv: db.NewRepo[models.CarrierEvent](gdb),
		postage:   p,
		mail:      m,
		log:       log.With("component", "shipping"),
	}
}

// BuyLabel buys postage for a pending shipment. Support uses this for
// subscription boxes and replacements.
func (s *service) BuyLabel(ctx context.Context, shipmentID string) (*models.ShippingLabel, error) {
	sh, err := s.shipments.Get(ctx, shipmentID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if existing, err := s.labels.FindOne(ctx, "shipment_id = ?", sh.ID); err == nil {
		return existing, nil
	} else if !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	if sh.Status != models.ShipPending {
		return nil, ErrNotShippable
	}

	req, err := labelRequest(sh)
	if err != nil {
		return nil, err
	}
	lbl, err := s.postage.Purchase(ctx, "label-"+sh.ID, req)
	if err != nil {
		return nil, fmt.Errorf("shipping: purchase label for %s: %w", sh.ID, err)
	}
	return s.saveLabel(ctx, sh, lbl)
}

// BuyLabelForOrder is the JetStream handler body for wholesale.order.placed:
// it opens the shipment for the order and buys its label.
func (s *service) BuyLabelForOrder(ctx context.Context, orderID string) error {
	var order models.WholesaleOrder
	if err := s.db.WithContext(ctx).Preload("Lines").First(&order, "id = ?", orderID).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return fmt.Errorf("%w: order %s", events.ErrDrop, orderID)
		}
		return err
	}
	var cafe models.Cafe
	if err := s.db.WithContext(ctx).First(&cafe, "id = ?", order.CafeID).Error; err != nil {
		return err
	}

	if err := s.db.WithContext(ctx).Exec(`INSERT INTO shipments
			(id, kind, order_id, recipient_name, recipient_email, address_json, status)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (order_id) WHERE kind = 'wholesale' DO NOTHING`,
		ids.New("shp"), models.ShipmentWholesale, order.ID, cafe.Name, cafe.BillingEmail,
		cafe.ShippingAddress, models.ShipPending).Error; err != nil {
		return err
	}
	sh, err := s.shipments.FindOne(ctx, "order_id = ? AND kind = ?", order.ID, models.ShipmentWholesale)
	if err != nil {
		return err
	}
	if sh.Status != models.ShipPending {
		return nil
	}

	req, err := labelRequest(sh)
	if err != nil {
		return fmt.Errorf("%w: %v", events.ErrDrop, err)
	}
	bags := 0
	for _, l := range order.Lines {
		bags += l.Bags
	}
	req.Parcel = cartonFor(bags)
	req.Reference = order.ID

	// Parcelpoint requires an Idempotency-Key on every purchase.
	key := ksuid.New().String()
	lbl, err := s.postage.Purchase(ctx, key, req)
	if err != nil {
		return fmt.Errorf("shipping: purchase label for order %s: %w", order.ID, err)
	}
	_, err = s.saveLabel(ctx, sh, lbl)
	return err
}

// saveLabel stores the label and moves the shipment to labelled. A label
// row that already exists for the shipment is kept.
func (s *service) saveLabel(ctx context.Context, sh *models.Shipment, lbl *shiplabel.Label) (*models.ShippingLabel, error) {
	row := models.ShippingLabel{
		ID:             lbl.ID,
		ShipmentID:     sh.ID,
		Carrier:        lbl.Carrier,
		ServiceLevel:   lbl.ServiceLevel,
		TrackingNumber: lbl.TrackingNumber,
		LabelURL:       lbl.LabelURL,
		CostCents:      lbl.RateCents,
		PurchasedAt:    time.Now().UTC(),
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "shipment_id"}},
			DoNothing: true,
		}).Create(&row).Error; err != nil {
			return err
		}
		return tx.Model(&models.Shipment{}).
			Where("id = ? AND status = ?", sh.ID, models.ShipPending).
			Updates(map[string]any{"status": models.ShipLabelled, "tracking_number": lbl.TrackingNumber}).Error
	})
	if err != nil {
		return nil, err
	}
	return s.labels.FindOne(ctx, "shipment_id = ?", sh.ID)
}

func labelRequest(sh *models.Shipment) (shiplabel.LabelRequest, error) {
	var to shiplabel.Address
	if err := json.Unmarshal([]byte(sh.AddressJSON), &to); err != nil {
		return shiplabel.LabelRequest{}, fmt.Errorf("shipping: address for %s: %w", sh.ID, err)
	}
	to.Name = sh.RecipientName
	to.Email = sh.RecipientEmail
	return shiplabel.LabelRequest{
		From:         roasteryAddress,
		To:           to,
		Parcel:       shiplabel.Parcel{LengthIn: 10, WidthIn: 7, HeightIn: 4, WeightOz: 14},
		ServiceLevel: "ground_advantage",
		Reference:    sh.ID,
	}, nil
}

// cartonFor picks a wholesale carton for the number of 12oz bags.
func cartonFor(bags int) shiplabel.Parcel {
	weight := float64(bags)*12.5 + 20
	switch {
	case bags <= 6:
		return shiplabel.Parcel{LengthIn: 12, WidthIn: 10, HeightIn: 6, WeightOz: weight}
	case bags <= 20:
		return shiplabel.Parcel{LengthIn: 18, WidthIn: 14, HeightIn: 10, WeightOz: weight}
	default:
		return shiplabel.Parcel{LengthIn: 24, WidthIn: 18, HeightIn: 14, WeightOz: weight}
	}
}
