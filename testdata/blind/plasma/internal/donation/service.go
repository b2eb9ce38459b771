package donation

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/veinline/plasmaops/internal/compensation"
	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/clock"
	"github.com/veinline/plasmaops/internal/platform/ids"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// Service is the donation-floor use-case API.
type Service interface {
	Start(ctx context.Context, in StartInput) (Session, error)
	Complete(ctx context.Context, in CompleteInput) (Unit, error)
	Abort(ctx context.Context, in AbortInput) (Session, error)
	ReportReaction(ctx context.Context, r AdverseReaction) error
	Get(ctx context.Context, id string) (Session, error)
}

// Compensator accrues the donor fee for a completed donation.
type Compensator interface {
	AccrueDonation(ctx context.Context, a compensation.DonationAccrual) (compensation.Payout, error)
}

type service struct {
	store *pgstore.Store
	repo  Repository
	comp  Compensator
	jobs  jobs.Inserter
	ids   ids.Generator
	now   clock.Now
	log   *slog.Logger
	hold  time.Duration
}

// NewService wires the donation service.
func NewService(cfg config.Config, store *pgstore.Store, repo Repository, comp Compensator,
	inserter jobs.Inserter, gen ids.Generator, now clock.Now, log *slog.Logger) Service {
	return &service{
		store: store,
		repo:  repo,
		comp:  comp,
		jobs:  inserter,
		ids:   gen,
		now:   now,
		log:   log.With("component", "donation"),
		hold:  cfg.QuarantineHold,
	}
}

func screen(in StartInput) error {
	switch {
	case in.WeightKg < MinWeightKg:
		return apperr.Precondition("weight %.1f kg is below the %.0f kg minimum", in.WeightKg, MinWeightKg)
	case in.Hematocrit < MinHematocrit:
		return apperr.Precondition("hematocrit %.1f%% is below %.0f%%", in.Hematocrit, MinHematocrit)
	case in.ProteinGdl < MinProteinGdl || in.ProteinGdl > MaxProteinGdl:
		return apperr.Precondition("total protein %.1f g/dL is out of range", in.ProteinGdl)
	}
	return nil
}

// Start opens a session for a checked-in appointment once the donor has
// passed pre-donation screening.
func (s *service) Start(ctx context.Context, in StartInput) (Session, error) {
	if in.MachineSerial == "" || in.PhlebotomistID == "" {
		return Session{}, apperr.Invalid("machine serial and phlebotomist are required")
	}
	if err := screen(in); err != nil {
		return Session{}, err
	}
	sess := Session{
		ID:             s.ids.New(),
		AppointmentID:  in.AppointmentID,
		MachineSerial:  in.MachineSerial,
		PhlebotomistID: in.PhlebotomistID,
		Status:         StatusInProgress,
		PreWeightKg:    in.WeightKg,
		PreHematocrit:  in.Hematocrit,
		PreProteinGdl:  in.ProteinGdl,
		StartedAt:      s.now(),
	}
	err := s.store.InTx(ctx, func(tx pgx.Tx) error {
		appt, err := s.repo.LockAppointment(ctx, tx, in.AppointmentID)
		if err != nil {
			return err
		}
		if appt.Status != "checked_in" && appt.Status != "in_chair" {
			return apperr.Precondition("appointment %s is %s, expected checked_in", appt.ID, appt.Status)
		}
		sess.DonorID, sess.CentreID = appt.DonorID, appt.CentreID
		if err := s.repo.InsertSession(ctx, tx, sess); err != nil {
			return err
		}
		return s.repo.SetAppointmentStatus(ctx, tx, appt.ID, "in_chair")
	})
	if err != nil {
		return Session{}, err
	}
	return sess, nil
}

func (s *service) Get(ctx context.Context, id string) (Session, error) {
	return s.repo.GetSession(ctx, s.store.DB(), id)
}

