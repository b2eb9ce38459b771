package fulfillment

import (
	"context"
	"fmt"
	"net/http"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/events"
	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/httpx"
	"github.com/vinoteca/wineclub/internal/providers/carrier"
	"github.com/vinoteca/wineclub/internal/store"
)

type labelOptions struct {
	requestKey   string
	serviceLevel string
}

// LabelOption adjusts a label purchase.
type LabelOption func(*labelOptions)

// WithRequestKey sets the carrier Idempotency-Key for the purchase.
func WithRequestKey(key string) LabelOption {
	return func(o *labelOptions) { o.requestKey = key }
}

// WithServiceLevel overrides the default ground service.
func WithServiceLevel(level string) LabelOption {
	return func(o *labelOptions) { o.serviceLevel = level }
}

func newLabelOptions(opts []LabelOption) labelOptions {
	o := labelOptions{requestKey: uuid.NewString(), serviceLevel: "ground_adult_sig"}
	for _, fn := range opts {
		fn(&o)
	}
	return o
}

// PurchaseLabel buys the outbound label for a shipment.
func (s *Service) PurchaseLabel(ctx context.Context, shipmentID uuid.UUID, opts ...LabelOption) (*models.Shipment, error) {
	o := newLabelOptions(opts)
	sh, err := s.Get(ctx, shipmentID)
	if err != nil {
		return nil, err
	}
	if sh.LabelID != nil {
		return sh, nil
	}
	if sh.Status != models.ShipmentAwaitingLabel {
		return nil, httpx.Errorf(http.StatusConflict, "shipment is %s", sh.Status)
	}
	info, err := s.parcelFor(ctx, sh)
	if err != nil {
		return nil, err
	}
	label, err := s.carrier.PurchaseLabel(ctx, carrier.LabelRequest{
		From:            s.carrier.Origin(),
		To:              info.address,
		Parcel:          info.parcel,
		ServiceLevel:    o.serviceLevel,
		AdultSignature:  true,
		ContainsAlcohol: true,
		Reference:       sh.ID.String(),
	}, carrier.WithIdempotencyKey(o.requestKey))
	if err != nil {
		return nil, fmt.Errorf("purchase label: %w", err)
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.shipments.SetLabel(tx, sh.ID, store.LabelFields{
			Carrier:        label.Carrier,
			ServiceLevel:   label.ServiceLevel,
			LabelID:        label.ID,
			TrackingNumber: label.TrackingNumber,
			LabelURL:       label.LabelURL,
			CostCents:      label.CostCents,
		}); err != nil {
			return err
		}
		return s.outbox.Add(tx, s.topic, sh.ID.String(), events.ShipmentLabelPurchased, events.LabelPurchasedData{
			ShipmentID:     sh.ID.String(),
			LabelID:        label.ID,
			TrackingNumber: label.TrackingNumber,
		})
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, sh.ID)
}
