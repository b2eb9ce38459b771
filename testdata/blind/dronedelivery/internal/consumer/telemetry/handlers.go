// Package telemetry consumes the drone.telemetry topic published by the fleet
// gateway: position batches and flight-controller events.
package telemetry

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/consumer"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/airspace"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/sms"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// Texter sends recipient text messages.
type Texter interface {
	Send(ctx context.Context, to, body string) (*sms.Receipt, error)
}

// IncidentReporter files incidents with the airspace authority.
type IncidentReporter interface {
	ReportIncident(ctx context.Context, rep airspace.IncidentReport) (*airspace.IncidentReceipt, error)
}

// Handlers holds the telemetry event handlers.
type Handlers struct {
	store        store.Store
	sms          Texter
	authority    IncidentReporter
	log          *slog.Logger
	trackingBase string
}

// Option configures Handlers.
type Option func(*Handlers)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(h *Handlers) { h.log = l } }

// WithTrackingBase sets the public tracking page URL prefix used in texts.
func WithTrackingBase(u string) Option { return func(h *Handlers) { h.trackingBase = u } }

// New returns telemetry Handlers.
func New(st store.Store, texter Texter, authority IncidentReporter, opts ...Option) *Handlers {
	h := &Handlers{store: st, sms: texter, authority: authority, log: slog.Default(), trackingBase: "https://track.skyhop.example"}
	for _, o := range opts {
		o(h)
	}
	return h
}

// Table maps telemetry event types to handlers.
func (h *Handlers) Table() map[string]consumer.TypeHandler {
	return map[string]consumer.TypeHandler{
		"position_batch":   h.onPositions,
		"takeoff":          h.onTakeoff,
		"battery_critical": h.onBatteryCritical,
		"geofence_breach":  h.onGeofenceBreach,
		"landed":           h.onLanded,
	}
}

type positionBatch struct {
	DroneID string `json:"drone_id"`
	Fixes   []struct {
		At         time.Time `json:"at"`
		Lat        float64   `json:"lat"`
		Lng        float64   `json:"lng"`
		AltitudeM  float64   `json:"alt_m"`
		SpeedMPS   float64   `json:"speed_mps"`
		BatteryPct int       `json:"battery_pct"`
	} `json:"fixes"`
}

func (h *Handlers) onPositions(ctx context.Context, env consumer.Envelope) error {
	b, err := consumer.DecodeData[positionBatch](env)
	if err != nil {
		return err
	}
	fixes := make([]domain.PositionFix, 0, len(b.Fixes))
	for _, f := range b.Fixes {
		fixes = append(fixes, domain.PositionFix{
			DroneID: b.DroneID, RecordedAt: f.At, Lat: f.Lat, Lng: f.Lng,
			AltitudeM: f.AltitudeM, SpeedMPS: f.SpeedMPS, BatteryPct: f.BatteryPct,
		})
	}
	n, err := h.store.Telemetry().InsertPositions(ctx, fixes)
	if err != nil {
		return err
	}
	if n < int64(len(fixes)) {
		h.log.DebugContext(ctx, "duplicate fixes ignored", "drone", b.DroneID, "received", len(fixes), "stored", n)
	}
	return nil
}

type takeoffEvent struct {
	DroneID    string    `json:"drone_id"`
	OrderID    uuid.UUID `json:"order_id"`
	DepotID    string    `json:"depot_id"`
	ETAMinutes int       `json:"eta_minutes"`
	At         time.Time `json:"at"`
}

// onTakeoff tells the recipient the parcel is on its way and moves the order
// to in_flight. A drone that returned to the depot and relaunches sends a new
// takeoff for the same order.
func (h *Handlers) onTakeoff(ctx context.Context, env consumer.Envelope) error {
	ev, err := consumer.DecodeData[takeoffEvent](env)
	if err != nil {
		return err
	}
	o, err := h.store.Orders().Get(ctx, ev.OrderID)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("%w: takeoff for unknown order %s", consumer.ErrSkip, ev.OrderID)
	}
	if err != nil {
		return err
	}
	if o.Status.Terminal() {
		return nil
	}

	eta := ev.At.Add(time.Duration(ev.ETAMinutes) * time.Minute).Format("15:04")
	body := fmt.Sprintf("Your parcel (%s) is on its way by drone, arriving around %s. Track it: %s/%s",
		o.MerchantRef, eta, h.trackingBase, o.ID)
	if _, err := h.sms.Send(ctx, o.RecipientPhone, body); err != nil {
		return fmt.Errorf("notify recipient: %w", err)
	}
	if _, err := h.store.Orders().MarkInFlight(ctx, o.ID, ev.At); err != nil {
		return err
	}
	return nil
}

