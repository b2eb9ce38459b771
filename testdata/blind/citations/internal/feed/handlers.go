package feed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/riverqueue/river"

	"github.com/harborcity/citeproc/internal/jobargs"
	"github.com/harborcity/citeproc/internal/service"
	"github.com/harborcity/citeproc/internal/store"
)

// envelope is the vendor feed's common message shape.
type envelope struct {
	EventID    string          `json:"event_id"`
	Vendor     string          `json:"vendor"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

func decode(d amqp.Delivery, payload any) (*envelope, error) {
	var env envelope
	if err := json.Unmarshal(d.Body, &env); err != nil {
		return nil, permanent(fmt.Errorf("decode envelope: %w", err))
	}
	if env.EventID == "" || env.Vendor == "" {
		return nil, permanent(errors.New("envelope missing event_id or vendor"))
	}
	if err := json.Unmarshal(env.Payload, payload); err != nil {
		return nil, permanent(fmt.Errorf("decode %s payload: %w", env.Type, err))
	}
	env.Vendor = strings.ToLower(env.Vendor)
	return &env, nil
}

// ViolationLookup finds a stored violation by vendor event.
type ViolationLookup interface {
	ViolationByVendorEvent(ctx context.Context, vendor, eventID string) (string, error)
}

// Handlers are the feed's message handlers.
type Handlers struct {
	intake     *service.IntakeService
	violations ViolationLookup
	jobs       service.Enqueuer
	log        *slog.Logger
}

func NewHandlers(intake *service.IntakeService, violations ViolationLookup, jobs service.Enqueuer, log *slog.Logger) *Handlers {
	return &Handlers{intake: intake, violations: violations, jobs: jobs, log: log}
}

// Routes is the routing-key table the consumer dispatches on.
func (h *Handlers) Routes() map[string]HandlerFunc {
	return map[string]HandlerFunc{
		"violation.captured":        h.Captured,
		"violation.voided":          h.Voided,
		"violation.plate_corrected": h.PlateCorrected,
		"evidence.ready":            h.EvidenceReady,
	}
}

type capturedPayload struct {
	CameraID      string    `json:"camera_id"`
	LocationCode  string    `json:"location_code"`
	ViolationCode string    `json:"violation_code"`
	Plate         string    `json:"plate"`
	PlateState    string    `json:"plate_state"`
	CapturedAt    time.Time `json:"captured_at"`
	RecordedSpeed *int      `json:"recorded_speed"`
	PostedSpeed   *int      `json:"posted_speed"`
}

// Captured issues a citation for a reviewed violation.
func (h *Handlers) Captured(ctx context.Context, d amqp.Delivery) error {
	var p capturedPayload
	env, err := decode(d, &p)
	if err != nil {
		return err
	}
	res, err := h.intake.Ingest(ctx, service.CapturedViolation{
		Vendor:        env.Vendor,
		VendorEventID: env.EventID,
		CameraID:      p.CameraID,
		LocationCode:  p.LocationCode,
		ViolationCode: p.ViolationCode,
		Plate:         strings.ToUpper(strings.ReplaceAll(p.Plate, " ", "")),
		PlateState:    strings.ToUpper(p.PlateState),
		CapturedAt:    p.CapturedAt,
		RecordedSpeed: p.RecordedSpeed,
		PostedSpeed:   p.PostedSpeed,
		Source:        "feed",
	})
	if err != nil {
		return err
	}
	if !res.NewViolation {
		h.log.Debug("duplicate violation event", "vendor", env.Vendor, "event", env.EventID)
	}
	return nil
}

type voidedPayload struct {
	ViolationEventID string `json:"violation_event_id"`
	Reason           string `json:"reason"`
}

// Voided handles a vendor retracting a violation.
func (h *Handlers) Voided(ctx context.Context, d amqp.Delivery) error {
	var p voidedPayload
	env, err := decode(d, &p)
	if err != nil {
		return err
	}
	err = h.intake.VoidFromVendor(ctx, service.VendorVoid{
		Vendor:           env.Vendor,
		VoidEventID:      env.EventID,
		ViolationEventID: p.ViolationEventID,
		Reason:           p.Reason,
	})
	if errors.Is(err, service.ErrNotFound) {
		return permanent(err)
	}
	return err
}

type platePayload struct {
	ViolationEventID string `json:"violation_event_id"`
	Plate            string `json:"plate"`
	PlateState       string `json:"plate_state"`
}

// PlateCorrected applies a vendor's corrected plate read.
func (h *Handlers) PlateCorrected(ctx context.Context, d amqp.Delivery) error {
	var p platePayload
	env, err := decode(d, &p)
	if err != nil {
		return err
	}
	err = h.intake.CorrectPlate(ctx, service.PlateCorrection{
		Vendor:           env.Vendor,
		ViolationEventID: p.ViolationEventID,
		Plate:            strings.ToUpper(strings.ReplaceAll(p.Plate, " ", "")),
		PlateState:       strings.ToUpper(p.PlateState),
	})
	if errors.Is(err, service.ErrNotFound) {
		return permanent(err)
	}
	return err
}

type evidencePayload struct {
	ViolationEventID string `json:"violation_event_id"`
	MediaCount       int    `json:"media_count"`
}

// EvidenceReady queues a request for the court-ready evidence package once
// the vendor says the media for a violation has been processed.
func (h *Handlers) EvidenceReady(ctx context.Context, d amqp.Delivery) error {
	var p evidencePayload
	env, err := decode(d, &p)
	if err != nil {
		return err
	}
	violationID, err := h.violations.ViolationByVendorEvent(ctx, env.Vendor, p.ViolationEventID)
	if errors.Is(err, store.ErrNotFound) {
		// The violation may still be in flight on the captured route.
		return fmt.Errorf("violation %s not yet recorded", p.ViolationEventID)
	}
	if err != nil {
		return err
	}
	args := jobargs.EvidencePackage{
		Vendor:        env.Vendor,
		VendorEventID: p.ViolationEventID,
		ViolationID:   violationID,
		RequestID:     uuid.NewString(),
	}
	return h.jobs.Enqueue(ctx, args, &river.InsertOpts{
		Queue:      jobargs.QueueDefault,
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	})
}

// StoreViolationLookup adapts the store to ViolationLookup.
type StoreViolationLookup struct{ Store *store.Store }

func (l StoreViolationLookup) ViolationByVendorEvent(ctx context.Context, vendor, eventID string) (string, error) {
	v, err := l.Store.Repos(ctx).Citations.ViolationByVendorEvent(ctx, vendor, eventID)
	if err != nil {
		return "", err
	}
	return v.ID, nil
}
