package quarantine

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/lab"
	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/clock"
	"github.com/veinline/plasmaops/internal/platform/ids"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
	"github.com/veinline/plasmaops/internal/providers/fractionator"
)

// Service is the quarantine and shipping use-case API.
type Service interface {
	EvaluateUnit(ctx context.Context, unitID string) (Verdict, error)
	ReleaseManually(ctx context.Context, unitID, staffID, note string) (Release, error)
	SweepDueUnits(ctx context.Context) (int, error)
	CreateShipment(ctx context.Context, in CreateShipmentInput) (Shipment, error)
	MarkDispatched(ctx context.Context, shipmentID string) (Shipment, error)
	SendManifest(ctx context.Context, shipmentID string) error
}

// Fractionator is the slice of the plant's API we use, plus its
// configured consignee code.
type Fractionator interface {
	fractionator.API
	Consignee() string
}

type service struct {
	store    *pgstore.Store
	repo     Repository
	plant    Fractionator
	jobs     jobs.Inserter
	ids      ids.Generator
	now      clock.Now
	log      *slog.Logger
	required []string
}

// NewService wires the quarantine service.
func NewService(store *pgstore.Store, repo Repository, plant Fractionator, inserter jobs.Inserter,
	gen ids.Generator, now clock.Now, log *slog.Logger) Service {
	return &service{
		store:    store,
		repo:     repo,
		plant:    plant,
		jobs:     inserter,
		ids:      gen,
		now:      now,
		log:      log.With("component", "quarantine"),
		required: lab.RequiredTests,
	}
}

// EvaluateUnit releases a unit whose results are complete and negative and
// whose hold has elapsed, and rejects a unit with a reactive result.
func (s *service) EvaluateUnit(ctx context.Context, unitID string) (Verdict, error) {
	verdict := VerdictWait
	err := s.store.InTx(ctx, func(tx pgx.Tx) error {
		u, err := s.repo.LockUnit(ctx, tx, unitID)
		if err != nil {
			return err
		}
		if u.Status != UnitQuarantined {
			return nil
		}
		results, err := s.repo.Results(ctx, tx, u.ID)
		if err != nil {
			return err
		}
		now := s.now()
		var reason string
		verdict, reason = Evaluate(s.required, results, u.HoldUntil, now)
		switch verdict {
		case VerdictReject:
			if _, err := s.repo.SetUnitStatus(ctx, tx, u.ID, UnitQuarantined, UnitRejected, reason); err != nil {
				return err
			}
			s.log.Warn("unit rejected", "unit_id", u.ID, "din", u.DIN, "reason", reason)
			return s.repo.PermanentlyDefer(ctx, tx, u.DonorID, now)
		case VerdictRelease:
			if _, err := s.repo.InsertRelease(ctx, tx, Release{
				ID:         s.ids.New(),
				UnitID:     u.ID,
				Method:     "automatic",
				ReleasedBy: "system",
				ReleasedAt: now,
			}); err != nil {
				return err
			}
			_, err := s.repo.SetUnitStatus(ctx, tx, u.ID, UnitQuarantined, UnitReleased, "")
			return err
		default:
			s.log.Debug("unit not yet releasable", "unit_id", u.ID, "reason", reason)
			return nil
		}
	})
	return verdict, err
}

// ReleaseManually lets QA release a unit after review, e.g. once a
// look-back investigation clears an indeterminate result.
func (s *service) ReleaseManually(ctx context.Context, unitID, staffID, note string) (Release, error) {
	if note == "" {
		return Release{}, apperr.Invalid("a release note is required for manual release")
	}
	var out Release
	err := s.store.InTx(ctx, func(tx pgx.Tx) error {
		u, err := s.repo.LockUnit(ctx, tx, unitID)
		if err != nil {
			return err
		}
		switch u.Status {
		case UnitReleased, UnitShipped:
			out, err = s.repo.GetRelease(ctx, tx, u.ID)
			return err
		case UnitQuarantined:
		default:
			return apperr.Precondition("unit %s is %s", u.ID, u.Status)
		}
		results, err := s.repo.Results(ctx, tx, u.ID)
		if err != nil {
			return err
		}
		for _, r := range results {
			if r.Outcome == "reactive" {
				return apperr.Precondition("unit %s has a reactive %s result", u.ID, r.TestCode)
			}
		}
		rel := Release{
			ID:         s.ids.New(),
			UnitID:     u.ID,
			Method:     "manual",
			ReleasedBy: staffID,
			ReleasedAt: s.now(),
			Note:       note,
		}
		if _, err := s.repo.InsertRelease(ctx, tx, rel); err != nil {
			return err
		}
		if _, err := s.repo.SetUnitStatus(ctx, tx, u.ID, UnitQuarantined, UnitReleased, ""); err != nil {
			return err
		}
		out, err = s.repo.GetRelease(ctx, tx, u.ID)
		return err
	})
	if err != nil {
		return Release{}, err
	}
	return out, nil
}

// SweepDueUnits queues an evaluation for every quarantined unit whose hold
// has ended. The sweep runs often; uniqueness on the unit id keeps the
// queue from filling with copies.
func (s *service) SweepDueUnits(ctx context.Context) (int, error) {
	due, err := s.repo.DueForEvaluation(ctx, s.store.DB(), s.now(), 500)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, unitID := range due {
		res, err := s.jobs.Insert(ctx, jobs.EvaluateUnitArgs{UnitID: unitID}, &river.InsertOpts{
			UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: time.Hour},
		})
		if err != nil {
			return queued, err
		}
		if !res.UniqueSkippedAsDuplicate {
			queued++
		}
	}
	return queued, nil
}

