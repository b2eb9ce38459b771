package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/providers/devicevendor"
)

const telemetryConsumer = "telemetry"

// depotAddress is where replacement units go for cars not on a subscription.
const depotAddress = "Drivewise Depot, 14 Harbour Road"

type telemetryRoute func(ctx context.Context, evt domain.TelemetryEvent) error

// TelemetryEvents processes messages from the vehicle telemetry topic.
type TelemetryEvents struct {
	tx        Transactor
	subs      SubscriptionRepository
	catalog   Catalog
	devices   DeviceRepository
	telemetry TelemetryRepository
	notes     NotificationRepository
	inbox     Inbox
	vendor    DeviceVendor
	log       *slog.Logger

	// offlineThreshold is how long a unit may be silent before we ship a
	// replacement.
	offlineThreshold time.Duration

	routes map[domain.TelemetryEventType]telemetryRoute
}

func NewTelemetryEvents(
	tx Transactor,
	subs SubscriptionRepository,
	catalog Catalog,
	devices DeviceRepository,
	telemetry TelemetryRepository,
	notes NotificationRepository,
	inbox Inbox,
	vendor DeviceVendor,
	log *slog.Logger,
) *TelemetryEvents {
	s := &TelemetryEvents{
		tx: tx, subs: subs, catalog: catalog, devices: devices, telemetry: telemetry,
		notes: notes, inbox: inbox, vendor: vendor,
		log:              log.With("component", "telemetry-events"),
		offlineThreshold: 48 * time.Hour,
	}
	s.routes = map[domain.TelemetryEventType]telemetryRoute{
		domain.EventMileageReported: s.mileageReported,
		domain.EventTripCompleted:   s.tripCompleted,
		domain.EventDeviceHeartbeat: s.heartbeat,
		domain.EventDeviceOffline:   s.deviceOffline,
		domain.EventCrashDetected:   s.crashDetected,
		domain.EventGeofenceExit:    s.geofenceExit,
	}
	return s
}

// HandleEvent decodes a telemetry message and routes it by type.
func (s *TelemetryEvents) HandleEvent(ctx context.Context, value []byte) error {
	var evt domain.TelemetryEvent
	if err := json.Unmarshal(value, &evt); err != nil {
		return fmt.Errorf("%w: %v", ErrPoisonMessage, err)
	}
	route, ok := s.routes[evt.Type]
	if !ok {
		return nil
	}
	return route(ctx, evt)
}

func decodeTelemetry[T any](evt domain.TelemetryEvent) (T, error) {
	var v T
	if err := json.Unmarshal(evt.Data, &v); err != nil {
		return v, fmt.Errorf("%w: %s data: %v", ErrPoisonMessage, evt.Type, err)
	}
	return v, nil
}

// liveSubscription returns the subscription holding the car, or nil if the
// car is in the depot.
func (s *TelemetryEvents) liveSubscription(ctx context.Context, vehicleID uuid.UUID) (*domain.Subscription, error) {
	sub, err := s.subs.LiveByVehicle(ctx, vehicleID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, nil
	}
	return sub, err
}

type mileageData struct {
	OdometerKm int `json:"odometer_km"`
	DeltaKm    int `json:"delta_km"`
}

func (s *TelemetryEvents) mileageReported(ctx context.Context, evt domain.TelemetryEvent) error {
	data, err := decodeTelemetry[mileageData](evt)
	if err != nil {
		return err
	}
	if data.DeltaKm < 0 {
		return fmt.Errorf("%w: negative delta", ErrPoisonMessage)
	}
	sub, err := s.liveSubscription(ctx, evt.VehicleID)
	if err != nil || sub == nil {
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		reading := &domain.MileageReading{
			ID:             uuid.New(),
			SubscriptionID: sub.ID,
			VehicleID:      evt.VehicleID,
			OdometerKm:     data.OdometerKm,
			DeltaKm:        data.DeltaKm,
			RecordedAt:     evt.OccurredAt,
		}
		if err := s.telemetry.InsertMileage(ctx, reading); err != nil {
			return err
		}
		return s.subs.RaiseOdometer(ctx, sub.ID, data.OdometerKm)
	})
}

type tripData struct {
	TripID      string    `json:"trip_id"`
	DistanceKm  float64   `json:"distance_km"`
	MaxSpeedKph *int      `json:"max_speed_kph"`
	HarshEvents int       `json:"harsh_events"`
	StartedAt   time.Time `json:"started_at"`
	EndedAt     time.Time `json:"ended_at"`
}

func (s *TelemetryEvents) tripCompleted(ctx context.Context, evt domain.TelemetryEvent) error {
	data, err := decodeTelemetry[tripData](evt)
	if err != nil {
		return err
	}
	trip := &domain.Trip{
		TripID:      data.TripID,
		VehicleID:   evt.VehicleID,
		DistanceKm:  data.DistanceKm,
		MaxSpeedKph: data.MaxSpeedKph,
		HarshEvents: data.HarshEvents,
		StartedAt:   data.StartedAt,
		EndedAt:     data.EndedAt,
	}
	sub, err := s.liveSubscription(ctx, evt.VehicleID)
	if err != nil {
		return err
	}
	if sub != nil {
		trip.SubscriptionID = &sub.ID
	}
	return s.telemetry.InsertTrip(ctx, trip)
}

