package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/civicworks/permits/internal/clients/inspections"
	"github.com/civicworks/permits/internal/jobargs"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/platform/queue"
	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/store"
)

// Inspections books, cancels and records inspections.
type Inspections interface {
	Book(ctx context.Context, residentID uuid.UUID, applicationID string, in BookInput) (*permits.Inspection, error)
	Cancel(ctx context.Context, residentID uuid.UUID, inspectionID uuid.UUID) (*permits.Inspection, error)
	RecordResult(ctx context.Context, staffID uuid.UUID, inspectionID uuid.UUID, in ResultInput) (*permits.InspectionResult, error)
	AssignInspector(ctx context.Context, ev PartnerEvent) error
	CompleteFromPartner(ctx context.Context, ev PartnerEvent) error
	ReleaseStale(ctx context.Context, olderThan time.Duration) (int, error)
}

// BookInput is the body of POST /v1/applications/{id}/inspections.
type BookInput struct {
	Kind      string    `json:"kind"`
	SlotStart time.Time `json:"slot_start"`
	Notes     string    `json:"notes"`
}

// ResultInput is the body of POST /v1/staff/inspections/{id}/results.
type ResultInput struct {
	Outcome      string          `json:"outcome"`
	Notes        string          `json:"notes"`
	Deficiencies json.RawMessage `json:"deficiencies"`
}

// PartnerEvent is a webhook event from the scheduling partner.
type PartnerEvent struct {
	EventID              string    `json:"event_id"`
	Type                 string    `json:"type"`
	BookingID            string    `json:"booking_id"`
	OccurredAt           time.Time `json:"occurred_at"`
	Inspector            string    `json:"inspector,omitempty"`
	Outcome              string    `json:"outcome,omitempty"`
	ReinspectionFeeCents int64     `json:"reinspection_fee_cents,omitempty"`
}

var inspectionKinds = map[permits.Kind][]string{
	permits.KindBuilding: {"footing", "framing", "electrical", "plumbing", "final"},
	permits.KindEvent:    {"fire_safety", "site"},
}

type inspectionService struct {
	pool        *pgxpool.Pool
	apps        store.ApplicationRepo
	residents   store.ResidentRepo
	inspections store.InspectionRepo
	results     store.InspectionResultRepo
	events      store.PartnerEventRepo
	ledger      store.LedgerRepo
	scheduler   inspections.Scheduler
	jobs        queue.Enqueuer
	log         *slog.Logger
}

// InspectionDeps are the dependencies of the Inspections service.
type InspectionDeps struct {
	Pool        *pgxpool.Pool
	Apps        store.ApplicationRepo
	Residents   store.ResidentRepo
	Inspections store.InspectionRepo
	Results     store.InspectionResultRepo
	Events      store.PartnerEventRepo
	Ledger      store.LedgerRepo
	Scheduler   inspections.Scheduler
	Jobs        queue.Enqueuer
	Log         *slog.Logger
}

// NewInspections builds the Inspections service.
func NewInspections(d InspectionDeps) Inspections {
	return &inspectionService{
		pool: d.Pool, apps: d.Apps, residents: d.Residents, inspections: d.Inspections, results: d.Results,
		events: d.Events, ledger: d.Ledger, scheduler: d.Scheduler, jobs: d.Jobs,
		log: d.Log.With("service", "inspections"),
	}
}

type reservation struct {
	inspection *permits.Inspection
	app        *permits.Application
	resident   *permits.Resident
}

func (s *inspectionService) Book(ctx context.Context, residentID uuid.UUID, applicationID string, in BookInput) (*permits.Inspection, error) {
	if in.SlotStart.Before(time.Now().Add(24 * time.Hour)) {
		return nil, validation("inspections must be booked at least a day ahead")
	}
	res, err := dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (reservation, error) {
		app, err := s.apps.Get(ctx, tx, applicationID)
		if err != nil {
			return reservation{}, notFound("application", err)
		}
		if err := ownedBy(app, residentID); err != nil {
			return reservation{}, err
		}
		if app.Status != permits.StatusUnderReview && app.Status != permits.StatusApproved {
			return reservation{}, permits.ErrInvalidState
		}
		if !kindAllowed(app.Kind, in.Kind) {
			return reservation{}, validation("%s inspections are not offered for %s permits", in.Kind, app.Kind)
		}
		insp, _, err := s.inspections.Reserve(ctx, tx, &permits.Inspection{
			ID:            uuid.New(),
			ApplicationID: app.ID,
			Kind:          in.Kind,
			SlotStart:     in.SlotStart,
			SlotMinutes:   60,
			RequestedBy:   residentID,
		})
		if err != nil {
			return reservation{}, err
		}
		resident, err := s.residents.Get(ctx, tx, residentID)
		if err != nil {
			return reservation{}, notFound("resident", err)
		}
		return reservation{inspection: insp, app: app, resident: resident}, nil
	})
	if err != nil {
		return nil, err
	}
	insp := res.inspection
	if insp.PartnerBookingID != "" {
		return insp, nil
	}

	booking, err := s.scheduler.Book(ctx, inspections.BookingRequest{
		PermitRef:       res.app.ID,
		InspectionType:  insp.Kind,
		SlotStart:       insp.SlotStart,
		DurationMinutes: insp.SlotMinutes,
		SiteAddress:     res.app.ParcelID,
		ContactPhone:    res.resident.PhoneE164,
		Notes:           in.Notes,
	})
	if errors.Is(err, inspections.ErrSlotTaken) {
		_ = s.inspections.MarkCancelled(ctx, s.pool, insp.ID)
		return nil, fmt.Errorf("%w: slot no longer available", permits.ErrConflict)
	}
	if err != nil {
		return nil, err
	}
	if err := s.inspections.AttachBooking(ctx, s.pool, insp.ID, booking.ID); err != nil {
		return nil, err
	}
	insp.PartnerBookingID, insp.Status = booking.ID, "booked"

	remindAt := insp.SlotStart.Add(-24 * time.Hour)
	if _, err := s.jobs.Enqueue(ctx, jobargs.InspectionReminder{InspectionID: insp.ID},
		&river.InsertOpts{ScheduledAt: remindAt}); err != nil {
		s.log.WarnContext(ctx, "could not schedule reminder", "inspection_id", insp.ID, "err", err)
	}
	return insp, nil
}

