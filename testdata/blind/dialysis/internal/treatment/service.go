// Package treatment covers what happens in the chair: starting a run,
// charting vitals and medications, and closing the treatment out.
package treatment

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/events"
	"github.com/renalnet/dialysis-ops/internal/outbox"
	"github.com/renalnet/dialysis-ops/internal/store"
)

// ClaimQueue starts claim generation for a completed treatment.
type ClaimQueue interface {
	EnqueueClaimGeneration(ctx context.Context, sessionID uuid.UUID) error
}

type Service struct {
	store  *store.Store
	claims ClaimQueue
	newID  func() uuid.UUID
	now    func() time.Time
	log    *slog.Logger
}

func NewService(st *store.Store, claims ClaimQueue, newID func() uuid.UUID, now func() time.Time, log *slog.Logger) *Service {
	return &Service{store: st, claims: claims, newID: newID, now: now, log: log}
}

func (s *Service) loadSession(ctx context.Context, q *db.Queries, id uuid.UUID) (db.TreatmentSession, error) {
	sess, err := q.GetTreatmentSession(ctx, id)
	if store.IsNotFound(err) {
		return sess, apperr.NotFound("treatment session %s not found", id)
	}
	return sess, err
}

func requireInProgress(sess db.TreatmentSession) error {
	if sess.Status != "in_progress" {
		return apperr.Conflict("treatment session is %s, not in progress", sess.Status)
	}
	return nil
}

// ---- start -------------------------------------------------------------------

type StartInput struct {
	Nurse      string
	PreWeightG int32
}

// StartSession puts a scheduled session in progress. If the same nurse
// starts a session that is already in progress (a retried request from the
// tablet), the session is returned unchanged.
func (s *Service) StartSession(ctx context.Context, sessionID uuid.UUID, in StartInput) (db.TreatmentSession, error) {
	if in.PreWeightG <= 0 {
		return db.TreatmentSession{}, apperr.Invalid("pre-treatment weight is required")
	}
	return store.InTxValue(ctx, s.store, func(q *db.Queries) (db.TreatmentSession, error) {
		startedAt := s.now()
		sess, err := q.StartTreatmentSession(ctx, db.StartTreatmentSessionParams{
			ID:         sessionID,
			StartedBy:  store.NullString(in.Nurse),
			StartedAt:  store.NullTime(startedAt),
			PreWeightG: store.NullInt32(&in.PreWeightG),
		})
		if store.IsNotFound(err) {
			existing, err := s.loadSession(ctx, q, sessionID)
			if err != nil {
				return existing, err
			}
			if existing.Status == "in_progress" && existing.StartedBy.String == in.Nurse {
				return existing, nil
			}
			return existing, apperr.Conflict("treatment session is %s", existing.Status)
		}
		if err != nil {
			return sess, err
		}
		err = outbox.Write(ctx, q, events.Envelope{
			Topic:         events.TopicTreatments,
			Type:          "treatment.started",
			AggregateType: "treatment_session",
			AggregateID:   sess.ID,
			OrderingKey:   sess.PatientID.String(),
			Payload: events.TreatmentStarted{
				SessionID: sess.ID,
				PatientID: sess.PatientID,
				ChairID:   sess.ChairID,
				StartedBy: in.Nurse,
				StartedAt: startedAt,
			},
		})
		return sess, err
	})
}

// ---- vitals ------------------------------------------------------------------

type VitalsInput struct {
	// ReadingID is minted by the charting tablet when the reading is taken.
	ReadingID         uuid.UUID
	Phase             string
	Systolic          int32
	Diastolic         int32
	Pulse             int32
	TempDecicelsius   *int32
	BloodFlowRate     *int32
	DialysateFlowRate *int32
	VenousPressure    *int32
	RecordedBy        string
	RecordedAt        time.Time
}

// RecordVitals charts one set of vitals. The tablet syncs readings taken
// offline in bulk and re-sends anything it did not see acknowledged; the
// tablet's reading id makes the re-send a no-op.
func (s *Service) RecordVitals(ctx context.Context, sessionID uuid.UUID, in VitalsInput) (db.Vital, bool, error) {
	if in.ReadingID == uuid.Nil {
		return db.Vital{}, false, apperr.Invalid("reading_id is required")
	}
	q := s.store.Q()
	sess, err := s.loadSession(ctx, q, sessionID)
	if err != nil {
		return db.Vital{}, false, err
	}
	if sess.Status != "in_progress" && sess.Status != "completed" {
		return db.Vital{}, false, apperr.Conflict("vitals cannot be charted on a %s session", sess.Status)
	}
	if in.RecordedAt.IsZero() {
		in.RecordedAt = s.now()
	}
	n, err := q.InsertVitals(ctx, db.InsertVitalsParams{
		ID:                in.ReadingID,
		SessionID:         sessionID,
		Phase:             in.Phase,
		Systolic:          in.Systolic,
		Diastolic:         in.Diastolic,
		Pulse:             in.Pulse,
		TempDecicelsius:   store.NullInt32(in.TempDecicelsius),
		BloodFlowRate:     store.NullInt32(in.BloodFlowRate),
		DialysateFlowRate: store.NullInt32(in.DialysateFlowRate),
		VenousPressure:    store.NullInt32(in.VenousPressure),
		RecordedBy:        in.RecordedBy,
		RecordedAt:        in.RecordedAt,
	})
	if err != nil {
		return db.Vital{}, false, err
	}
	v, err := q.GetVitals(ctx, in.ReadingID)
	if err != nil {
		return v, false, err
	}
	if v.SessionID != sessionID {
		return v, false, apperr.Conflict("reading %s belongs to another session", in.ReadingID)
	}
	return v, n == 1, nil
}

