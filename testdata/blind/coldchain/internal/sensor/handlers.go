package sensor

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// Repository is the storage the sensor handlers need.
type Repository interface {
	ShipmentForDevice(ctx context.Context, deviceID string) (db.Shipment, error)
	InsertTemperatureReading(ctx context.Context, r db.TemperatureReading) (bool, error)
	InsertExcursionAlert(ctx context.Context, a db.ExcursionAlert) error
	InsertHumidityReading(ctx context.Context, r db.HumidityReading) error
	UpsertPosition(ctx context.Context, p db.ShipmentPosition) error
	IsMessageProcessed(ctx context.Context, messageID string) (bool, error)
	MarkMessageProcessed(ctx context.Context, messageID string) error
	RecordDoorOpening(ctx context.Context, e db.DoorEvent) error
	RecordSealBreach(ctx context.Context, arg db.InsertShipmentEventParams) error
}

// AlertQueue hands alerts over to the notification workers.
type AlertQueue interface {
	EnqueueExcursionAlert(ctx context.Context, alertID uuid.UUID) error
	EnqueueShipmentEventNotice(ctx context.Context, eventID string) error
}

// HandlerFunc processes one decoded reading.
type HandlerFunc func(ctx context.Context, msg kafka.Message, r Reading) error

// humidityNamespace scopes the name-based UUIDs of humidity rows.
var humidityNamespace = uuid.MustParse("6f1d7c9e-3a0b-4b5e-9a61-0c2f4de8a7b3")

// Handlers holds the per-type reading handlers.
type Handlers struct {
	repo  Repository
	queue AlertQueue
	log   *slog.Logger
}

func NewHandlers(repo Repository, queue AlertQueue, log *slog.Logger) *Handlers {
	return &Handlers{repo: repo, queue: queue, log: log}
}

// Table returns the dispatch table keyed by reading type.
func (h *Handlers) Table() map[ReadingType]HandlerFunc {
	return map[ReadingType]HandlerFunc{
		TypeTemperature: h.temperature,
		TypeHumidity:    h.humidity,
		TypeGPS:         h.position,
		TypeDoor:        h.doorOpened,
		TypeSeal:        h.sealBroken,
	}
}

// shipmentFor resolves the shipment a device is riding with. Readings from
// devices that are not attached to anything are dropped.
func (h *Handlers) shipmentFor(ctx context.Context, r Reading) (db.Shipment, bool, error) {
	sh, err := h.repo.ShipmentForDevice(ctx, r.DeviceID)
	if db.IsNotFound(err) {
		h.log.Debug("reading from unattached device", "device_id", r.DeviceID, "type", r.Type)
		return db.Shipment{}, false, nil
	}
	if err != nil {
		return db.Shipment{}, false, err
	}
	return sh, true, nil
}

func (h *Handlers) temperature(ctx context.Context, _ kafka.Message, r Reading) error {
	sh, ok, err := h.shipmentFor(ctx, r)
	if err != nil || !ok {
		return err
	}
	if _, err := h.repo.InsertTemperatureReading(ctx, db.TemperatureReading{
		DeviceID:   r.DeviceID,
		Seq:        r.Seq,
		ShipmentID: sh.ID,
		Celsius:    r.Celsius,
		RecordedAt: r.RecordedAt,
	}); err != nil {
		return fmt.Errorf("store temperature: %w", err)
	}

	limit, breached := excursionLimit(sh, r.Celsius)
	if !breached {
		return nil
	}
	alert := db.ExcursionAlert{
		ID:         uuid.New(),
		ShipmentID: sh.ID,
		DeviceID:   r.DeviceID,
		Celsius:    r.Celsius,
		LimitC:     limit,
		RecordedAt: r.RecordedAt,
	}
	if err := h.repo.InsertExcursionAlert(ctx, alert); err != nil {
		return fmt.Errorf("store excursion alert: %w", err)
	}
	h.log.Info("temperature excursion", "shipment_id", sh.ID, "celsius", r.Celsius, "limit_c", limit)
	return h.queue.EnqueueExcursionAlert(ctx, alert.ID)
}

// excursionLimit returns the violated bound, if any.
func excursionLimit(sh db.Shipment, celsius float64) (float64, bool) {
	switch {
	case celsius > sh.TempMaxC:
		return sh.TempMaxC, true
	case celsius < sh.TempMinC:
		return sh.TempMinC, true
	}
	return 0, false
}

func (h *Handlers) humidity(ctx context.Context, msg kafka.Message, r Reading) error {
	sh, ok, err := h.shipmentFor(ctx, r)
	if err != nil || !ok {
		return err
	}
	id := uuid.NewSHA1(humidityNamespace, fmt.Appendf(nil, "%s/%d/%d", msg.Topic, msg.Partition, msg.Offset))
	return h.repo.InsertHumidityReading(ctx, db.HumidityReading{
		ID:          id,
		DeviceID:    r.DeviceID,
		ShipmentID:  sh.ID,
		RelativePct: r.RelativePct,
		RecordedAt:  r.RecordedAt,
	})
}

func (h *Handlers) position(ctx context.Context, _ kafka.Message, r Reading) error {
	sh, ok, err := h.shipmentFor(ctx, r)
	if err != nil || !ok {
		return err
	}
	return h.repo.UpsertPosition(ctx, db.ShipmentPosition{
		ShipmentID: sh.ID,
		Lat:        r.Lat,
		Lon:        r.Lon,
		RecordedAt: r.RecordedAt,
	})
}

func (h *Handlers) doorOpened(ctx context.Context, msg kafka.Message, r Reading) error {
	if r.DoorState != "open" {
		return nil
	}
	msgID := messageID(msg)
	done, err := h.repo.IsMessageProcessed(ctx, msgID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	sh, ok, err := h.shipmentFor(ctx, r)
	if err != nil || !ok {
		return err
	}
	if err := h.repo.RecordDoorOpening(ctx, db.DoorEvent{
		ID:         platform.NewULID(),
		ShipmentID: sh.ID,
		DeviceID:   r.DeviceID,
		OpenedAt:   r.RecordedAt,
	}); err != nil {
		return fmt.Errorf("record door opening: %w", err)
	}
	return h.repo.MarkMessageProcessed(ctx, msgID)
}

func (h *Handlers) sealBroken(ctx context.Context, _ kafka.Message, r Reading) error {
	if r.EventID == "" {
		h.log.Warn("seal reading without event_id", "device_id", r.DeviceID)
		return nil
	}
	sh, ok, err := h.shipmentFor(ctx, r)
	if err != nil || !ok {
		return err
	}
	detail, err := json.Marshal(map[string]string{"device_id": r.DeviceID, "seal_id": r.SealID})
	if err != nil {
		return err
	}
	if err := h.repo.RecordSealBreach(ctx, db.InsertShipmentEventParams{
		ID:         platform.NewULID(),
		EventID:    r.EventID,
		ShipmentID: sh.ID,
		Kind:       "seal_breach",
		Detail:     detail,
		OccurredAt: r.RecordedAt,
	}); err != nil {
		return fmt.Errorf("record seal breach: %w", err)
	}
	return h.queue.EnqueueShipmentEventNotice(ctx, r.EventID)
}