type batteryCriticalEvent struct {
	DroneID       string    `json:"drone_id"`
	BatterySerial string    `json:"battery_serial"`
	ChargePct     int       `json:"charge_pct"`
	CellTempC     float64   `json:"cell_temp_c"`
	At            time.Time `json:"at"`
}

func (h *Handlers) onBatteryCritical(ctx context.Context, env consumer.Envelope) error {
	ev, err := consumer.DecodeData[batteryCriticalEvent](env)
	if err != nil {
		return err
	}
	alert := &domain.BatteryAlert{
		AlertID:       env.ID,
		DroneID:       ev.DroneID,
		BatterySerial: ev.BatterySerial,
		ChargePct:     ev.ChargePct,
		CellTempC:     ev.CellTempC,
		RaisedAt:      ev.At,
	}
	if err := h.store.Batteries().InsertAlert(ctx, alert); err != nil {
		return fmt.Errorf("store battery alert: %w", err)
	}
	h.log.WarnContext(ctx, "battery critical", "drone", ev.DroneID, "battery", ev.BatterySerial, "charge", ev.ChargePct)
	return nil
}

type geofenceEvent struct {
	DroneID  string    `json:"drone_id"`
	ZoneCode string    `json:"zone_code"`
	Lat      float64   `json:"lat"`
	Lng      float64   `json:"lng"`
	At       time.Time `json:"at"`
}

// onGeofenceBreach reports the breach to the authority, as the operating
// licence requires, and stores the incident.
func (h *Handlers) onGeofenceBreach(ctx context.Context, env consumer.Envelope) error {
	ev, err := consumer.DecodeData[geofenceEvent](env)
	if err != nil {
		return err
	}
	inc := &domain.GeofenceIncident{
		ID:               uuid.New(),
		TelemetryEventID: env.ID,
		DroneID:          ev.DroneID,
		ZoneCode:         ev.ZoneCode,
		BreachedAt:       ev.At,
	}
	rep := airspace.IncidentReport{
		AircraftID: ev.DroneID,
		Category:   "geofence_breach",
		ZoneCode:   ev.ZoneCode,
		OccurredAt: ev.At.UTC(),
		Lat:        ev.Lat,
		Lng:        ev.Lng,
		Narrative:  "Automatic report: aircraft left its approved corridor.",
	}
	plan, err := h.store.FlightPlans().ActiveForDrone(ctx, ev.DroneID)
	switch {
	case err == nil:
		inc.FlightPlanID = &plan.ID
		rep.PlanID = plan.AuthorityPlanID
	case !errors.Is(err, domain.ErrNotFound):
		return err
	}

	rec, err := h.authority.ReportIncident(ctx, rep)
	if err != nil {
		return err
	}
	inc.AuthorityIncidentID = rec.IncidentID
	if err := h.store.Telemetry().InsertIncident(ctx, inc); err != nil {
		return fmt.Errorf("store incident %s: %w", rec.IncidentID, err)
	}
	return nil
}

type landedEvent struct {
	DroneID string    `json:"drone_id"`
	DepotID string    `json:"depot_id"`
	At      time.Time `json:"at"`
}

func (h *Handlers) onLanded(ctx context.Context, env consumer.Envelope) error {
	ev, err := consumer.DecodeData[landedEvent](env)
	if err != nil {
		return err
	}
	plan, err := h.store.FlightPlans().ActiveForDrone(ctx, ev.DroneID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := h.store.FlightPlans().Complete(ctx, plan.ID, ev.DepotID, ev.At); err != nil {
		return err
	}
	return nil
}