func kindAllowed(k permits.Kind, inspectionKind string) bool {
	for _, allowed := range inspectionKinds[k] {
		if allowed == inspectionKind {
			return true
		}
	}
	return false
}

func (s *inspectionService) Cancel(ctx context.Context, residentID uuid.UUID, inspectionID uuid.UUID) (*permits.Inspection, error) {
	insp, err := s.inspections.Get(ctx, s.pool, inspectionID)
	if err != nil {
		return nil, notFound("inspection", err)
	}
	app, err := s.apps.Get(ctx, s.pool, insp.ApplicationID)
	if err != nil {
		return nil, notFound("application", err)
	}
	if err := ownedBy(app, residentID); err != nil {
		return nil, err
	}
	switch insp.Status {
	case "cancelled":
		return insp, nil
	case "completed":
		return nil, permits.ErrInvalidState
	}
	if insp.PartnerBookingID != "" {
		if err := s.scheduler.Cancel(ctx, insp.PartnerBookingID); err != nil {
			return nil, err
		}
	}
	if err := s.inspections.MarkCancelled(ctx, s.pool, insp.ID); err != nil {
		return nil, err
	}
	insp.Status = "cancelled"
	return insp, nil
}

func (s *inspectionService) RecordResult(ctx context.Context, staffID uuid.UUID, inspectionID uuid.UUID, in ResultInput) (*permits.InspectionResult, error) {
	switch in.Outcome {
	case "passed", "failed", "partial":
	default:
		return nil, validation("outcome must be passed, failed or partial")
	}
	return dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (*permits.InspectionResult, error) {
		insp, err := s.inspections.Get(ctx, tx, inspectionID)
		if err != nil {
			return nil, notFound("inspection", err)
		}
		if insp.Status == "cancelled" {
			return nil, permits.ErrInvalidState
		}
		result := &permits.InspectionResult{
			ID:           uuid.New(),
			InspectionID: insp.ID,
			Outcome:      in.Outcome,
			Notes:        in.Notes,
			Deficiencies: in.Deficiencies,
			RecordedBy:   staffID,
		}
		if err := s.results.Insert(ctx, tx, result); err != nil {
			return nil, err
		}
		if err := s.inspections.SetOutcome(ctx, tx, insp.ID, "completed", in.Outcome); err != nil {
			return nil, err
		}
		return result, nil
	})
}

func (s *inspectionService) AssignInspector(ctx context.Context, ev PartnerEvent) error {
	return s.inspections.SetInspector(ctx, s.pool, ev.BookingID, ev.Inspector)
}

func (s *inspectionService) CompleteFromPartner(ctx context.Context, ev PartnerEvent) error {
	insp, err := s.inspections.GetByBooking(ctx, s.pool, ev.BookingID)
	if errors.Is(err, dbx.ErrNotFound) {
		s.log.WarnContext(ctx, "partner event for unknown booking", "booking_id", ev.BookingID)
		return nil
	}
	if err != nil {
		return err
	}
	if insp.Status == "completed" {
		return nil
	}

	if ev.ReinspectionFeeCents > 0 {
		_, err := dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (bool, error) {
			return s.ledger.Append(ctx, tx, &permits.LedgerEntry{
				ApplicationID: insp.ApplicationID,
				EntryKind:     "reinspection_fee",
				AmountCents:   ev.ReinspectionFeeCents,
				Memo:          fmt.Sprintf("%s inspection, booking %s", insp.Kind, ev.BookingID),
			})
		})
		if err != nil {
			return err
		}
	}

	return dbx.Exec(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.events.Record(ctx, tx, ev.EventID, insp.ID, ev.Type); err != nil {
			return err
		}
		if err := s.inspections.SetOutcome(ctx, tx, insp.ID, "completed", ev.Outcome); err != nil {
			return err
		}
		if ev.Outcome == "failed" {
			_, err := s.apps.Transition(ctx, tx, insp.ApplicationID,
				[]permits.Status{permits.StatusUnderReview, permits.StatusApproved}, permits.StatusNeedsChanges)
			return err
		}
		return nil
	})
}

func (s *inspectionService) ReleaseStale(ctx context.Context, olderThan time.Duration) (int, error) {
	stale, err := s.inspections.ListStalePending(ctx, s.pool, time.Now().Add(-olderThan), 200)
	if err != nil {
		return 0, err
	}
	for _, insp := range stale {
		if err := s.inspections.MarkCancelled(ctx, s.pool, insp.ID); err != nil {
			return 0, err
		}
	}
	return len(stale), nil
}
