package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/providers/devicevendor"
)

// Telematics activates the tracking units fitted to fleet cars.
type Telematics struct {
	tx       Transactor
	catalog  Catalog
	devices  DeviceRepository
	vendor   DeviceVendor
	dataPlan string
	log      *slog.Logger
}

// TelematicsOption customises a Telematics service.
type TelematicsOption func(*Telematics)

// WithDataPlan picks the TrakBox SIM plan for new activations.
func WithDataPlan(plan string) TelematicsOption {
	return func(t *Telematics) { t.dataPlan = plan }
}

func NewTelematics(tx Transactor, catalog Catalog, devices DeviceRepository, vendor DeviceVendor, log *slog.Logger, opts ...TelematicsOption) *Telematics {
	t := &Telematics{
		tx: tx, catalog: catalog, devices: devices, vendor: vendor,
		dataPlan: "fleet-standard", log: log.With("component", "telematics"),
	}
	for _, o := range opts {
		o(t)
	}
	return t
}

// Activate orders activation of the unit with the given serial in a car.
func (t *Telematics) Activate(ctx context.Context, vehicleID uuid.UUID, serial string) (*domain.TelematicsDevice, error) {
	if serial == "" {
		return nil, fmt.Errorf("serial: %w", domain.ErrInvalidArgument)
	}
	vehicle, err := t.catalog.Vehicle(ctx, vehicleID)
	if err != nil {
		return nil, err
	}

	existing, err := t.devices.GetBySerial(ctx, serial)
	switch {
	case errors.Is(err, domain.ErrNotFound):
	case err != nil:
		return nil, err
	case existing.Status == domain.DeviceActive || existing.Status == domain.DevicePendingActivation:
		if existing.VehicleID != nil && *existing.VehicleID == vehicleID {
			return existing, nil
		}
		return nil, fmt.Errorf("device %s is in use: %w", serial, domain.ErrConflict)
	}

	order, err := t.vendor.OrderActivation(ctx, devicevendor.ActivationOrder{
		VIN:      vehicle.VIN,
		Serial:   serial,
		DataPlan: t.dataPlan,
	})
	if err != nil {
		return nil, fmt.Errorf("order activation: %w", err)
	}

	err = t.tx.InTx(ctx, func(ctx context.Context) error {
		if err := t.devices.Register(ctx, &domain.TelematicsDevice{
			ID:        uuid.New(),
			Serial:    serial,
			VehicleID: &vehicle.ID,
			Status:    domain.DevicePendingActivation,
		}); err != nil {
			return err
		}
		return t.devices.CreateOrder(ctx, &domain.DeviceOrder{
			ID:            uuid.New(),
			VehicleID:     vehicle.ID,
			DeviceSerial:  &serial,
			Kind:          domain.DeviceOrderActivation,
			VendorOrderID: order.ID,
			Status:        order.Status,
		})
	})
	if err != nil {
		return nil, fmt.Errorf("record activation order %s: %w", order.ID, err)
	}
	return t.devices.GetBySerial(ctx, serial)
}