type heartbeatData struct {
	Firmware string `json:"firmware"`
}

func (s *TelemetryEvents) heartbeat(ctx context.Context, evt domain.TelemetryEvent) error {
	data, err := decodeTelemetry[heartbeatData](evt)
	if err != nil {
		return err
	}
	known, err := s.devices.TouchHeartbeat(ctx, evt.Serial, evt.OccurredAt, data.Firmware)
	if err != nil {
		return err
	}
	if !known {
		s.log.Warn("heartbeat from unknown device", "serial", evt.Serial)
	}
	return nil
}

type offlineData struct {
	LastSeenAt     time.Time `json:"last_seen_at"`
	OfflineMinutes int       `json:"offline_minutes"`
}

func (s *TelemetryEvents) deviceOffline(ctx context.Context, evt domain.TelemetryEvent) error {
	data, err := decodeTelemetry[offlineData](evt)
	if err != nil {
		return err
	}
	dev, err := s.devices.GetBySerial(ctx, evt.Serial)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	switch dev.Status {
	case domain.DeviceReplacementOrdered, domain.DeviceRetired:
		return nil
	}
	if time.Duration(data.OfflineMinutes)*time.Minute < s.offlineThreshold || dev.VehicleID == nil {
		return s.devices.SetStatus(ctx, dev.ID, domain.DeviceOffline)
	}

	vehicle, err := s.catalog.Vehicle(ctx, *dev.VehicleID)
	if err != nil {
		return err
	}
	shipTo := depotAddress
	sub, err := s.liveSubscription(ctx, vehicle.ID)
	if err != nil {
		return err
	}
	if sub != nil {
		shipTo = sub.DeliveryAddress
	}

	order, err := s.vendor.OrderReplacement(ctx, devicevendor.ReplacementOrder{
		VIN:          vehicle.VIN,
		FaultySerial: dev.Serial,
		Reason:       fmt.Sprintf("no signal for %d minutes", data.OfflineMinutes),
		ShipTo:       shipTo,
	})
	if err != nil {
		return fmt.Errorf("order replacement for %s: %w", dev.Serial, err)
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.devices.CreateOrder(ctx, &domain.DeviceOrder{
			ID:            uuid.New(),
			VehicleID:     vehicle.ID,
			DeviceSerial:  &dev.Serial,
			Kind:          domain.DeviceOrderReplacement,
			VendorOrderID: order.ID,
			Status:        order.Status,
		}); err != nil {
			return err
		}
		return s.devices.SetStatus(ctx, dev.ID, domain.DeviceReplacementOrdered)
	})
}

type crashData struct {
	Severity  string   `json:"severity"`
	Latitude  *float64 `json:"lat"`
	Longitude *float64 `json:"lon"`
}

func (s *TelemetryEvents) crashDetected(ctx context.Context, evt domain.TelemetryEvent) error {
	data, err := decodeTelemetry[crashData](evt)
	if err != nil {
		return err
	}
	sub, err := s.liveSubscription(ctx, evt.VehicleID)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		first, err := s.inbox.Claim(ctx, telemetryConsumer, evt.ID)
		if err != nil || !first {
			return err
		}
		incident := &domain.Incident{
			ID:         uuid.New(),
			EventID:    evt.ID,
			VehicleID:  evt.VehicleID,
			Severity:   data.Severity,
			Latitude:   data.Latitude,
			Longitude:  data.Longitude,
			OccurredAt: evt.OccurredAt,
		}
		if sub != nil {
			incident.SubscriptionID = &sub.ID
		}
		if err := s.telemetry.InsertIncident(ctx, incident); err != nil {
			return err
		}
		if sub == nil {
			return nil
		}
		_, err = s.notes.Enqueue(ctx, domain.NewNotification(sub.CustomerID, domain.ChannelSMS,
			"crash_check_in", "crash:"+evt.ID, map[string]any{
				"incident_id": incident.ID,
				"severity":    data.Severity,
			}))
		return err
	})
}

type geofenceData struct {
	Zone string `json:"zone"`
}

func (s *TelemetryEvents) geofenceExit(ctx context.Context, evt domain.TelemetryEvent) error {
	data, err := decodeTelemetry[geofenceData](evt)
	if err != nil {
		return err
	}
	sub, err := s.liveSubscription(ctx, evt.VehicleID)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		created, err := s.telemetry.InsertGeofenceAlert(ctx, &domain.GeofenceAlert{
			EventID:    evt.ID,
			VehicleID:  evt.VehicleID,
			Zone:       data.Zone,
			OccurredAt: evt.OccurredAt,
		})
		if err != nil || !created || sub == nil {
			return err
		}
		_, err = s.notes.Enqueue(ctx, domain.NewNotification(sub.CustomerID, domain.ChannelPush,
			"geofence_exit", "geofence:"+evt.ID, map[string]any{"zone": data.Zone}))
		return err
	})
}
