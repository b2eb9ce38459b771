package events

import (
	"context"
	"time"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

// LandingEvent is published by port landing systems on port.landings.
type LandingEvent struct {
	PortCode      string                   `json:"port_code"`
	DeclarationNo string                   `json:"declaration_no"`
	VesselRegNo   string                   `json:"vessel_reg_no"`
	TripID        string                   `json:"trip_id"`
	LandedAt      time.Time                `json:"landed_at"`
	Lines         []ports.LandingLineInput `json:"lines"`
}

// Handlers groups the typed topic handlers.
type Handlers struct {
	Landings     ports.LandingService
	Trips        ports.TripService
	Certificates ports.CertificateService
	Fleet        ports.FleetService
}

func NewHandlers(l ports.LandingService, t ports.TripService, c ports.CertificateService, f ports.FleetService) *Handlers {
	return &Handlers{Landings: l, Trips: t, Certificates: c, Fleet: f}
}

func (h *Handlers) LandingDeclared(ctx context.Context, _ Meta, evt LandingEvent) error {
	return h.Landings.Ingest(ctx, ports.DeclareLandingInput{
		PortCode:      evt.PortCode,
		DeclarationNo: evt.DeclarationNo,
		VesselRegNo:   evt.VesselRegNo,
		TripID:        evt.TripID,
		LandedAt:      evt.LandedAt,
		Lines:         evt.Lines,
	})
}

func (h *Handlers) TripClosed(ctx context.Context, _ Meta, evt ports.TripClosed) error {
	return h.Trips.Close(ctx, evt)
}

func (h *Handlers) ClearanceDecided(ctx context.Context, _ Meta, d ports.ClearanceDecision) error {
	return h.Certificates.ApplyClearance(ctx, d)
}

func (h *Handlers) VesselStatusChanged(ctx context.Context, meta Meta, evt ports.VesselStatusChanged) error {
	return h.Fleet.ApplyVesselStatus(ctx, meta.EventID, evt)
}

// TopicRoutes is the route table for each consumed topic.
type TopicRoutes map[string]Routes

func NewTopicRoutes(cfg config.Kafka, h *Handlers, processed ports.ProcessedEventStore) TopicRoutes {
	return TopicRoutes{
		cfg.Topics.PortLandings: {
			"port.landing.declared": Typed(h.LandingDeclared),
		},
		cfg.Topics.TripClosed: {
			"elog.trip.closed": Typed(h.TripClosed),
		},
		cfg.Topics.CustomsClearance: {
			"customs.clearance.decided": SkipProcessed(processed, "customs-clearance", Typed(h.ClearanceDecided)),
		},
		cfg.Topics.VesselStatus: {
			"fleet.vessel.status-changed": Typed(h.VesselStatusChanged),
		},
	}
}