func cartons(unitIDs []string) []ShipmentLine {
	lines := make([]ShipmentLine, len(unitIDs))
	for i, id := range unitIDs {
		lines[i] = ShipmentLine{UnitID: id, CartonNo: i/UnitsPerCarton + 1}
	}
	return lines
}

// CreateShipment books a refrigerated pickup for released units and
// records the shipment.
func (s *service) CreateShipment(ctx context.Context, in CreateShipmentInput) (Shipment, error) {
	if len(in.UnitIDs) == 0 || len(in.UnitIDs) > MaxShipmentUnits {
		return Shipment{}, apperr.Invalid("a shipment carries 1 to %d units", MaxShipmentUnits)
	}
	if !in.PickupTo.After(in.PickupFrom) {
		return Shipment{}, apperr.Invalid("pickup window is empty")
	}
	units, err := s.repo.GetUnits(ctx, s.store.DB(), in.UnitIDs)
	if err != nil {
		return Shipment{}, err
	}
	if len(units) != len(in.UnitIDs) {
		return Shipment{}, apperr.Invalid("some units do not exist")
	}
	for _, u := range units {
		if u.Status != UnitReleased {
			return Shipment{}, apperr.Precondition("unit %s (%s) is %s", u.ID, u.DIN, u.Status)
		}
		if u.CentreID != in.CentreID {
			return Shipment{}, apperr.Invalid("unit %s belongs to centre %s", u.ID, u.CentreID)
		}
	}
	lines := cartons(in.UnitIDs)
	cartonCount := lines[len(lines)-1].CartonNo

	pickup, err := s.plant.BookPickup(ctx, fractionator.PickupRequest{
		ShipperSite:  in.CentreID,
		Consignee:    s.plant.Consignee(),
		CartonCount:  cartonCount,
		EarliestAt:   in.PickupFrom,
		LatestAt:     in.PickupTo,
		TemperatureC: -25,
	})
	if err != nil {
		return Shipment{}, err
	}

	sh := Shipment{
		ID:          s.ids.New(),
		CentreID:    in.CentreID,
		Consignee:   s.plant.Consignee(),
		PickupRef:   pickup.PickupRef,
		PickupFrom:  in.PickupFrom,
		PickupTo:    in.PickupTo,
		Status:      ShipmentBooked,
		CartonCount: cartonCount,
		CreatedBy:   in.CreatedBy,
		CreatedAt:   s.now(),
	}
	err = s.store.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.repo.InsertShipment(ctx, tx, sh); err != nil {
			return err
		}
		return s.repo.InsertShipmentLines(ctx, tx, sh.ID, lines)
	})
	if err != nil {
		return Shipment{}, err
	}
	s.log.Info("shipment booked", "shipment_id", sh.ID, "pickup_ref", sh.PickupRef, "units", len(lines))
	return sh, nil
}

// MarkDispatched records that the carrier collected the shipment, marks
// its units shipped and queues the manifest.
func (s *service) MarkDispatched(ctx context.Context, shipmentID string) (Shipment, error) {
	var out Shipment
	err := s.store.InTx(ctx, func(tx pgx.Tx) error {
		sh, err := s.repo.LockShipment(ctx, tx, shipmentID)
		if err != nil {
			return err
		}
		if sh.Status == ShipmentDispatched {
			out = sh
			return nil
		}
		if sh.Status != ShipmentBooked {
			return apperr.Precondition("shipment %s is %s", sh.ID, sh.Status)
		}
		now := s.now()
		if err := s.repo.MarkDispatched(ctx, tx, sh.ID, now); err != nil {
			return err
		}
		if _, err := s.repo.ShipUnits(ctx, tx, sh.ID); err != nil {
			return err
		}
		if _, err := s.jobs.InsertTx(ctx, tx, jobs.SendManifestArgs{ShipmentID: sh.ID}, &river.InsertOpts{
			UniqueOpts: river.UniqueOpts{ByArgs: true},
		}); err != nil {
			return err
		}
		sh.Status, sh.DispatchedAt = ShipmentDispatched, &now
		out = sh
		return nil
	})
	if err != nil {
		return Shipment{}, err
	}
	return out, nil
}

// SendManifest transmits the shipment manifest. The plant de-duplicates
// on the message id, which is derived from the shipment.
func (s *service) SendManifest(ctx context.Context, shipmentID string) error {
	db := s.store.DB()
	sh, err := s.repo.GetShipment(ctx, db, shipmentID)
	if err != nil {
		return err
	}
	if sh.ManifestSentAt != nil {
		return nil
	}
	if sh.DispatchedAt == nil {
		return errors.New("shipment not dispatched yet")
	}
	rows, err := s.repo.ManifestLines(ctx, db, sh.ID)
	if err != nil {
		return err
	}
	m := fractionator.Manifest{
		ShipmentRef:  sh.ID,
		PickupRef:    sh.PickupRef,
		ShipperSite:  sh.CentreID,
		Consignee:    sh.Consignee,
		DispatchedAt: *sh.DispatchedAt,
		Lines:        make([]fractionator.ManifestLine, 0, len(rows)),
	}
	for _, r := range rows {
		m.Lines = append(m.Lines, fractionator.ManifestLine{
			DIN: r.DIN, CartonNo: r.CartonNo, VolumeML: r.VolumeML, CollectedAt: r.CollectedAt, ReleasedAt: r.ReleasedAt,
		})
	}
	correlationID := s.ids.New()
	s.log.Info("sending manifest", "shipment_id", sh.ID, "lines", len(m.Lines), "correlation_id", correlationID)
	if err := s.plant.SendManifest(ctx, m, "manifest-"+sh.ID, correlationID); err != nil {
		return err
	}
	return s.repo.MarkManifestSent(ctx, db, sh.ID, s.now())
}