// ---- medications -------------------------------------------------------------

type MedicationInput struct {
	MedicationCode string
	MedicationName string
	Dose           string
	DoseUnit       string
	Route          string
	LotNumber      string
	AdministeredBy string
	AdministeredAt time.Time
}

// RecordMedication charts a medication given during treatment (heparin,
// ESA, iron, vitamin D analogues).
func (s *Service) RecordMedication(ctx context.Context, sessionID uuid.UUID, in MedicationInput) (db.MedicationAdministration, error) {
	q := s.store.Q()
	sess, err := s.loadSession(ctx, q, sessionID)
	if err != nil {
		return db.MedicationAdministration{}, err
	}
	if err := requireInProgress(sess); err != nil {
		return db.MedicationAdministration{}, err
	}
	if in.AdministeredAt.IsZero() {
		in.AdministeredAt = s.now()
	}
	return q.InsertMedicationAdministration(ctx, db.InsertMedicationAdministrationParams{
		ID:             s.newID(),
		SessionID:      sessionID,
		MedicationCode: in.MedicationCode,
		MedicationName: in.MedicationName,
		Dose:           in.Dose,
		DoseUnit:       in.DoseUnit,
		Route:          in.Route,
		LotNumber:      store.NullString(in.LotNumber),
		AdministeredBy: in.AdministeredBy,
		AdministeredAt: in.AdministeredAt,
	})
}

// ---- completion --------------------------------------------------------------

type SupplyUse struct {
	SKU      string
	Quantity int32
}

type CompleteInput struct {
	Nurse       string
	PostWeightG int32
	Supplies    []SupplyUse
}

// CompleteSession closes out a treatment: post weight, the supplies used
// (which come off clinic inventory), then the completion event and claim
// generation.
func (s *Service) CompleteSession(ctx context.Context, sessionID uuid.UUID, in CompleteInput) (db.TreatmentSession, error) {
	if in.PostWeightG <= 0 {
		return db.TreatmentSession{}, apperr.Invalid("post-treatment weight is required")
	}
	completedAt := s.now()

	sess, err := store.InTxValue(ctx, s.store, func(q *db.Queries) (db.TreatmentSession, error) {
		sess, err := q.CompleteTreatmentSession(ctx, db.CompleteTreatmentSessionParams{
			ID:          sessionID,
			CompletedBy: store.NullString(in.Nurse),
			CompletedAt: store.NullTime(completedAt),
			PostWeightG: store.NullInt32(&in.PostWeightG),
		})
		if store.IsNotFound(err) {
			existing, err := s.loadSession(ctx, q, sessionID)
			if err != nil {
				return existing, err
			}
			return existing, apperr.Conflict("treatment session is %s, not in progress", existing.Status)
		}
		if err != nil {
			return sess, err
		}
		for _, u := range in.Supplies {
			if err := q.UpsertSupplyUsage(ctx, db.UpsertSupplyUsageParams{
				SessionID: sess.ID,
				Sku:       u.SKU,
				Quantity:  u.Quantity,
			}); err != nil {
				return sess, err
			}
			if err := q.ConsumeInventory(ctx, db.ConsumeInventoryParams{
				ClinicID: sess.ClinicID,
				Sku:      u.SKU,
				Quantity: u.Quantity,
			}); err != nil {
				return sess, err
			}
		}
		return sess, nil
	})
	if err != nil {
		return sess, err
	}

	if err := outbox.Write(ctx, s.store.Q(), events.Envelope{
		Topic:         events.TopicTreatments,
		Type:          "treatment.completed",
		AggregateType: "treatment_session",
		AggregateID:   sess.ID,
		OrderingKey:   sess.PatientID.String(),
		Payload: events.TreatmentCompleted{
			SessionID:    sess.ID,
			PatientID:    sess.PatientID,
			ClinicID:     sess.ClinicID,
			PreWeightG:   sess.PreWeightG.Int32,
			PostWeightG:  in.PostWeightG,
			CompletedBy:  in.Nurse,
			CompletedAt:  completedAt,
			SuppliesUsed: len(in.Supplies),
		},
	}); err != nil {
		return sess, err
	}
	if err := s.claims.EnqueueClaimGeneration(ctx, sess.ID); err != nil {
		return sess, err
	}
	return sess, nil
}