// Complete closes the session, labels the unit and its test tube, orders
// testing, and accrues the donor's fee.
func (s *service) Complete(ctx context.Context, in CompleteInput) (Unit, error) {
	din := strings.ToUpper(strings.TrimSpace(in.DIN))
	if len(din) != 13 {
		return Unit{}, apperr.Invalid("DIN must be 13 characters (ISBT 128)")
	}
	if in.SampleBarcode == "" {
		return Unit{}, apperr.Invalid("sample barcode is required")
	}
	sess, err := s.repo.GetSession(ctx, s.store.DB(), in.SessionID)
	if err != nil {
		return Unit{}, err
	}
	if sess.Status != StatusInProgress {
		return Unit{}, apperr.Precondition("session %s is %s", sess.ID, sess.Status)
	}
	if max := MaxVolumeML(sess.PreWeightKg); in.VolumeML <= 0 || in.VolumeML > max {
		return Unit{}, apperr.Invalid("volume %d ml outside nomogram limit %d ml", in.VolumeML, max)
	}
	now := s.now()

	if err := s.repo.MarkCompleted(ctx, s.store.DB(), sess.ID, in.VolumeML, in.AnticoagulantML, now); err != nil {
		return Unit{}, err
	}

	unit := Unit{
		ID:          s.ids.New(),
		DIN:         din,
		SessionID:   sess.ID,
		DonorID:     sess.DonorID,
		CentreID:    sess.CentreID,
		VolumeML:    in.VolumeML,
		CollectedAt: now,
		HoldUntil:   now.Add(s.hold),
	}
	sample := Sample{
		ID:          s.ids.New(),
		UnitID:      unit.ID,
		TubeBarcode: in.SampleBarcode,
		Panel:       DefaultPanel,
	}
	err = s.store.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.repo.InsertUnit(ctx, tx, unit); err != nil {
			return err
		}
		if err := s.repo.InsertSample(ctx, tx, sample); err != nil {
			return err
		}
		if err := s.repo.SetAppointmentStatus(ctx, tx, sess.AppointmentID, "completed"); err != nil {
			return err
		}
		_, err := s.jobs.InsertTx(ctx, tx, jobs.LabOrderArgs{SampleID: sample.ID}, nil)
		return err
	})
	if err != nil {
		return Unit{}, err
	}

	if _, err := s.comp.AccrueDonation(ctx, compensation.DonationAccrual{
		SessionID:   sess.ID,
		DonorID:     sess.DonorID,
		CentreID:    sess.CentreID,
		VolumeML:    in.VolumeML,
		CompletedAt: now,
	}); err != nil {
		return Unit{}, err
	}
	s.log.Info("donation completed", "session_id", sess.ID, "unit_id", unit.ID, "din", unit.DIN, "volume_ml", unit.VolumeML)
	return unit, nil
}

// Abort ends a session early (machine fault, donor request, reaction).
// Aborting an already-aborted session is a no-op.
func (s *service) Abort(ctx context.Context, in AbortInput) (Session, error) {
	if in.Reason == "" {
		return Session{}, apperr.Invalid("abort reason is required")
	}
	var out Session
	err := s.store.InTx(ctx, func(tx pgx.Tx) error {
		sess, err := s.repo.GetSession(ctx, tx, in.SessionID)
		if err != nil {
			return err
		}
		changed, err := s.repo.MarkAborted(ctx, tx, sess.ID, in.Reason, s.now())
		if err != nil {
			return err
		}
		if !changed {
			if sess.Status == StatusAborted {
				out = sess
				return nil
			}
			return apperr.Precondition("session %s is %s", sess.ID, sess.Status)
		}
		if err := s.repo.SetAppointmentStatus(ctx, tx, sess.AppointmentID, "completed"); err != nil {
			return err
		}
		out, err = s.repo.GetSession(ctx, tx, sess.ID)
		return err
	})
	if err != nil {
		return Session{}, err
	}
	return out, nil
}

// ReportReaction records an adverse donor reaction against a session.
func (s *service) ReportReaction(ctx context.Context, r AdverseReaction) error {
	switch r.Severity {
	case "mild", "moderate", "severe":
	default:
		return apperr.Invalid("severity must be mild, moderate or severe")
	}
	sess, err := s.repo.GetSession(ctx, s.store.DB(), r.SessionID)
	if err != nil {
		return err
	}
	r.DonorID = sess.DonorID
	if r.OccurredAt.IsZero() {
		r.OccurredAt = s.now()
	}
	if err := s.repo.InsertReaction(ctx, s.store.DB(), r); err != nil {
		return err
	}
	if r.Severity == "severe" {
		s.log.Warn("severe adverse reaction reported", "session_id", r.SessionID, "donor_id", r.DonorID, "category", r.Category)
	}
	return nil
}
